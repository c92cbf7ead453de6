import { describe, expect, it, test } from 'vitest';
import { GoalSetupInputSchema } from '../schemas/goals.ts';
import { daysUntil, deadlineError, formatGoalDay, goalDeadlineWindow, GOAL_SETUP_SKIP_DAYS, goalSetupSkipEndsAt, isGoalDraftComplete, isoDay, shouldPromptGoalSetup } from './goal-rules.ts';

const TODAY = '2026-11-23';

describe('deadline windows', () => {
  test.each([
    { timeframe: 'short_term', min: '2026-11-24', max: '2027-02-22' },
    { timeframe: 'mid_term', min: '2027-02-23', max: '2027-11-22' },
    { timeframe: 'long_term', min: '2027-11-23', max: '2031-11-23' },
  ] as const)('$timeframe: $min to $max', ({ timeframe, min, max }) => {
    expect(goalDeadlineWindow(timeframe, TODAY)).toEqual({ min, max });
    expect(daysUntil(min, TODAY)).toBeGreaterThan(0);
  });

  test.each([
    { timeframe: 'short_term', deadline: '2026-11-23', ok: false },
    { timeframe: 'short_term', deadline: '2026-11-24', ok: true },
    { timeframe: 'short_term', deadline: '2027-02-22', ok: true },
    { timeframe: 'short_term', deadline: '2027-02-23', ok: false },
    { timeframe: 'mid_term', deadline: '2027-02-22', ok: false },
    { timeframe: 'mid_term', deadline: '2027-02-23', ok: true },
    { timeframe: 'mid_term', deadline: '2027-11-22', ok: true },
    { timeframe: 'mid_term', deadline: '2027-11-23', ok: false },
    { timeframe: 'long_term', deadline: '2027-11-23', ok: true },
    { timeframe: 'long_term', deadline: '2031-11-23', ok: true },
    { timeframe: 'long_term', deadline: '2031-11-24', ok: false },
    { timeframe: 'short_term', deadline: '2026-02-30', ok: false },
    { timeframe: 'short_term', deadline: 'soon', ok: false },
  ] as const)('$timeframe deadline $deadline: $ok', ({ timeframe, deadline, ok }) => {
    expect(deadlineError(timeframe, deadline, TODAY) === null).toBe(ok);
  });

  it('names the window in the product’s one date style, not as ISO days', () => {
    expect(deadlineError('short_term', '2027-02-23', TODAY)).toBe('A short-term goal needs a deadline within the next 13 weeks (Nov 24, 2026 to Feb 22, 2027).');
    expect(formatGoalDay('2031-11-23')).toBe('Nov 23, 2031');
  });

  it('keeps 29 February in February five years on', () => {
    expect(goalDeadlineWindow('long_term', '2028-02-29').max).toBe('2033-02-28');
  });

  it('takes today from the UTC date of the instant', () => {
    expect(isoDay(new Date('2026-11-23T23:59:59Z'))).toBe('2026-11-23');
  });
});

describe('tier completeness', () => {
  const full = { title: 'Earn', target_value: '500', deadline: '2027-01-01', why_important: 'Family' };
  test.each([
    { label: 'complete', draft: full, complete: true },
    { label: 'numeric target', draft: { ...full, target_value: 500 }, complete: true },
    { label: 'no title', draft: { ...full, title: '  ' }, complete: false },
    { label: 'no target', draft: { ...full, target_value: '' }, complete: false },
    { label: 'bad target', draft: { ...full, target_value: 'lots' }, complete: false },
    { label: 'no deadline', draft: { ...full, deadline: '' }, complete: false },
    { label: 'no why', draft: { ...full, why_important: '' }, complete: false },
  ])('$label', ({ draft, complete }) => {
    expect(isGoalDraftComplete(draft)).toBe(complete);
  });

  it('refuses status or score fields in the setup body (strict)', () => {
    const item = { goal_type: 'monetary', title: 'Earn', target_value: 500, unit: 'USD', why_important: 'x', deadline: '2027-01-01' };
    expect(GoalSetupInputSchema.safeParse({ short_term: item }).success).toBe(true);
    expect(GoalSetupInputSchema.safeParse({ short_term: { ...item, status: 'approved' } }).success).toBe(false);
    expect(GoalSetupInputSchema.safeParse({ short_term: item, goal_quality_score: 100 }).success).toBe(false);
  });
});

describe('when the goal quick-setup modal opens', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const base = { hasGoals: false, activeRole: 'trader', skippedAt: null, now };
  it('opens for traders and affiliates without goals only', () => {
    expect(shouldPromptGoalSetup(base)).toBe(true);
    expect(shouldPromptGoalSetup({ ...base, activeRole: 'affiliate' })).toBe(true);
    for (const role of ['newcomer', 'subscriber_free', 'subscriber', 'investor', 'admin']) expect(shouldPromptGoalSetup({ ...base, activeRole: role })).toBe(false);
    expect(shouldPromptGoalSetup({ ...base, hasGoals: true })).toBe(false);
  });
  it('stays closed for exactly GOAL_SETUP_SKIP_DAYS after a skip', () => {
    const skippedAt = new Date(now.getTime() - GOAL_SETUP_SKIP_DAYS * 86_400_000);
    expect(shouldPromptGoalSetup({ ...base, skippedAt })).toBe(true);
    expect(shouldPromptGoalSetup({ ...base, skippedAt: new Date(skippedAt.getTime() + 1) })).toBe(false);
    expect(goalSetupSkipEndsAt(skippedAt)?.toISOString()).toBe(now.toISOString());
    expect(goalSetupSkipEndsAt(null)).toBeNull();
  });
});
