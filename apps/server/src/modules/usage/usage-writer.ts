import type { DbOrTx } from '@myeai/db';
import { isoDay, type TrackEventInputSchema } from '@myeai/domain';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { Clock } from '../../clock.ts';
import { perApp } from '../../per-app.ts';
import { insertUsageRows, type UsageRow } from './usage.queries.ts';

type TrackEvent = z.output<typeof TrackEventInputSchema>;

export function toUsageRow(userId: string, event: TrackEvent, now: Date): UsageRow {
  const { time_spent_ms, action_name, feature_name, target_route, ...extras } = event.action_details;
  return {
    user_id: userId,
    event_type: event.event_type,
    component: event.component,
    action_name: action_name ?? null,
    feature_name: feature_name ?? null,
    target_route: target_route ?? null,
    time_spent_ms: time_spent_ms ?? null,
    details: Object.keys(extras).length > 0 ? extras : null,
    created_at: now.toISOString(),
    day: isoDay(now),
  };
}

const MAX_BATCH = 500;
/**
 * How long a batch may gather events before it is written. Larger batches cost the database far
 * less per event (one statement, one commit), and nobody waits for them.
 */
export const USAGE_BATCH_LINGER_MS = 20;
/** Events queued beyond this make callers wait until theirs is stored (memory stays bounded). */
export const USAGE_QUEUE_HIGH_WATER = 5_000;

type Queued = { row: UsageRow; stored: { resolve: () => void; reject: (error: unknown) => void } | null };

/**
 * Write-behind with group commit for tracked events. A write is accepted once its event is
 * queued, and the queue is stored in the background, in batches of up to MAX_BATCH events
 * written USAGE_BATCH_LINGER_MS after their first event arrived (or at once when full), one
 * statement at a time. The caller, the browser's tracker, ignores the answer (spec 1
 * section 7; a beacon on unload never reads it), so holding the request until the commit
 * would only make each event wait a whole write cycle. When the database falls behind and
 * the queue passes USAGE_QUEUE_HIGH_WATER, callers are answered only once their event is
 * stored: back-pressure instead of unbounded memory. `drain()` stores everything queued at once
 * (the app drains on close, so a restart or deploy loses nothing; a crash loses what is queued,
 * at most about USAGE_BATCH_LINGER_MS of events).
 */
export class UsageWriter {
  private queue: Queued[] = [];
  private flushing: Promise<void> | null = null;
  private linger: NodeJS.Timeout | null = null;
  private onError: (error: unknown, lost: number) => void;

  constructor(
    private readonly db: DbOrTx,
    private readonly clock: Clock,
    onError: (error: unknown, lost: number) => void = () => undefined,
  ) {
    this.onError = onError;
  }

  /** Where a batch that could not be stored is reported (the app's logger). */
  onFailure(report: (error: unknown, lost: number) => void): void {
    this.onError = report;
  }

  get queued(): number {
    return this.queue.length;
  }

  write(userId: string, event: TrackEvent): Promise<void> {
    const row = toUsageRow(userId, event, this.clock.now());
    if (this.queue.length < USAGE_QUEUE_HIGH_WATER) {
      this.queue.push({ row, stored: null });
      this.kick();
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ row, stored: { resolve, reject } });
      this.kick();
    });
  }

  /** Resolves once every event queued before the call is stored (or its batch failed). */
  async drain(): Promise<void> {
    while (this.flushing || this.queue.length > 0) {
      this.kick(true);
      await this.flushing;
    }
  }

  private kick(now = false): void {
    if (this.flushing || this.queue.length === 0) return;
    if (!now && this.queue.length < MAX_BATCH) {
      this.linger ??= setTimeout(() => {
        this.linger = null;
        this.kick(true);
      }, USAGE_BATCH_LINGER_MS).unref();
      return;
    }
    if (this.linger) clearTimeout(this.linger);
    this.linger = null;
    const batch = this.queue.splice(0, MAX_BATCH);
    this.flushing = insertUsageRows(
      this.db,
      batch.map((item) => item.row),
    )
      .then(
        () => batch.forEach((item) => item.stored?.resolve()),
        (error: unknown) => {
          this.onError(error, batch.length);
          batch.forEach((item) => item.stored?.reject(error));
        },
      )
      .finally(() => {
        this.flushing = null;
        this.kick();
      });
  }
}

/** One writer per app instance, so its batches gather every request of the instance. */
export const usageWriterFor = perApp<AppDeps, UsageWriter>((deps) => new UsageWriter(deps.db, deps.clock));
