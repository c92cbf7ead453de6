import type { Database, DbOrTx } from '@myeai/db';
import { AppError, DAY_MS, engagementLevel, engagementScore, extendedTrialEnd, isoDay, remainingTime, type TrialAnalytics } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { createNotification } from '../notifications/index.ts';
import {
  convertDueTrialsOfSubscribers,
  countTrials,
  countTrialsConvertedPerDay,
  countTrialsStartedPerDay,
  expireDueTrialRows,
  extendTrialRow,
  selectEngagementPerTrial,
  selectRecentTrials,
  selectTrial,
  type TrialRow,
} from './trials.queries.ts';
import { scheduleExpiry } from './trials.service.ts';

const RECENT_TRIALS = 6;
const DAILY_CHART_DAYS = 30;

/**
 * Ends the given running trials whose end has come (all of them when no id is given): status
 * expired, or converted when the user already holds the subscriber role; the user is notified
 * once per trial end. Running it twice changes nothing.
 */
async function expireDue(db: DbOrTx, clock: Clock, trialId?: string): Promise<TrialRow[]> {
  const now = clock.now();
  const converted = await convertDueTrialsOfSubscribers(db, now, trialId);
  const expired = await expireDueTrialRows(db, now, trialId);
  for (const trial of expired) {
    await createNotification(db, clock, {
      userId: trial.userId,
      type: 'system',
      title: 'Your free trial has ended',
      message: 'Your free trial is over. Choose a plan to get the live Trading Compass and every feature back.',
      data: { trial_ends_at: trial.endsAt.toISOString(), action_url: '/trading-subscription' },
      actionRequired: true,
      sourceKey: `trial-expired:${trial.id}:${trial.endsAt.toISOString()}`,
    });
  }
  return [...converted, ...expired];
}

/** The 'trials.remind' job: a day before the end, if the trial still runs to that end, tell the user once. */
export async function remindTrialJob(db: Database, clock: Clock, trialId: string, endsAt: string): Promise<void> {
  const trial = await selectTrial(db, trialId);
  if (!trial || trial.status !== 'active' || trial.convertedAt || trial.endsAt.toISOString() !== endsAt) return;
  if (trial.endsAt.getTime() <= clock.now().getTime()) return;
  await createNotification(db, clock, {
    userId: trial.userId,
    type: 'reminder',
    title: 'Your free trial ends tomorrow',
    message: 'Choose a plan to keep the live Trading Compass and every feature you unlocked.',
    data: { trial_ends_at: endsAt, action_url: '/trading-subscription' },
    sourceKey: `trial-reminder:${trial.id}:${endsAt}`,
  });
}

/** The 'trials.expire' job, queued for each trial end. */
export async function expireTrialJob(db: Database, clock: Clock, trialId: string): Promise<void> {
  await db.transaction((tx) => expireDue(tx, clock, trialId));
}

/** POST /api/rbac/expire-trials: ends every trial whose time is up now; audited. */
export async function expireDueTrials(db: Database, clock: Clock, actorId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await expireDue(tx, clock);
    const expired = ended.filter((t) => t.status === 'expired').length;
    await recordAudit(tx, clock, { actorId, action: 'trials.expire', details: { expired_trials: expired, converted_trials: ended.length - expired } });
    return expired;
  });
}

/** POST /api/rbac/admin/extend-trial/{id}: days added to the later of now and the end; audited. */
export async function extendTrial(db: Database, clock: Clock, actorId: string, trialId: string, days: number): Promise<TrialRow> {
  return db.transaction(async (tx) => {
    const trial = await selectTrial(tx, trialId, { forUpdate: true });
    if (!trial) throw new AppError('NOT_FOUND', 'Trial not found.');
    if (trial.convertedAt) throw new AppError('CONFLICT', 'This trial already converted to a subscription; there is nothing to extend.');
    const now = clock.now();
    const endsAt = extendedTrialEnd(trial.endsAt, now, days);
    const updated = await extendTrialRow(tx, trialId, endsAt, days);
    await scheduleExpiry(tx, clock, updated);
    await recordAudit(tx, clock, {
      actorId,
      action: 'trials.extend',
      target: trialId,
      details: { user_id: trial.userId, days, previous_ends_at: trial.endsAt.toISOString(), trial_ends_at: endsAt.toISOString() },
    });
    return updated;
  });
}

type TrialState = 'active' | 'expired' | 'converted';
const stateOf = (row: { endsAt: Date; convertedAt: Date | null }, now: Date): TrialState =>
  row.convertedAt ? 'converted' : row.endsAt.getTime() > now.getTime() ? 'active' : 'expired';

/**
 * GET /api/rbac/admin/trial-analytics. Counts come from trials (converted = converted_at set),
 * engagement from the per-day usage counters within each trial, never from raw events, so the
 * answer does not slow down as events pile up.
 */
export async function getTrialAnalytics(db: DbOrTx, clock: Clock): Promise<TrialAnalytics> {
  const now = clock.now();
  const { total, converted, active } = await countTrials(db, now);

  const engagementRows = await selectEngagementPerTrial(db);
  const engagement_breakdown = { high: 0, medium: 0, low: 0 };
  for (const row of engagementRows) engagement_breakdown[engagementLevel(engagementScore(row))] += 1;

  const firstDay = isoDay(new Date(now.getTime() - (DAILY_CHART_DAYS - 1) * DAY_MS));
  const since = new Date(`${firstDay}T00:00:00Z`);
  const [started, convertedPerDay] = await Promise.all([countTrialsStartedPerDay(db, since), countTrialsConvertedPerDay(db, since)]);
  const startedBy = new Map(started.map((r) => [r.day, r.n]));
  const convertedBy = new Map(convertedPerDay.map((r) => [r.day, r.n]));
  const daily = Array.from({ length: DAILY_CHART_DAYS }, (_, i) => {
    const date = isoDay(new Date(since.getTime() + i * DAY_MS));
    return { date, started: startedBy.get(date) ?? 0, converted: convertedBy.get(date) ?? 0 };
  });

  const recent = await selectRecentTrials(db, RECENT_TRIALS);

  return {
    overview: {
      total_trials: total,
      active_trials: active,
      converted_users: converted,
      expired_trials: total - converted - active,
      conversion_rate: total === 0 ? 0 : Math.round((converted / total) * 1000) / 10,
    },
    engagement_breakdown,
    daily,
    recent_trials: recent.map(({ trial, name, email }) => ({
      id: trial.id,
      user_id: trial.userId,
      name,
      email,
      trial_started_at: trial.startedAt.toISOString(),
      trial_ends_at: trial.endsAt.toISOString(),
      days_left: remainingTime(trial.endsAt, now).days,
      status: stateOf(trial, now),
    })),
  };
}
