import type { BenchContext } from '../lib/scenario.ts';
import { defineScenario, ratioAtLeast, unchangedSettingsSave } from '../lib/scenario.ts';

const DAY_MS = 86_400_000;

/**
 * A Business Hub user with `leadCount` leads written as an affiliate's would be over the last
 * year (one insert per day of the year, like daily imports, so the per-day activity table and the
 * stage totals are kept by their triggers), 7 stages in turn, 300 ledger entries over 120 days in
 * all three statuses, a monetary goal running this month and 5 sign-ups with the user's code.
 */
export async function createDashboardUser(ctx: BenchContext, leadCount: number, name: string) {
  const user = await ctx.createUser({ roles: ['affiliate'], name });
  const now = Date.now();
  ctx.log(`${name}: ${leadCount.toLocaleString('en-US')} leads`);
  // INSERT ... SELECT per 30 days: the statement-level triggers see each batch as one import.
  const days = 360;
  const perBatch = Math.ceil(leadCount / (days / 30));
  for (let batch = 0, written = 0; written < leadCount; batch += 1) {
    const count = Math.min(perBatch, leadCount - written);
    await ctx.sql(
      `insert into leads (user_id, name, email, phone, company, source, stage, value_cents, notes, last_contact_at, created_at, updated_at)
       select $1, 'Lead ' || g, 'lead-' || g || '@bench.example', null, 'Company ' || (g % 500), 'manual',
              (array['new','interested','qualified','positive','itb','closed','lost'])[1 + g % 7]::lead_stage,
              (g % 50) * 10000, null, null,
              $3::timestamptz - ((g % 30) || ' days')::interval - ((g % 1440) || ' minutes')::interval,
              $3::timestamptz - ((g % 30) || ' days')::interval
       from generate_series($2::int + 1, $2::int + $4::int) g`,
      [user.id, written, new Date(now - batch * 30 * DAY_MS).toISOString(), count],
    );
    written += count;
  }
  await ctx.sql(
    `insert into commissions (user_id, product_id, source, source_reference, product_name, amount_cents, currency, rate_bp, status, earned_at, processing_at, paid_at)
     select $1::uuid, null, 'adjustment', 'bench-dashboard-' || $1::text || '-' || g, 'Bench product', 1000 + (g % 20) * 250, 'USD', null,
            (array['pending','processing','paid'])[1 + g % 3],
            $2::timestamptz - ((g % 120) || ' days')::interval,
            case when g % 3 > 0 then $2::timestamptz - ((g % 120) || ' days')::interval + interval '2 days' end,
            case when g % 3 = 2 then $2::timestamptz - ((g % 120) || ' days')::interval + interval '7 days' end
     from generate_series(1, 300) g`,
    [user.id, new Date(now).toISOString()],
  );
  const deadline = new Date(now + 40 * DAY_MS).toISOString().slice(0, 10);
  await ctx.sql(
    `insert into goals (user_id, title, description, goal_type, target_value, current_value, unit, why_important, deadline, status, timeframe, created_at, submitted_at, updated_at, reviewed_at)
     values ($1, 'Earn $5,000', '', 'monetary', 5000, 1250, 'USD', 'Freedom', $2, 'approved', 'short_term', $3, $3, $3, $3)`,
    [user.id, deadline, new Date(now - 20 * DAY_MS).toISOString()],
  );
  for (let i = 0; i < 5; i += 1) {
    const referred = await ctx.createUser({ roles: ['newcomer'], name: `${name} referral ${i + 1}` });
    await ctx.sql('update users set referred_by = $1 where id = $2', [user.id, referred.id]);
  }
  await ctx.sql('analyze leads');
  await ctx.sql('analyze lead_daily_activity');
  await ctx.sql('analyze commissions');
  return user;
}

/** Issue 4: the Business Hub's one call for a user with 1,000 leads (the baseline of the 100,000-lead scenario). */
export const scenario = defineScenario({
  name: 'dashboard-stats-1k',
  description: 'GET /api/dashboard/stats for a user with 1,000 leads, 300 commissions, a goal and 5 referrals',
  setup: async (ctx) => {
    const user = await createDashboardUser(ctx, 1_000, 'Dashboard 1k');
    return { method: 'GET', path: '/api/dashboard/stats', headers: { cookie: user.cookie }, invalidatedBy: await unchangedSettingsSave(ctx, user) };
  },
  targets: [ratioAtLeast(0.2), ratioAtLeast(0.5, { isAim: true })],
});
