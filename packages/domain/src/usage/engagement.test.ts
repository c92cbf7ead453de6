import { describe, expect, test } from 'vitest';
import { engagementLevel, engagementScore, NO_ENGAGEMENT } from './engagement.ts';
import { FIRST_MONTH_PROMOTION_TEXT, upgradeRecommendation } from './upgrade-recommendation.ts';

describe('engagement formula', () => {
  test.each([
    { label: 'nothing', inputs: NO_ENGAGEMENT, score: 0, level: 'low' },
    { label: 'one visit', inputs: { activeDays: 1, pageViews: 3, actions: 0, featureAccesses: 0, timeSpentMs: 120_000 }, score: 9, level: 'low' },
    { label: 'everything at full', inputs: { activeDays: 5, pageViews: 30, actions: 10, featureAccesses: 10, timeSpentMs: 3_600_000 }, score: 100, level: 'high' },
    { label: 'capped above full', inputs: { activeDays: 9, pageViews: 500, actions: 90, featureAccesses: 90, timeSpentMs: 90_000_000 }, score: 100, level: 'high' },
    { label: 'half of everything', inputs: { activeDays: 2.5, pageViews: 15, actions: 5, featureAccesses: 5, timeSpentMs: 1_800_000 }, score: 50, level: 'medium' },
    { label: 'just medium', inputs: { activeDays: 3, pageViews: 12, actions: 4, featureAccesses: 0, timeSpentMs: 0 }, score: 33, level: 'low' },
    { label: 'at 40', inputs: { activeDays: 5, pageViews: 12, actions: 0, featureAccesses: 0, timeSpentMs: 0 }, score: 40, level: 'medium' },
    { label: 'at 70', inputs: { activeDays: 5, pageViews: 30, actions: 3, featureAccesses: 0, timeSpentMs: 0 }, score: 59, level: 'medium' },
    { label: 'high', inputs: { activeDays: 5, pageViews: 30, actions: 15, featureAccesses: 0, timeSpentMs: 0 }, score: 74, level: 'high' },
  ])('$label: $score ($level)', ({ inputs, score, level }) => {
    expect(engagementScore(inputs)).toBe(score);
    expect(engagementLevel(engagementScore(inputs))).toBe(level);
  });

  test.each([
    { score: 69, level: 'medium' },
    { score: 70, level: 'high' },
    { score: 39, level: 'low' },
    { score: 40, level: 'medium' },
  ])('level boundary $score: $level', ({ score, level }) => {
    expect(engagementLevel(score)).toBe(level);
  });
});

describe('upgrade recommendation', () => {
  const base = { accessLevel: 'trial' as const, level: 'low' as const, trialDay: 1, daysRemaining: 6, promotionText: null };
  test('no prompt for subscribers or without a trial', () => {
    expect(upgradeRecommendation({ ...base, accessLevel: 'subscriber' }).should_show_prompt).toBe(false);
    expect(upgradeRecommendation({ ...base, accessLevel: 'preview' }).should_show_prompt).toBe(false);
  });
  test('a little-engaged user early in the trial is not prompted; a highly engaged one is', () => {
    expect(upgradeRecommendation(base).should_show_prompt).toBe(false);
    expect(upgradeRecommendation({ ...base, level: 'high' })).toMatchObject({ should_show_prompt: true, recommendation: { urgency: 'medium' } });
  });
  test('highlights the built features still to unlock, never one in development', () => {
    expect(upgradeRecommendation({ ...base, level: 'medium' }).recommendation.features_highlight).toEqual(['Premium Trading Compass', 'Advanced Learning Modules', 'Full Learning Library']);
    expect(upgradeRecommendation({ ...base, level: 'medium', trialDay: 7 }).recommendation.features_highlight).toEqual(['Real-time Trading Compass', 'Trading Alerts', 'Trader Breakdown']);
  });
  test('three days left: medium; under a day or expired: high, with no discount unless one is configured', () => {
    expect(upgradeRecommendation({ ...base, trialDay: 4, daysRemaining: 3 }).recommendation.urgency).toBe('medium');
    const lastDay = upgradeRecommendation({ ...base, trialDay: 7, daysRemaining: 0 });
    expect(lastDay).toMatchObject({ should_show_prompt: true, recommendation: { urgency: 'high', promotion: null } });
    expect(lastDay.recommendation.urgency_message).not.toContain('20%');
    const expired = upgradeRecommendation({ ...base, accessLevel: 'expired_trial', trialDay: 0, daysRemaining: 0, promotionText: FIRST_MONTH_PROMOTION_TEXT });
    expect(expired.recommendation).toMatchObject({ urgency: 'high', promotion: FIRST_MONTH_PROMOTION_TEXT, urgency_message: FIRST_MONTH_PROMOTION_TEXT });
  });
});
