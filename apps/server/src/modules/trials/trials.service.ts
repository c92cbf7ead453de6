import type { Database, DbOrTx } from '@myeai/db';
import {
  accessFeatures,
  accessLevelOf,
  AppError,
  DAY_MS,
  engagementLevel,
  engagementScore,
  hasUsedFreeTrial,
  isoDay,
  isTrialRunning,
  remainingTime,
  trialDay,
  trialEndsAt,
  unlockedFeaturesForDay,
  upgradeRecommendation,
  type AccessFacts,
  type AccessLevel,
  type Role,
  type TrialFacts,
  type TrialStatus,
  type UpgradeRecommendation,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { hasGoals } from '../goals/index.ts';
import { enqueueJob } from '../jobs/index.ts';
import { engagementInputs } from '../usage/index.ts';
import { claimFreeTrial, insertTrial, markUserTrialConverted, selectTrialOfUser, selectUserAccessColumns, type TrialRow } from './trials.queries.ts';

export const TRIAL_EXPIRE_JOB = 'trials.expire';
export const TRIAL_REMIND_JOB = 'trials.remind';
/** The reminder goes out this long before the trial ends. */
export const TRIAL_REMINDER_BEFORE_MS = DAY_MS;

export const ALREADY_USED_TRIAL_MESSAGE =
  'You have already used your free trial. Choosing a plan now starts billing from the first day, with no trial period.';
export const GOALS_FIRST_MESSAGE = 'Complete your goals in onboarding before activating your free trial.';
export const ALREADY_SUBSCRIBED_MESSAGE = 'You already have full access with your subscription.';

export async function getTrialOfUser(db: DbOrTx, userId: string): Promise<TrialRow | undefined> {
  return selectTrialOfUser(db, userId);
}

export const trialFacts = (row: TrialRow | undefined): TrialFacts =>
  row ? { startedAt: row.startedAt, endsAt: row.endsAt, convertedAt: row.convertedAt } : null;

/** The user's trial as the access level reads it; other modules apply accessLevelOf to it with the user's roles. */
export async function readTrialFacts(db: DbOrTx, userId: string): Promise<TrialFacts> {
  return trialFacts(await getTrialOfUser(db, userId));
}

/** Everything the access decisions need about a user: roles and trial, read fresh from the database. */
export async function loadAccessFacts(db: DbOrTx, userId: string): Promise<AccessFacts & { freeTrialUsedAt: Date | null; trialRow: TrialRow | undefined }> {
  const user = await selectUserAccessColumns(db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found.');
  const trialRow = await getTrialOfUser(db, userId);
  return { roles: user.roles as Role[], activeRole: user.activeRole as Role, freeTrialUsedAt: user.freeTrialUsedAt, trial: trialFacts(trialRow), trialRow };
}

/** GET /api/user/access-level. The trading API reads the same answer to delay preview data by 2 hours. */
export async function getAccessLevel(db: DbOrTx, clock: Clock, userId: string): Promise<AccessLevel> {
  const facts = await loadAccessFacts(db, userId);
  const level = accessLevelOf(facts, clock.now());
  const goalsCompleted = await hasGoals(db, userId);
  const used = hasUsedFreeTrial({ freeTrialUsedAt: facts.freeTrialUsedAt });
  return {
    ...level,
    goals_completed: goalsCompleted,
    trial_ends_at: facts.trial?.endsAt.toISOString() ?? null,
    free_trial_used: used,
    can_activate_trial: !used && goalsCompleted && level.user_status === 'visitor',
    features: accessFeatures(level.access_level, facts.roles),
  };
}

/**
 * Starts the one 7-day free trial (DESIGN.md item 18): offered to a visitor who completed goals.
 * The allowance is claimed with a conditional update of users.free_trial_used_at, so two
 * concurrent activations start one trial. The user gets the newcomer experience (role added if
 * missing), and the expiry job is queued in the same transaction.
 */
export async function activateTrial(db: Database, clock: Clock, userId: string): Promise<TrialRow> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const facts = await loadAccessFacts(tx, userId);
    if (facts.roles.includes('subscriber')) throw new AppError('VALIDATION', ALREADY_SUBSCRIBED_MESSAGE);
    if (hasUsedFreeTrial({ freeTrialUsedAt: facts.freeTrialUsedAt }) || facts.trialRow) throw new AppError('VALIDATION', ALREADY_USED_TRIAL_MESSAGE);
    if (!(await hasGoals(tx, userId))) throw new AppError('VALIDATION', GOALS_FIRST_MESSAGE);
    if (!(await claimFreeTrial(tx, userId, now))) throw new AppError('VALIDATION', ALREADY_USED_TRIAL_MESSAGE);
    const trial = await insertTrial(tx, { userId, startedAt: now, endsAt: trialEndsAt(now), createdAt: now });
    await scheduleExpiry(tx, clock, trial);
    return trial;
  });
}

