import { and, desc, eq, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { trials, users, type DbOrTx } from '@myeai/db';
import type { EngagementInputs } from '@myeai/domain';

export type TrialRow = typeof trials.$inferSelect;

export async function selectTrialOfUser(db: DbOrTx, userId: string): Promise<TrialRow | undefined> {
  const [row] = await db.select().from(trials).where(eq(trials.userId, userId)).limit(1);
  return row;
}

export async function selectTrial(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<TrialRow | undefined> {
  const query = db.select().from(trials).where(eq(trials.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function selectUserAccessColumns(
  db: DbOrTx,
  userId: string,
): Promise<{ roles: string[]; activeRole: string; freeTrialUsedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ roles: users.roles, activeRole: users.activeRole, freeTrialUsedAt: users.freeTrialUsedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * Claims the user's one free trial: sets free_trial_used_at and adds the newcomer role (if
 * missing) only while the allowance is unused, so of two concurrent claims one wins; true when claimed.
 */
export async function claimFreeTrial(db: DbOrTx, userId: string, at: Date): Promise<boolean> {
  const claimed = await db
    .update(users)
    .set({
      freeTrialUsedAt: at,
      roles: sql`case when 'newcomer' = any(${users.roles}) then ${users.roles} else array_append(${users.roles}, 'newcomer') end`,
    })
    .where(and(eq(users.id, userId), isNull(users.freeTrialUsedAt)))
    .returning({ id: users.id });
  return claimed.length > 0;
}

export async function insertTrial(db: DbOrTx, row: typeof trials.$inferInsert): Promise<TrialRow> {
  const [inserted] = await db.insert(trials).values(row).returning();
  return inserted!;
}

export async function markUserTrialConverted(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db
    .update(trials)
    .set({ status: 'converted', convertedAt: at })
    .where(and(eq(trials.userId, userId), isNull(trials.convertedAt)));
}

const dueCondition = (now: Date, trialId: string | undefined) => and(eq(trials.status, 'active'), lte(trials.endsAt, now), trialId ? eq(trials.id, trialId) : undefined);

/** Active trials ended by `now` (one, when an id is given) whose user holds the subscriber role become converted. */
export async function convertDueTrialsOfSubscribers(db: DbOrTx, now: Date, trialId: string | undefined): Promise<TrialRow[]> {
  return db
    .update(trials)
    .set({ status: 'converted', convertedAt: now })
    .where(and(dueCondition(now, trialId), sql`exists (select 1 from ${users} where ${users.id} = ${trials.userId} and 'subscriber' = any(${users.roles}))`))
    .returning();
}

/** Active trials ended by `now` (one, when an id is given) become expired. */
export async function expireDueTrialRows(db: DbOrTx, now: Date, trialId: string | undefined): Promise<TrialRow[]> {
  return db.update(trials).set({ status: 'expired', expiredAt: now }).where(dueCondition(now, trialId)).returning();
}

/** Moves the trial's end, running again, counting the days added. */
export async function extendTrialRow(db: DbOrTx, id: string, endsAt: Date, days: number): Promise<TrialRow> {
  const [row] = await db
    .update(trials)
    .set({ endsAt, status: 'active', expiredAt: null, extendedDays: sql`${trials.extendedDays} + ${days}` })
    .where(eq(trials.id, id))
    .returning();
  return row!;
}

/** All trials, those converted and those neither converted nor ended at `now`. */
export async function countTrials(db: DbOrTx, now: Date): Promise<{ total: number; converted: number; active: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      converted: sql<number>`(count(*) filter (where ${trials.convertedAt} is not null))::int`,
      active: sql<number>`(count(*) filter (where ${trials.convertedAt} is null and ${trials.endsAt} > ${now.toISOString()}::timestamptz))::int`,
    })
    .from(trials);
  return { total: row?.total ?? 0, converted: row?.converted ?? 0, active: row?.active ?? 0 };
}

/**
 * Each trial's engagement inputs, as the triggers of migration 0047 keep them on the trial's row
 * (the per-day usage counters of its own days): one narrow row per trial, no join with the usage.
 */
export async function selectEngagementPerTrial(db: DbOrTx): Promise<EngagementInputs[]> {
  return db
    .select({
      activeDays: trials.engagementActiveDays,
      pageViews: trials.engagementPageViews,
      actions: trials.engagementActions,
      featureAccesses: trials.engagementFeatureAccesses,
      timeSpentMs: trials.engagementTimeSpentMs,
    })
    .from(trials);
}

const utcDayOf = (column: typeof trials.startedAt | typeof trials.convertedAt) => sql<string>`to_char((${column} at time zone 'UTC')::date, 'YYYY-MM-DD')`;

/** Trials started per UTC day since `since` (days with none left out). */
export async function countTrialsStartedPerDay(db: DbOrTx, since: Date): Promise<Array<{ day: string; n: number }>> {
  return db.select({ day: utcDayOf(trials.startedAt), n: sql<number>`count(*)::int` }).from(trials).where(gte(trials.startedAt, since)).groupBy(sql`1`);
}

/** Trials converted per UTC day since `since` (days with none left out). */
export async function countTrialsConvertedPerDay(db: DbOrTx, since: Date): Promise<Array<{ day: string; n: number }>> {
  return db
    .select({ day: utcDayOf(trials.convertedAt), n: sql<number>`count(*)::int` })
    .from(trials)
    .where(and(isNotNull(trials.convertedAt), gte(trials.convertedAt, since)))
    .groupBy(sql`1`);
}

/** The latest trials started, with their user's name and e-mail. */
export async function selectRecentTrials(db: DbOrTx, limit: number): Promise<Array<{ trial: TrialRow; name: string; email: string }>> {
  return db
    .select({ trial: trials, name: users.name, email: users.email })
    .from(trials)
    .innerJoin(users, eq(users.id, trials.userId))
    .orderBy(desc(trials.startedAt), desc(trials.id))
    .limit(limit);
}
