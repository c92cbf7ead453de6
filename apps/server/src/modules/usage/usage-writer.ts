import { sql } from 'drizzle-orm';
import { usageDaily, usageEvents, type DbOrTx } from '@myeai/db';
import { isoDay, type TrackEventInputSchema, type UsageEventType } from '@myeai/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';

type TrackEvent = z.output<typeof TrackEventInputSchema>;

type Row = {
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

export function toUsageRow(userId: string, event: TrackEvent, now: Date): Row {
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

/**
 * Writes events in one statement: a data-modifying CTE appends them (no secondary index, no
 * foreign key) and adds them to each user's per-day counters (only page views add time spent).
 */
export async function insertUsageRows(db: DbOrTx, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    with batch as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
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

const MAX_BATCH = 500;

/**
 * Group commit for tracked events: a write that arrives while another batch is being stored
 * waits and goes into the next batch, so under load one statement stores many events. Every
 * caller's promise settles only once its event is in the database (nothing is acknowledged and
 * then lost), and an idle server writes each event at once (no timer).
 */
export class UsageWriter {
  private pending: { row: Row; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private flushing = false;

  constructor(
    private readonly db: DbOrTx,
    private readonly clock: Clock,
  ) {}

  write(userId: string, event: TrackEvent): Promise<void> {
    const row = toUsageRow(userId, event, this.clock.now());
    return new Promise((resolve, reject) => {
      this.pending.push({ row, resolve, reject });
      this.kick();
    });
  }

  private kick(): void {
    if (this.flushing || this.pending.length === 0) return;
    this.flushing = true;
    const batch = this.pending.splice(0, MAX_BATCH);
    insertUsageRows(this.db, batch.map((item) => item.row))
      .then(
        () => batch.forEach((item) => item.resolve()),
        (error: unknown) => batch.forEach((item) => item.reject(error)),
      )
      .finally(() => {
        this.flushing = false;
        this.kick();
      });
  }
}
