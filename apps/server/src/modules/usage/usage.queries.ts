import { and, between, eq, sql } from 'drizzle-orm';
import { usageDaily, usageEvents, type DbOrTx } from '@myeai/db';
import type { EngagementInputs, UsageEventType } from '@myeai/domain';

/** One tracked event as the batch insert reads it (snake_case: the JSON record's columns). */
export type UsageRow = {
  user_id: string;
  event_type: UsageEventType;
  component: string;
  action_name: string | null;
  feature_name: string | null;
  target_route: string | null;
  time_spent_ms: number | null;
  details: Record<string, unknown> | null;
  created_at: string;
  day: string;
};

/**
 * Writes events in one statement (json, not jsonb: the batch is read once, so converting it to jsonb
 * first only costs time): a data-modifying CTE appends them (no secondary index, no
 * foreign key) and adds them to each user's per-day counters (only page views add time spent).
 */
export async function insertUsageRows(db: DbOrTx, rows: UsageRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    with batch as (
      select * from json_to_recordset(${JSON.stringify(rows)}::json) as x(
        user_id uuid, event_type text, component text, action_name text, feature_name text, target_route text,
        time_spent_ms integer, details jsonb, created_at timestamptz, day date)
    ),
    inserted as (
      insert into ${usageEvents} (user_id, event_type, component, action_name, feature_name, target_route, time_spent_ms, details, created_at)
      select user_id, event_type, component, action_name, feature_name, target_route, time_spent_ms, details, created_at from batch
    )
    insert into ${usageDaily} (user_id, day, sessions, page_views, actions, feature_accesses, time_spent_ms)
    select user_id, day,
           count(*) filter (where event_type = 'session_start'),
           count(*) filter (where event_type = 'page_view'),
           count(*) filter (where event_type = 'action'),
           count(*) filter (where event_type = 'feature_access'),
           coalesce(sum(time_spent_ms) filter (where event_type = 'page_view'), 0)
    from batch group by user_id, day
    on conflict (user_id, day) do update set
      sessions = ${usageDaily}.sessions + excluded.sessions,
      page_views = ${usageDaily}.page_views + excluded.page_views,
      actions = ${usageDaily}.actions + excluded.actions,
      feature_accesses = ${usageDaily}.feature_accesses + excluded.feature_accesses,
      time_spent_ms = ${usageDaily}.time_spent_ms + excluded.time_spent_ms
  `);
}

/** Active days and summed counters of one user between two UTC days (inclusive); undefined when none. */
export async function sumUsageDaily(db: DbOrTx, userId: string, fromDay: string, toDay: string): Promise<EngagementInputs | undefined> {
  const [row] = await db
    .select({
      activeDays: sql<number>`count(*)::int`,
      pageViews: sql<number>`coalesce(sum(${usageDaily.pageViews}), 0)::int`,
      actions: sql<number>`coalesce(sum(${usageDaily.actions}), 0)::int`,
      featureAccesses: sql<number>`coalesce(sum(${usageDaily.featureAccesses}), 0)::int`,
      timeSpentMs: sql<number>`coalesce(sum(${usageDaily.timeSpentMs}), 0)::bigint`,
    })
    .from(usageDaily)
    .where(and(eq(usageDaily.userId, userId), between(usageDaily.day, fromDay, toDay)));
  return row ? { ...row, timeSpentMs: Number(row.timeSpentMs) } : undefined;
}
