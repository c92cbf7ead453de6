import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  referralAttributions,
  referralClickDays,
  referralClicks,
  referralCodeAliases,
  referralLandingEvents,
  referralMigrations,
  referralVisitorLastClicks,
  siteContent,
  subscriptions,
  trials,
  users,
  userVisitors,
  type DbOrTx,
} from '@myeai/db';

/** Data access of the referral dashboard, analytics, attribution and migration (decision record 036). */

const iso = (instant: Date) => instant.toISOString();

/** node-postgres and PGlite both answer a raw statement with { rows }; Drizzle types it per driver. */
async function rowsOf<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

export type ClickTotals = { clicks: number; uniqueVisitors: number };

/**
 * The click figures read the aggregates the referral_clicks trigger keeps (migration 0025): clicks per
 * day, source and device over the period's UTC days, and visitors whose latest click is in it.
 */
export async function selectClickTotals(db: DbOrTx, referrerId: string, fromDay: string, toDay: string, from: Date): Promise<ClickTotals> {
  const [[clicks], [visitors]] = await Promise.all([
    db
      .select({ n: sql<number>`coalesce(sum(${referralClickDays.clicks}), 0)::int` })
      .from(referralClickDays)
      .where(and(eq(referralClickDays.referrerId, referrerId), gte(referralClickDays.day, fromDay), lte(referralClickDays.day, toDay))),
    db
      .select({ n: count() })
      .from(referralVisitorLastClicks)
      .where(and(eq(referralVisitorLastClicks.referrerId, referrerId), gte(referralVisitorLastClicks.lastClickedAt, from))),
  ]);
  return { clicks: clicks?.n ?? 0, uniqueVisitors: visitors?.n ?? 0 };
}

const inDays = (referrerId: string, fromDay: string, toDay: string) =>
  and(eq(referralClickDays.referrerId, referrerId), gte(referralClickDays.day, fromDay), lte(referralClickDays.day, toDay));
const clickSum = sql<number>`sum(${referralClickDays.clicks})::int`;

export async function selectDailyClicks(db: DbOrTx, referrerId: string, fromDay: string, toDay: string): Promise<{ day: string; n: number }[]> {
  return db.select({ day: referralClickDays.day, n: clickSum }).from(referralClickDays).where(inDays(referrerId, fromDay, toDay)).groupBy(referralClickDays.day);
}

/** Sources as trafficSource() reads them: utm_source, else the referring host, else direct. */
export async function selectTopSources(db: DbOrTx, referrerId: string, fromDay: string, toDay: string, limit: number): Promise<{ source: string; count: number }[]> {
  return db
    .select({ source: referralClickDays.source, count: clickSum })
    .from(referralClickDays)
    .where(inDays(referrerId, fromDay, toDay))
    .groupBy(referralClickDays.source)
    .orderBy(desc(clickSum), asc(referralClickDays.source))
    .limit(limit);
}

export async function selectDeviceCounts(db: DbOrTx, referrerId: string, fromDay: string, toDay: string): Promise<{ device: string; count: number }[]> {
  return db
    .select({ device: referralClickDays.deviceClass, count: clickSum })
    .from(referralClickDays)
    .where(inDays(referrerId, fromDay, toDay))
    .groupBy(referralClickDays.deviceClass);
}

/** Credited sign-ups (users.referred_by) per UTC day of the period. */
export async function selectDailySignups(db: DbOrTx, referrerId: string, from: Date, to: Date): Promise<{ day: string; n: number }[]> {
  const day = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, n: count() })
    .from(users)
    .where(and(eq(users.referredBy, referrerId), gte(users.createdAt, from), lte(users.createdAt, to)))
    .groupBy(day);
}

