import { and, between, eq, sql } from 'drizzle-orm';
import { usageDaily, type DbOrTx } from '@myeai/db';
import { NO_ENGAGEMENT, type EngagementInputs, type TrackEventInputSchema } from '@myeai/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { insertUsageRows, toUsageRow } from './usage-writer.ts';

type TrackEvent = z.output<typeof TrackEventInputSchema>;

/** Stores one tracked event now (server-side events, e.g. a granted feature access). */
export async function recordUsageEvent(db: DbOrTx, clock: Clock, userId: string, event: TrackEvent): Promise<void> {
  await insertUsageRows(db, [toUsageRow(userId, event, clock.now())]);
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
