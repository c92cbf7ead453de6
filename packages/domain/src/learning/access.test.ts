import { describe, expect, test } from 'vitest';
import { canOpenModule, LEARNER_STANDINGS, learnerStanding, lockedModuleMessage, type LearnerFacts, type LearnerStanding } from './access.ts';
import { LEARNING_ACCESS_LEVELS, type LearningAccessLevel } from './learning-catalogue.ts';

/** Facts that put a learner in each standing (decision 41). */
const FACTS: Record<LearnerStanding, Omit<LearnerFacts, 'newcomer'>> = {
  admin: { isAdmin: true, hasPlan: false, hasSubscriberRole: false, trialDay: 0 },
  plan: { isAdmin: false, hasPlan: true, hasSubscriberRole: true, trialDay: 0 },
  subscriber_role: { isAdmin: false, hasPlan: false, hasSubscriberRole: true, trialDay: 0 },
  trial_day_1_2: { isAdmin: false, hasPlan: false, hasSubscriberRole: false, trialDay: 2 },
  trial_day_3_4: { isAdmin: false, hasPlan: false, hasSubscriberRole: false, trialDay: 3 },
  trial_day_5_on: { isAdmin: false, hasPlan: false, hasSubscriberRole: false, trialDay: 7 },
  none: { isAdmin: false, hasPlan: false, hasSubscriberRole: false, trialDay: 0 },
};

// Written from DESIGN.md decision 41, not computed: which levels open, for a module beyond the
// first 2 (position 5) and for one of the first 2 (position 1), by newcomer or another active role.
// Columns: free, trial, subscriber, premium.
type Row = [LearnerStanding, newcomer: boolean, beyondFirstTwo: [boolean, boolean, boolean, boolean], firstTwo: [boolean, boolean, boolean, boolean]];
const T = true;
const F = false;
const TABLE: Row[] = [
  ['admin', F, [T, T, T, T], [T, T, T, T]],
  ['admin', T, [T, T, T, T], [T, T, T, T]],
  ['plan', F, [T, T, T, T], [T, T, T, T]],
  ['plan', T, [T, T, T, T], [T, T, T, T]],
  ['subscriber_role', F, [T, T, T, F], [T, T, T, F]],
  ['subscriber_role', T, [T, T, T, F], [T, T, T, F]],
  ['trial_day_1_2', F, [T, F, F, F], [T, F, F, F]],
  ['trial_day_1_2', T, [T, F, F, F], [T, T, T, T]],
  ['trial_day_3_4', F, [T, T, F, F], [T, T, F, F]],
  ['trial_day_3_4', T, [T, T, F, F], [T, T, T, T]],
  ['trial_day_5_on', F, [T, T, T, F], [T, T, T, F]],
  ['trial_day_5_on', T, [T, T, T, F], [T, T, T, T]],
  ['none', F, [T, F, F, F], [T, F, F, F]],
  ['none', T, [T, F, F, F], [T, T, T, T]],
];

describe('learning access table (DESIGN.md decision 41)', () => {
  test('the table covers every standing x newcomer', () => {
    expect(new Set(TABLE.map(([s, n]) => `${s}/${n}`)).size).toBe(LEARNER_STANDINGS.length * 2);
  });

  test.each(TABLE)('%s, newcomer %s', (standing, newcomer, beyond, firstTwo) => {
    const facts: LearnerFacts = { ...FACTS[standing], newcomer };
    expect(learnerStanding(facts)).toBe(standing);
    LEARNING_ACCESS_LEVELS.forEach((level: LearningAccessLevel, i) => {
      expect(canOpenModule(facts, level, 5), `${level} beyond the first 2`).toBe(beyond[i]);
      expect(canOpenModule(facts, level, 2), `${level} third module`).toBe(beyond[i]);
      expect(canOpenModule(facts, level, 0), `${level} first module`).toBe(firstTwo[i]);
      expect(canOpenModule(facts, level, 1), `${level} second module`).toBe(firstTwo[i]);
    });
  });

  test.each([
    [0, 'none'],
    [1, 'trial_day_1_2'],
    [2, 'trial_day_1_2'],
    [3, 'trial_day_3_4'],
    [4, 'trial_day_3_4'],
    [5, 'trial_day_5_on'],
    [6, 'trial_day_5_on'],
    [7, 'trial_day_5_on'],
  ] as const)('trial day %i is %s', (trialDay, standing) => {
    expect(learnerStanding({ isAdmin: false, hasPlan: false, hasSubscriberRole: false, trialDay, newcomer: true })).toBe(standing);
  });

  test('a plan outranks the trial day, the admin role outranks all', () => {
    expect(learnerStanding({ isAdmin: false, hasPlan: true, hasSubscriberRole: false, trialDay: 1, newcomer: true })).toBe('plan');
    expect(learnerStanding({ isAdmin: true, hasPlan: false, hasSubscriberRole: false, trialDay: 1, newcomer: true })).toBe('admin');
  });

  test('the locked click message of spec 2 section 8', () => {
    expect(lockedModuleMessage('premium')).toBe('This premium content requires a subscription. Please upgrade to access.');
  });
});
