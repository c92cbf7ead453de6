import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { billingEvents, checkoutSessions, localBillingSubscriptions, subscriptions, users, type DbOrTx } from '@myeai/db';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type BillingEventRow = typeof billingEvents.$inferSelect;
export type LocalBillingRow = typeof localBillingSubscriptions.$inferSelect;

// Subscriptions and the user's billing columns.

export async function getSubscriptionRow(db: DbOrTx, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row;
}

/** Serialises every billing change of one user (checkout, events, cancel) on the users row. */
export async function lockUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, roles: users.roles, activeRole: users.activeRole, freeTrialUsedAt: users.freeTrialUsedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .limit(1);
  return row;
}

/** The user holding this provider subscription, if we know it. */
export async function selectSubscriptionOwner(db: DbOrTx, provider: string, providerSubscriptionId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)))
    .limit(1);
  return row?.userId;
}

export async function insertSubscription(db: DbOrTx, row: NewSubscriptionRow): Promise<SubscriptionRow> {
  const [inserted] = await db.insert(subscriptions).values(row).returning();
  return inserted!;
}

export async function updateSubscription(db: DbOrTx, id: string, changes: Partial<NewSubscriptionRow>): Promise<SubscriptionRow> {
  const [updated] = await db.update(subscriptions).set(changes).where(eq(subscriptions.id, id)).returning();
  return updated!;
}

export async function updateUserRoles(db: DbOrTx, userId: string, roles: string[], activeRole: string): Promise<void> {
  await db.update(users).set({ roles, activeRole }).where(eq(users.id, userId));
}

/** Sets free_trial_used_at unless it is set already. */
export async function markFreeTrialUsed(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ freeTrialUsedAt: sql`coalesce(${users.freeTrialUsedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(users.id, userId));
}

// Provider events.

/** Records the event unless its provider and id are recorded already; true when recorded now. */
export async function insertBillingEventOnce(db: DbOrTx, row: typeof billingEvents.$inferInsert): Promise<boolean> {
  const [recorded] = await db.insert(billingEvents).values(row).onConflictDoNothing().returning({ eventId: billingEvents.eventId });
  return recorded !== undefined;
}

export async function setBillingEventOutcome(db: DbOrTx, provider: string, eventId: string, outcome: string, statusAfter: string | null): Promise<void> {
  await db
    .update(billingEvents)
    .set({ outcome, statusAfter })
    .where(and(eq(billingEvents.provider, provider), eq(billingEvents.eventId, eventId)));
}

/** The user's events, duplicates left out, newest first. */
export async function selectBillingEventsOfUser(db: DbOrTx, userId: string, limit: number): Promise<BillingEventRow[]> {
  return db
    .select()
    .from(billingEvents)
    .where(and(eq(billingEvents.userId, userId), ne(billingEvents.outcome, 'duplicate')))
    .orderBy(desc(billingEvents.receivedAt), desc(billingEvents.occurredAt))
    .limit(limit);
}

// Checkout sessions.

export async function insertCheckoutSession(db: DbOrTx, row: typeof checkoutSessions.$inferInsert): Promise<string> {
  const [inserted] = await db.insert(checkoutSessions).values(row).returning({ id: checkoutSessions.id });
  return inserted!.id;
}

/** Stores what the provider answered for the session: its id, page and expiry. */
export async function setCheckoutSessionProvider(db: DbOrTx, id: string, created: { providerSessionId: string; url: string; expiresAt: Date }): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ providerSessionId: created.providerSessionId, url: created.url, expiresAt: created.expiresAt })
    .where(eq(checkoutSessions.id, id));
}

/** The user's open sessions not expired at `now`, newest first. */
export async function selectOpenCheckoutSessions(db: DbOrTx, userId: string, now: Date): Promise<CheckoutSessionRow[]> {
  return db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, 'open'), gt(checkoutSessions.expiresAt, now)))
    .orderBy(desc(checkoutSessions.createdAt));
}

export async function markCheckoutSessionExpired(db: DbOrTx, id: string): Promise<void> {
  await db.update(checkoutSessions).set({ status: 'expired' }).where(eq(checkoutSessions.id, id));
}

/** The user's session with this provider session id (of one provider, when given). */
export async function selectUserCheckoutSession(
  db: DbOrTx,
  userId: string,
  providerSessionId: string,
  provider?: string,
): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        provider === undefined ? undefined : eq(checkoutSessions.provider, provider),
        eq(checkoutSessions.providerSessionId, providerSessionId),
        eq(checkoutSessions.userId, userId),
      ),
    )
    .limit(1);
  return row;
}

export async function markCheckoutSessionCompleted(
  db: DbOrTx,
  session: { provider: string; providerSessionId: string; userId: string },
  at: Date,
  providerSubscriptionId: string | null,
): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status: 'completed', completedAt: at, providerSubscriptionId })
    .where(
      and(
        eq(checkoutSessions.provider, session.provider),
        eq(checkoutSessions.providerSessionId, session.providerSessionId),
        eq(checkoutSessions.userId, session.userId),
      ),
    );
}

/** Cancels the user's session of this provider while it is open; the row cancelled, if any. */
export async function cancelOpenCheckoutSession(
  db: DbOrTx,
  provider: string,
  providerSessionId: string,
  userId: string,
): Promise<{ id: string; plan: string } | undefined> {
  const [row] = await db
    .update(checkoutSessions)
    .set({ status: 'canceled' })
    .where(
      and(
        eq(checkoutSessions.provider, provider),
        eq(checkoutSessions.providerSessionId, providerSessionId),
        eq(checkoutSessions.userId, userId),
        eq(checkoutSessions.status, 'open'),
      ),
    )
    .returning({ id: checkoutSessions.id, plan: checkoutSessions.plan });
  return row;
}

// The embedded provider's own subscriptions.

export async function insertLocalSubscription(db: DbOrTx, row: typeof localBillingSubscriptions.$inferInsert): Promise<LocalBillingRow> {
  const [inserted] = await db.insert(localBillingSubscriptions).values(row).returning();
  return inserted!;
}

export async function setLocalSubscriptionCard(db: DbOrTx, id: string, card: string): Promise<void> {
  await db.update(localBillingSubscriptions).set({ card }).where(eq(localBillingSubscriptions.id, id));
}

/** The subscription, locked until the transaction ends. */
export async function selectLocalSubscriptionForUpdate(db: DbOrTx, id: string): Promise<LocalBillingRow | undefined> {
  const [row] = await db.select().from(localBillingSubscriptions).where(eq(localBillingSubscriptions.id, id)).for('update').limit(1);
  return row;
}

/** Applies the changes and counts `events` more events emitted for the subscription. */
export async function updateLocalSubscription(db: DbOrTx, id: string, changes: Partial<LocalBillingRow>, events: number): Promise<LocalBillingRow> {
  const [row] = await db
    .update(localBillingSubscriptions)
    .set({ ...changes, eventCount: sql`${localBillingSubscriptions.eventCount} + ${events}` })
    .where(eq(localBillingSubscriptions.id, id))
    .returning();
  return row!;
}
