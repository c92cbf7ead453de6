/**
 * Every table that names a person, and what "Download my data" and the erasure after "Delete my
 * account" do with it (docs/decisions/059). The test account-data-tables.test.ts reads the schema
 * and fails when a table with a column referencing users (or a user_id column) is missing here, so
 * a new table cannot be forgotten: add it with its columns, and either export it or say why not.
 *
 * The person's users row is never deleted: it is anonymised, and its id, which then names nobody,
 * is the pseudonymous id that money records (ledger lines, payments, payouts) keep for the
 * retention period. So a column whose rows may stay ('keep') holds only that pseudonym.
 */

/** What the erasure does with rows whose column holds the person's id. */
export type ColumnErasure =
  /** The rows are the person's own data: deleted. */
  | 'delete'
  /** The rows stay (money records, other people's data, shared content); the id is now a pseudonym. */
  | 'keep';

export type PersonalTable = {
  table: string;
  /** The columns that hold a user id, each with its erasure. */
  columns: Readonly<Record<string, ColumnErasure>>;
  /** Why the table is left out of the export; unset: its rows naming the person are exported. */
  notExported?: string;
  /** The columns whose match makes a row the person's for the export; unset: every column above. */
  exportBy?: readonly string[];
  /** Columns never exported (secrets, hashes, the export's own document). */
  omit?: readonly string[];
  /** Columns of the kept rows that may hold personal data, cleared by the erasure. */
  scrub?: readonly string[];
  /** jsonb columns of any row where the person's e-mail and name are replaced by the pseudonym (quoted in details). */
  pseudonymise?: readonly string[];
};

/**
 * In erasure order: rows that others reference are deleted after them. users comes last and is
 * anonymised by the erasure itself (see erasePerson).
 */