/**
 * One expiry job per trial end, and a reminder a day before it (when that is still ahead); an
 * extension schedules both again for the new end (the old ones find nothing to do).
 */
export async function scheduleExpiry(db: DbOrTx, clock: Clock, trial: Pick<TrialRow, 'id' | 'endsAt'>): Promise<void> {
  const end = trial.endsAt.toISOString();
  await enqueueJob(db, clock, { name: TRIAL_EXPIRE_JOB, payload: { trialId: trial.id }, runAt: trial.endsAt, dedupeKey: `${TRIAL_EXPIRE_JOB}:${trial.id}:${end}` });
  const remindAt = new Date(trial.endsAt.getTime() - TRIAL_REMINDER_BEFORE_MS);
  if (remindAt.getTime() > clock.now().getTime()) {
    await enqueueJob(db, clock, { name: TRIAL_REMIND_JOB, payload: { trialId: trial.id, endsAt: end }, runAt: remindAt, dedupeKey: `${TRIAL_REMIND_JOB}:${trial.id}:${end}` });
  }
}

export async function getTrialStatus(db: DbOrTx, clock: Clock, userId: string): Promise<TrialStatus> {
  const trial = await getTrialOfUser(db, userId);
  if (!trial) {
    return { has_trial: false, is_expired: false, days_remaining: 0, hours_remaining: 0, minutes_remaining: 0, trial_started_at: null, trial_ends_at: null };
  }
  const now = clock.now();
  const left = remainingTime(trial.endsAt, now);
  return {
    has_trial: true,
    is_expired: !isTrialRunning(trialFacts(trial), now),
    days_remaining: left.days,
    hours_remaining: left.hours,
    minutes_remaining: left.minutes,
    trial_started_at: trial.startedAt.toISOString(),
    trial_ends_at: trial.endsAt.toISOString(),
  };
}

/** Trial day for the unlock table: 0 unless a trial is running now. */
export function runningTrialDay(trial: TrialFacts, now: Date): number {
  return trial && isTrialRunning(trial, now) ? trialDay(trial.startedAt, now) : 0;
}

export async function getUnlockedFeatures(db: DbOrTx, clock: Clock, userId: string) {
  return unlockedFeaturesForDay(runningTrialDay(trialFacts(await getTrialOfUser(db, userId)), clock.now()));
}

/**
 * The active first-month promotion. None is configured in this build, so urgency-high prompts
 * never promise a discount (DESIGN.md item 19); the subscriptions module replaces this once its
 * checkout applies a promotion.
 */
export async function activePromotionText(): Promise<string | null> {
  return null;
}

export async function getUpgradeRecommendation(db: DbOrTx, clock: Clock, userId: string): Promise<UpgradeRecommendation> {
  const now = clock.now();
  const facts = await loadAccessFacts(db, userId);
  const { access_level } = accessLevelOf(facts, now);
  // Engagement during the trial; without one, over the last 7 days.
  const from = facts.trial ? isoDay(facts.trial.startedAt) : isoDay(new Date(now.getTime() - 6 * DAY_MS));
  const to = facts.trial ? isoDay(facts.trial.endsAt) : isoDay(now);
  const score = engagementScore(await engagementInputs(db, userId, from, to));
  const level = engagementLevel(score);
  const recommendation = upgradeRecommendation({
    accessLevel: access_level,
    level,
    trialDay: runningTrialDay(facts.trial, now),
    daysRemaining: facts.trial ? remainingTime(facts.trial.endsAt, now).days : 0,
    promotionText: await activePromotionText(),
  });
  return { ...recommendation, engagement_level: level, engagement_score: score, trial_status: access_level };
}

/**
 * Records that a user's trial converted to a paid subscription. The subscriptions module calls it
 * (in its own transaction) when a subscription becomes active; a user without a trial is a no-op.
 */
export async function markTrialConverted(db: DbOrTx, clock: Clock, userId: string): Promise<void> {
  await markUserTrialConverted(db, userId, clock.now());
}