export async function selectUserLinkFields(db: DbOrTx, userId: string): Promise<{ name: string; referralCode: string } | undefined> {
  const [row] = await db.select({ name: users.name, referralCode: users.referralCode }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The newest members credited to the referrer, with what decides their status. */
export async function selectTeamPreview(db: DbOrTx, referrerId: string, limit: number) {
  return db
    .select({
      id: users.id,
      name: users.name,
      createdAt: users.createdAt,
      subscriptionStatus: subscriptions.status,
      trialStatus: trials.status,
      codeUsed: sql<string>`(select r.referral_code from users r where r.id = ${users.referredBy})`,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(trials, eq(trials.userId, users.id))
    .where(eq(users.referredBy, referrerId))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

export async function countCreditedReferrals(db: DbOrTx, referrerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.referredBy, referrerId));
  return row?.n ?? 0;
}

/** Referrers with more credited referrals than `mine` (the overall rank is this plus one). */
export async function countReferrersAbove(db: DbOrTx, mine: number): Promise<number> {
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select ${users.referredBy} from ${users} where ${users.referredBy} is not null group by ${users.referredBy} having count(*) > ${mine}) above`,
  );
  return Number(rows[0]?.n ?? 0);
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

// ---- Attribution ----

/** The codes (as referrers) one visitor was seen with since `from`: short-link clicks and landing reports. */
export async function selectCodesSeenByVisitor(db: DbOrTx, visitorHash: string, from: Date): Promise<{ referrerId: string; seenAt: Date }[]> {
  const rows = await rowsOf<{ referrer_id: string; seen_at: string | Date }>(db, sql`
    select referrer_id, min(seen_at) as seen_at from (
      select ${referralClicks.referrerId} as referrer_id, ${referralClicks.clickedAt} as seen_at from ${referralClicks}
        where ${referralClicks.visitorHash} = ${visitorHash} and ${referralClicks.clickedAt} >= ${iso(from)}::timestamptz
      union all
      select ${referralLandingEvents.referrerId}, ${referralLandingEvents.createdAt} from ${referralLandingEvents}
        where ${referralLandingEvents.visitorHash} = ${visitorHash} and ${referralLandingEvents.createdAt} >= ${iso(from)}::timestamptz
    ) seen group by referrer_id`);
  return rows.map((row) => ({ referrerId: row.referrer_id, seenAt: new Date(row.seen_at) }));
}

export async function selectActiveUserIdByCode(db: DbOrTx, code: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.referralCode, code)).limit(1);
  return row && row.status === 'active' ? row.id : null;
}

export async function selectActiveUserIdByAlias(db: DbOrTx, alias: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id, status: users.status })
    .from(referralCodeAliases)
    .innerJoin(users, eq(users.id, referralCodeAliases.userId))
    .where(eq(referralCodeAliases.alias, alias))
    .limit(1);
  return row && row.status === 'active' ? row.id : null;
}

export async function selectVisitorHashesOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.select({ hash: userVisitors.visitorHash }).from(userVisitors).where(eq(userVisitors.userId, userId));
  return rows.map((row) => row.hash);
}

export async function insertUserVisitor(db: DbOrTx, userId: string, visitorHash: string, at: Date): Promise<void> {
  await db.insert(userVisitors).values({ userId, visitorHash, firstSeenAt: at }).onConflictDoNothing();
}

export async function selectAttributionOf(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(referralAttributions).where(eq(referralAttributions.userId, userId)).limit(1);
  return row;
}

/** Earlier sign-ups for this referrer from the same hashed address within the window (newest first). */
export async function selectSignupsFromNetwork(db: DbOrTx, referrerId: string, networkHash: string, from: Date) {
  return db
    .select({ id: referralAttributions.id, userId: referralAttributions.userId, status: referralAttributions.status, reasons: referralAttributions.reasons })
    .from(referralAttributions)
    .where(and(eq(referralAttributions.referrerId, referrerId), eq(referralAttributions.networkHash, networkHash), gte(referralAttributions.createdAt, from)))
    .orderBy(desc(referralAttributions.createdAt));
}

export type NewAttribution = typeof referralAttributions.$inferInsert;

export async function insertAttribution(db: DbOrTx, row: NewAttribution): Promise<boolean> {
  const inserted = await db.insert(referralAttributions).values(row).onConflictDoNothing().returning({ id: referralAttributions.id });
  return inserted.length > 0;
}

/** Turns the sign-ups of a burst into open flags (their credit is withdrawn by the caller). */
export async function flagAttributions(db: DbOrTx, ids: string[], fields: { reason: string; signups: number; related: string[] }): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(referralAttributions)
    .set({
      status: 'open',
      reasons: sql`array(select distinct unnest(${referralAttributions.reasons} || array[${fields.reason}]::text[]))`,
      signupsFromNetworkInWindow: fields.signups,
      relatedUserIds: sql`${`{${fields.related.join(',')}}`}::uuid[]`,
    })
    .where(inArray(referralAttributions.id, ids));
}

export async function selectFlags(db: DbOrTx, filter: { status?: string; id?: string }, limit: number) {
  return rowsOf<{
    id: string;
    status: string;
    reasons: string[];
    visitor_hash: string | null;
    network_hash: string | null;
    signups_from_network_in_window: number | null;
    related_user_ids: string[];
    created_at: string | Date;
    reviewed_at: string | Date | null;
    signup_id: string;
    signup_name: string;
    signup_email: string;
    signup_joined: string | Date;
    referrer_id: string;
    referrer_name: string;
    referrer_email: string;
    referrer_code: string;
    reviewer_name: string | null;
  }>(
    db,
    sql`
    select a.id, a.status, a.reasons, a.visitor_hash, a.network_hash, a.signups_from_network_in_window, a.related_user_ids,
      a.created_at, a.reviewed_at,
      s.id as signup_id, s.name as signup_name, s.email as signup_email, s.created_at as signup_joined,
      r.id as referrer_id, r.name as referrer_name, r.email as referrer_email, r.referral_code as referrer_code,
      v.name as reviewer_name
    from ${referralAttributions} a
    join ${users} s on s.id = a.user_id
    join ${users} r on r.id = a.referrer_id
    left join ${users} v on v.id = a.reviewed_by
    where a.status <> 'credited' ${filter.status ? sql`and a.status = ${filter.status}` : sql``} ${filter.id ? sql`and a.id = ${filter.id}::uuid` : sql``}
    order by a.created_at desc, a.id desc
    limit ${limit}`,
  );
}

export async function selectAttributionById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(referralAttributions).where(eq(referralAttributions.id, id)).limit(1);
  return row;
}

export async function reviewAttribution(db: DbOrTx, id: string, fields: { status: 'cleared' | 'confirmed'; reviewedBy: string; at: Date }): Promise<boolean> {
  const rows = await db
    .update(referralAttributions)
    .set({ status: fields.status, reviewedBy: fields.reviewedBy, reviewedAt: fields.at })
    .where(and(eq(referralAttributions.id, id), eq(referralAttributions.status, 'open')))
    .returning({ id: referralAttributions.id });
  return rows.length > 0;
}

/** Sets users.referred_by only where it is still empty (a later admin edit is never overwritten). */
export async function creditIfUnset(db: DbOrTx, userId: string, referrerId: string): Promise<void> {
  await db.update(users).set({ referredBy: referrerId }).where(and(eq(users.id, userId), isNull(users.referredBy)));
}

/** Withdraws the credit only where it still names this referrer. */
export async function withdrawCredit(db: DbOrTx, userId: string, referrerId: string): Promise<void> {
  await db.update(users).set({ referredBy: null }).where(and(eq(users.id, userId), eq(users.referredBy, referrerId)));
}

export async function selectSiteValue(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db.select({ value: siteContent.value }).from(siteContent).where(eq(siteContent.key, key)).limit(1);
  return row?.value;
}

export async function upsertSiteValue(db: DbOrTx, key: string, value: unknown, at: Date, actorId: string): Promise<void> {
  await db
    .insert(siteContent)
    .values({ key, value, updatedAt: at, updatedBy: actorId })
    .onConflictDoUpdate({ target: siteContent.key, set: { value, updatedAt: at, updatedBy: actorId } });
}

// ---- Migration ----

export type MigrationRow = typeof referralMigrations.$inferSelect;

export async function selectLatestMigration(db: DbOrTx): Promise<(MigrationRow & { startedByName: string | null }) | undefined> {
  const [row] = await db
    .select({ migration: referralMigrations, startedByName: users.name })
    .from(referralMigrations)
    .leftJoin(users, eq(users.id, referralMigrations.startedBy))
    .orderBy(desc(referralMigrations.createdAt), desc(referralMigrations.id))
    .limit(1);
  return row ? { ...row.migration, startedByName: row.startedByName } : undefined;
}

export async function selectMigration(db: DbOrTx, id: string): Promise<MigrationRow | undefined> {
  const [row] = await db.select().from(referralMigrations).where(eq(referralMigrations.id, id)).limit(1);
  return row;
}

export async function selectUnfinishedMigration(db: DbOrTx): Promise<MigrationRow | undefined> {
  const [row] = await db.select().from(referralMigrations).where(inArray(referralMigrations.status, ['queued', 'running'])).limit(1);
  return row;
}

export async function insertMigration(db: DbOrTx, row: typeof referralMigrations.$inferInsert): Promise<MigrationRow> {
  const [inserted] = await db.insert(referralMigrations).values(row).returning();
  return inserted!;
}

export async function updateMigration(db: DbOrTx, id: string, fields: Partial<typeof referralMigrations.$inferInsert>): Promise<void> {
  await db.update(referralMigrations).set(fields).where(eq(referralMigrations.id, id));
}

/** Users in id order after `afterId`, a page at a time, with whether their user-id alias exists. */
export async function selectUsersForMigration(db: DbOrTx, afterId: string | null, limit: number) {
  return db
    .select({ id: users.id, referralCode: users.referralCode, idAlias: referralCodeAliases.alias })
    .from(users)
    .leftJoin(referralCodeAliases, and(eq(referralCodeAliases.alias, sql`${users.id}::text`), eq(referralCodeAliases.userId, users.id)))
    .where(afterId ? sql`${users.id} > ${afterId}::uuid` : undefined)
    .orderBy(asc(users.id))
    .limit(limit);
}

export async function insertAliases(db: DbOrTx, rows: { alias: string; userId: string; createdAt: Date }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(referralCodeAliases).values(rows).onConflictDoNothing();
}

export async function codeTaken(db: DbOrTx, code: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code)).limit(1);
  if (user) return true;
  const [alias] = await db.select({ alias: referralCodeAliases.alias }).from(referralCodeAliases).where(eq(referralCodeAliases.alias, code)).limit(1);
  return Boolean(alias);
}

export async function updateReferralCode(db: DbOrTx, userId: string, code: string): Promise<void> {
  await db.update(users).set({ referralCode: code }).where(eq(users.id, userId));
}