export const PERSONAL_TABLES: readonly PersonalTable[] = [
  // Sign-in and sessions
  { table: 'identities', columns: { user_id: 'delete' } },
  { table: 'sessions', columns: { user_id: 'delete' }, omit: ['token_hash'] },
  { table: 'account_tokens', columns: { user_id: 'delete' }, omit: ['token_hash'] },
  { table: 'two_factor_credentials', columns: { user_id: 'delete' }, omit: ['secret'] },
  { table: 'two_factor_recovery_codes', columns: { user_id: 'delete' }, omit: ['code_hash'] },
  { table: 'two_factor_challenges', columns: { user_id: 'delete' }, notExported: 'A sign-in waiting for its second code for a few minutes; it holds only a token hash.' },
  // Notifications and mail
  { table: 'notifications', columns: { user_id: 'delete' } },
  { table: 'notification_settings', columns: { user_id: 'delete' } },
  { table: 'live_events', columns: { user_id: 'delete' }, notExported: 'Copies of notifications and screen updates pushed to open tabs; the notifications themselves are exported.' },
  { table: 'mail_outbox', columns: { user_id: 'delete' } },
  // Business tools
  { table: 'leads', columns: { user_id: 'delete' }, omit: ['search_vector'] },
  { table: 'lead_daily_activity', columns: { user_id: 'delete' } },
  { table: 'lead_stage_totals', columns: { user_id: 'delete' } },
  { table: 'goals', columns: { user_id: 'delete', reviewed_by: 'keep' }, exportBy: ['user_id'] },
  { table: 'user_profiles', columns: { user_id: 'delete' } },
  { table: 'ai_message_usage', columns: { admin_id: 'delete' } },
  // Learning
  { table: 'learning_progress', columns: { user_id: 'delete' } },
  { table: 'learning_ratings', columns: { user_id: 'delete' } },
  { table: 'learning_modules', columns: { created_by: 'keep' }, notExported: 'Course content the person published as an admin; it names them only as its author.' },
  { table: 'learning_uploads', columns: { created_by: 'keep' }, notExported: 'Files the person uploaded as an admin for courses; they name them only as the uploader.' },
  // Usage and trial
  { table: 'usage_daily', columns: { user_id: 'delete' } },
  { table: 'usage_events', columns: { user_id: 'delete' } },
  { table: 'trials', columns: { user_id: 'delete' } },
  // Trading
  { table: 'trading_alert_digest_items', columns: { user_id: 'delete' } },
  { table: 'trading_alert_follows', columns: { user_id: 'delete' } },
  { table: 'trading_asset_picks', columns: { user_id: 'delete' } },
  // Votes stay under the pseudonym: they are part of closed windows' consensus history.
  { table: 'window_votes', columns: { trader_id: 'keep' }, scrub: ['note'] },
  { table: 'traders', columns: { user_id: 'delete' } },
  { table: 'entry_windows', columns: { opened_by: 'keep' }, notExported: 'Voting windows the person opened as a trader or admin; shared trading records.' },
  { table: 'trading_settings', columns: { updated_by: 'keep' }, notExported: 'Platform trading settings; names the person only as their last editor.' },
  // Referrals. Visitor hashes are keyed hashes of other people's browsers (who clicked a link):
  // not the person's data, and useless outside the server.
  { table: 'referral_code_aliases', columns: { user_id: 'delete' } },
  { table: 'referral_attributions', columns: { user_id: 'delete', referrer_id: 'keep', reviewed_by: 'keep' }, exportBy: ['user_id'], omit: ['visitor_hash', 'network_hash', 'related_user_ids'] },
  { table: 'referral_clicks', columns: { referrer_id: 'delete' }, omit: ['visitor_hash'] },
  { table: 'referral_click_days', columns: { referrer_id: 'delete' } },
  { table: 'referral_landing_events', columns: { referrer_id: 'delete' }, omit: ['visitor_hash'] },
  { table: 'referral_visitor_last_clicks', columns: { referrer_id: 'delete' }, omit: ['visitor_hash'] },
  { table: 'user_visitors', columns: { user_id: 'delete' }, omit: ['visitor_hash'] },
  { table: 'referral_migrations', columns: { started_by: 'keep' }, notExported: 'An admin job run over every account; names the person only as who started it.' },
  // Money: kept for the retention period under the pseudonym
  { table: 'commissions', columns: { user_id: 'keep', origin_user_id: 'keep' }, exportBy: ['user_id'] },
  { table: 'conversions', columns: { referrer_id: 'keep' } },
  { table: 'link_clicks', columns: { referrer_id: 'keep' }, omit: ['visitor_hash'] },
  { table: 'commission_cell_members', columns: { user_id: 'delete' } },
  { table: 'commission_revenue_runs', columns: { created_by: 'keep' }, notExported: 'Revenue runs the person entered as an admin; company ledger records.' },
  { table: 'commission_config', columns: { updated_by: 'keep' }, notExported: 'Platform commission settings; names the person only as their last editor.' },
  { table: 'commission_reversals', columns: { created_by: 'keep' }, notExported: 'Reversals the person made as an admin (a run, a refund); company ledger records. The reversing lines of their own commissions are exported with their commissions.' },
  { table: 'subscriptions', columns: { user_id: 'keep' } },
  { table: 'local_billing_subscriptions', columns: { user_id: 'keep' } },
  { table: 'checkout_sessions', columns: { user_id: 'keep' }, scrub: ['ip_address', 'url'] },
  { table: 'billing_events', columns: { user_id: 'keep' } },
  // Decision 064: the person's plan changes (what an upgrade cost, a downgrade scheduled), kept with the payments.
  { table: 'subscription_plan_changes', columns: { user_id: 'keep' } },
  // Decision 065: the person's payments, kept as money records; the refunds of them are exported with
  // them (CHILD_TABLES), and a refund names an admin only as who asked for it.
  { table: 'billing_payments', columns: { user_id: 'keep' } },
  {
    table: 'billing_refunds',
    columns: { requested_by: 'keep' },
    notExported: 'Refunds the person asked for as an admin, of other people’s payments; the refunds of their own payments are exported with those payments (billing_refunds in tables).',
  },
  // Payouts (decision 060): the payee's details are theirs (deleted, exported masked: the sealed
  // details are omitted); items and batches are money records kept under the pseudonym.
  { table: 'payout_methods', columns: { user_id: 'delete' }, omit: ['details'] },
  // Stripe Connect (decision 069): the payee's connected account id and its state; theirs (the account itself is at Stripe).
  { table: 'payout_stripe_accounts', columns: { user_id: 'delete' } },
  { table: 'payout_items', columns: { user_id: 'keep', settled_by: 'keep' }, exportBy: ['user_id'], omit: ['details'] },
  { table: 'payout_batches', columns: { created_by: 'keep', approved_by: 'keep', cancelled_by: 'keep' }, notExported: 'Payout batches the person prepared, approved or cancelled as an admin; company payment records.' },
  { table: 'payout_settings', columns: { updated_by: 'keep' }, notExported: 'Platform payout settings; names the person only as their last editor.' },
  // Support and consent
  { table: 'support_requests', columns: { user_id: 'delete', answered_by: 'keep' }, exportBy: ['user_id'] },
  // Admin-authored platform content
  { table: 'products', columns: { created_by: 'keep' }, notExported: 'Catalogue products the person created as an admin; they name them only as the author.' },
  { table: 'video_widgets', columns: { updated_by: 'keep' }, notExported: 'Dashboard videos; names the person only as their last editor.' },
  { table: 'site_content', columns: { updated_by: 'keep' }, notExported: 'Texts of public pages; names the person only as their last editor.' },
  // Security record: who did what stays (the actor id is a pseudonym once erased).
  { table: 'audit_log', columns: { actor_id: 'keep' }, pseudonymise: ['details'] },
  // This feature's own tables
  { table: 'data_exports', columns: { user_id: 'delete', requested_by: 'keep' }, exportBy: ['user_id'], omit: ['document'] },
  { table: 'account_deletions', columns: { user_id: 'keep', requested_by: 'keep' }, exportBy: ['user_id'] },
  // The person's own row: exported without the password hash; anonymised by the erasure. Other
  // people's rows name the person as their referrer: they stay (the id is a pseudonym), and are not
  // exported (they are other people's accounts; the referral counts are in referral_clicks and commissions).
  { table: 'users', columns: { id: 'keep', referred_by: 'keep' }, exportBy: ['id'], omit: ['password_hash'] },
];

