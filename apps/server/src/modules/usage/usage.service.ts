import type { DbOrTx } from '@myeai/db';
import { NO_ENGAGEMENT, type EngagementInputs, type TrackEventInputSchema } from '@myeai/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { toUsageRow } from './usage-writer.ts';
import { insertUsageRows, sumUsageDaily } from './usage.queries.ts';

type TrackEvent = z.output<typeof TrackEventInputSchema>;

/** Stores one tracked event now (server-side events, e.g. a granted feature access). */
export async function recordUsageEvent(db: DbOrTx, clock: Clock, userId: string, event: TrackEvent): Promise<void> {
  await insertUsageRows(db, [toUsageRow(userId, event, clock.now())]);
}

/** Engagement inputs of one user between two UTC days (inclusive), from the per-day counters. */
export async function engagementInputs(db: DbOrTx, userId: string, fromDay: string, toDay: string): Promise<EngagementInputs> {
  return (await sumUsageDaily(db, userId, fromDay, toDay)) ?? NO_ENGAGEMENT;
}
