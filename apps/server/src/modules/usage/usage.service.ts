import { and, between, eq, sql } from 'drizzle-orm';
import { usageDaily, usageEvents, type DbOrTx } from '@myeai/db';
import { isoDay, NO_ENGAGEMENT, type EngagementInputs, type TrackEventInputSchema, type UsageEventType } from '@myeai/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';

type TrackEvent = z.output<typeof TrackEventInputSchema>;

const COUNTER: Record<UsageEventType, 'sessions' | 'page_views' | 'actions' | 'feature_accesses'> = {
  session_start: 'sessions',
  page_view: 'page_views',
  action: 'actions',
  feature_access: 'feature_accesses',
};

/**
 * Stores one tracked event: the append-only row and the user's per-day counters in a single
 * statement (a data-modifying CTE), so a write is one round trip and readers never scan events.
 * Only page views add to time spent.
 */
export async function recordUsageEvent(db: DbOrTx, clock: Clock, userId: string, event: TrackEvent): Promise<void> {
  const now = clock.now();
  const { time_spent_ms, action_name, feature_name, target_route, ...extras } = event.action_details;
  const counter = COUNTER[event.event_type];
  const one = (name: string) => (name === counter ? 1 : 0);
  const timeSpent = event.event_type === 'page_view' ? (time_spent_ms ?? 0) : 0;
  await db.execute(sql`
    with inserted as (
      insert into ${usageEvents} (user_id, event_type, component, action_name, feature_name, target_route, time_spent_ms, details, created_at)
      values (${userId}, ${event.event_type}, ${event.component}, ${action_name ?? null}, ${feature_name ?? null}, ${target_route ?? null},
              ${time_spent_ms ?? null}, ${Object.keys(extras).length > 0 ? JSON.stringify(extras) : null}::jsonb, ${now.toISOString()}::timestamptz)
    )
    insert into ${usageDaily} (user_id, day, sessions, page_views, actions, feature_accesses, time_spent_ms)
    values (${userId}, ${isoDay(now)}::date, ${one('sessions')}, ${one('page_views')}, ${one('actions')}, ${one('feature_accesses')}, ${timeSpent})
    on conflict (user_id, day) do update set
      sessions = ${usageDaily}.sessions + excluded.sessions,
      page_views = ${usageDaily}.page_views + excluded.page_views,
      actions = ${usageDaily}.actions + excluded.actions,
      feature_accesses = ${usageDaily}.feature_accesses + excluded.feature_accesses,
      time_spent_ms = ${usageDaily}.time_spent_ms + excluded.time_spent_ms
  `);
}

/** Engagement inputs of one user between two UTC days (inclusive), from the per-day counters. */
export async function engagementInputs(db: DbOrTx, userId: string, fromDay: string, toDay: string): Promise<EngagementInputs> {
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
  return row ? { ...row, timeSpentMs: Number(row.timeSpentMs) } : NO_ENGAGEMENT;
}