/**
 * Tables without a user column whose rows belong to a person through a parent row: exported with
 * it and deleted with it (their foreign key cascades).
 */
export const CHILD_TABLES: readonly { table: string; column: string; parent: string; parentColumn: string }[] = [
  { table: 'goal_check_ins', column: 'goal_id', parent: 'goals', parentColumn: 'user_id' },
  { table: 'goal_habit_ticks', column: 'goal_id', parent: 'goals', parentColumn: 'user_id' },
  { table: 'billing_refunds', column: 'payment_id', parent: 'billing_payments', parentColumn: 'user_id' },
];

/** The sections of the export the issue names, each listing the tables it gathers (a reader's index). */
export const EXPORT_SECTIONS: Readonly<Record<string, readonly string[]>> = {
  profile: ['users', 'user_profiles'],
  roles: ['users'],
  sign_in_methods: ['identities', 'account_tokens', 'two_factor_credentials', 'two_factor_recovery_codes'],
  sessions: ['sessions'],
  leads: ['leads', 'lead_daily_activity', 'lead_stage_totals'],
  goals_and_check_ins: ['goals', 'goal_check_ins', 'goal_habit_ticks', 'ai_message_usage'],
  commissions_and_payouts: ['commissions', 'conversions', 'commission_cell_members', 'payout_methods', 'payout_stripe_accounts', 'payout_items'],
  referrals: ['referral_code_aliases', 'referral_attributions', 'referral_clicks', 'referral_click_days', 'referral_landing_events', 'referral_visitor_last_clicks', 'user_visitors', 'link_clicks'],
  notifications: ['notifications', 'notification_settings', 'mail_outbox'],
  learning_progress: ['learning_progress', 'learning_ratings'],
  subscriptions_and_payments: ['subscriptions', 'local_billing_subscriptions', 'subscription_plan_changes', 'checkout_sessions', 'billing_events', 'billing_payments', 'billing_refunds', 'trials'],
  support_requests: ['support_requests'],
  consent_records: ['checkout_sessions'],
  trading: ['traders', 'window_votes', 'trading_alert_follows', 'trading_alert_digest_items', 'trading_asset_picks'],
  usage: ['usage_daily', 'usage_events'],
  account_activity: ['audit_log', 'data_exports', 'account_deletions'],
};
