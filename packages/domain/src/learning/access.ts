/**
 * Learning access, one table (DESIGN.md decision 41). It reconciles spec 2 section 4 (access
 * levels free, trial, subscriber, premium), spec 2 section 6 (a newcomer has the first 2 modules
 * open) and the trial stages of decision 35 (day 1 Basic Learning Hub, day 3 Advanced Learning
 * Modules, day 5 Full Learning Library). The server decides with it (GET /api/learning/modules,
 * the player, the file route) and the hub only shows what the server said.
 */

import type { LearningAccessLevel } from './learning-catalogue.ts';

/**
 * Where a learner stands, from their plan, roles and trial (learnerStanding):
 * - admin: holds the admin role (runs the product: sees every module);
 * - plan: a subscription that gives access now (active, past_due while the provider retries,
 *   trialing, or cancelled before its period end);
 * - subscriber_role: the subscriber role without such a plan (granted by an admin);
 * - trial_day_1_2 / trial_day_3_4 / trial_day_5_on: the day of the running platform trial;
 * - none: no plan, no subscriber role, no running trial (never started, ended, converted).
 */
export const LEARNER_STANDINGS = ['admin', 'plan', 'subscriber_role', 'trial_day_1_2', 'trial_day_3_4', 'trial_day_5_on', 'none'] as const;
export type LearnerStanding = (typeof LEARNER_STANDINGS)[number];

/** Which levels each standing opens. Premium needs a plan; active or past_due plans open everything. */
export const LEARNING_ACCESS_TABLE: Readonly<Record<LearnerStanding, Readonly<Record<LearningAccessLevel, boolean>>>> = {
  admin: { free: true, trial: true, subscriber: true, premium: true },
  plan: { free: true, trial: true, subscriber: true, premium: true },
  subscriber_role: { free: true, trial: true, subscriber: true, premium: false },
  trial_day_1_2: { free: true, trial: false, subscriber: false, premium: false },
  trial_day_3_4: { free: true, trial: true, subscriber: false, premium: false },
  trial_day_5_on: { free: true, trial: true, subscriber: true, premium: false },
  none: { free: true, trial: false, subscriber: false, premium: false },
};

/**
 * Standings that also open the first 2 modules by sort order when the active role is newcomer
 * (spec 2 section 6): a newcomer without a running trial and trial days 1-2 ("the same").
 * From day 3 the trial's own levels apply, and the first 2 stay open (a module once open to a
 * newcomer does not close as the trial advances).
 */
const NEWCOMER_FIRST_MODULES: ReadonlySet<LearnerStanding> = new Set<LearnerStanding>(['none', 'trial_day_1_2', 'trial_day_3_4', 'trial_day_5_on']);

/** How many modules, by sort order, a newcomer has open whatever their level. */
export const NEWCOMER_OPEN_MODULES = 2;

export type LearnerFacts = {
  isAdmin: boolean;
  /** A subscription gives access now (viewSubscription(...).has_access). */
  hasPlan: boolean;
  hasSubscriberRole: boolean;
  /** Day of the running platform trial (runningTrialDay), 0 when none runs. */
  trialDay: number;
  /** The active role is newcomer. */
  newcomer: boolean;
};

export function learnerStanding(facts: LearnerFacts): LearnerStanding {
  if (facts.isAdmin) return 'admin';
  if (facts.hasPlan) return 'plan';
  if (facts.hasSubscriberRole) return 'subscriber_role';
  if (facts.trialDay >= 5) return 'trial_day_5_on';
  if (facts.trialDay >= 3) return 'trial_day_3_4';
  if (facts.trialDay >= 1) return 'trial_day_1_2';
  return 'none';
}

/**
 * Whether a learner may open a module of `level` that stands at `position` (0-based) in the list
 * of active modules ordered by sort order.
 */
export function canOpenModule(facts: LearnerFacts, level: LearningAccessLevel, position: number): boolean {
  const standing = learnerStanding(facts);
  if (LEARNING_ACCESS_TABLE[standing][level]) return true;
  return facts.newcomer && NEWCOMER_FIRST_MODULES.has(standing) && position >= 0 && position < NEWCOMER_OPEN_MODULES;
}

/** Spec 2 section 8: the message of a click on a locked module. */
export function lockedModuleMessage(level: LearningAccessLevel): string {
  return `This ${level} content requires a subscription. Please upgrade to access.`;
}

/** The label a locked module card shows (spec 2 section 8). */
export const LOCKED_MODULE_LABEL = 'Subscription Required';
