import { describe, expect, it, test } from 'vitest';
import {
  cappedProgressPercent,
  dashboardFiguresValidUntil,
  deriveAchievements,
  monthToDateWindows,
  payoutProcessingNote,
  percentChange,
  pickMonthlyTargetGoal,
  targetProgress,
  type AchievementFacts,
  type TargetGoal,
} from './dashboard-rules.ts';

describe('percentChange: one decimal, half up; no percentage from zero', () => {
  test.each([
    { current: 150, previous: 100, expected: 50 },
    { current: 50, previous: 100, expected: -50 },
    { current: 100, previous: 100, expected: 0 },
    { current: 0, previous: 100, expected: -100 },
    { current: 1, previous: 3, expected: -66.7 },
    { current: 2, previous: 3, expected: -33.3 },
    { current: 4, previous: 3, expected: 33.3 },
    { current: 1_235, previous: 1_000, expected: 23.5 },
    { current: 0, previous: 0, expected: 0 },
    { current: 5, previous: 0, expected: null },
    { current: -50, previous: -100, expected: 50 },
  ])('$previous -> $current = $expected', ({ current, previous, expected }) => {
    expect(percentChange(current, previous)).toBe(expected);
  });
});

describe('monthToDateWindows: this month so far against the same days of last month (UTC)', () => {
  test.each([
    {
      label: 'mid-month',
      now: '2026-11-23T12:00:00Z',
      current: ['2026-11-01T00:00:00.000Z', '2026-11-24T00:00:00.000Z'],
      previous: ['2026-10-01T00:00:00.000Z', '2026-10-24T00:00:00.000Z'],
      days: { current: ['2026-11-01', '2026-11-23'], previous: ['2026-10-01', '2026-10-23'] },
    },
    {
      label: 'the first day, just after midnight',
      now: '2026-12-01T00:00:00Z',
      current: ['2026-12-01T00:00:00.000Z', '2026-12-02T00:00:00.000Z'],
      previous: ['2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z'],
      days: { current: ['2026-12-01', '2026-12-01'], previous: ['2026-11-01', '2026-11-01'] },
    },
    {
      label: '31 March against the whole of a 28-day February',
      now: '2027-03-31T23:59:59Z',
      current: ['2027-03-01T00:00:00.000Z', '2027-04-01T00:00:00.000Z'],
      previous: ['2027-02-01T00:00:00.000Z', '2027-03-01T00:00:00.000Z'],
      days: { current: ['2027-03-01', '2027-03-31'], previous: ['2027-02-01', '2027-02-28'] },
    },
    {
      label: '30 March in a leap year: the whole 29-day February',
      now: '2028-03-30T08:00:00Z',
      current: ['2028-03-01T00:00:00.000Z', '2028-03-31T00:00:00.000Z'],
      previous: ['2028-02-01T00:00:00.000Z', '2028-03-01T00:00:00.000Z'],
      days: { current: ['2028-03-01', '2028-03-30'], previous: ['2028-02-01', '2028-02-29'] },
    },
    {
      label: 'January compares with December of the year before',
      now: '2027-01-15T10:00:00Z',
      current: ['2027-01-01T00:00:00.000Z', '2027-01-16T00:00:00.000Z'],
      previous: ['2026-12-01T00:00:00.000Z', '2026-12-16T00:00:00.000Z'],
      days: { current: ['2027-01-01', '2027-01-15'], previous: ['2026-12-01', '2026-12-15'] },
    },
    {
      label: 'late evening in New York is already the next day in UTC',
      now: '2026-11-30T21:00:00-05:00',
      current: ['2026-12-01T00:00:00.000Z', '2026-12-02T00:00:00.000Z'],
      previous: ['2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z'],
      days: { current: ['2026-12-01', '2026-12-01'], previous: ['2026-11-01', '2026-11-01'] },
    },
  ])('$label', ({ now, current, previous, days }) => {
    const windows = monthToDateWindows(new Date(now));
    expect([windows.current.from.toISOString(), windows.current.to.toISOString()]).toEqual(current);
    expect([windows.previous.from.toISOString(), windows.previous.to.toISOString()]).toEqual(previous);
    expect([windows.currentDays.from, windows.currentDays.to]).toEqual(days.current);
    expect([windows.previousDays.from, windows.previousDays.to]).toEqual(days.previous);
  });
});

describe('cappedProgressPercent', () => {
  test.each([
    { current: 0, target: 1_000, expected: 0 },
    { current: 620, target: 1_000, expected: 62 },
    { current: 1, target: 3, expected: 33.3 },
    { current: 999_999, target: 1_000_000, expected: 100 },
    { current: 1_000, target: 1_000, expected: 100 },
    { current: 2_500, target: 1_000, expected: 100 },
    { current: -10, target: 1_000, expected: 0 },
    { current: 10, target: 0, expected: 0 },
  ])('$current of $target = $expected%', ({ current, target, expected }) => {
    expect(cappedProgressPercent(current, target)).toBe(expected);
  });
});

describe('pickMonthlyTargetGoal: the monetary USD goal running this month that is due first', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const goal = (overrides: Partial<TargetGoal>): TargetGoal => ({
    id: 'g',
    title: 'Earn $1,500',
    goal_type: 'monetary',
    unit: 'USD',
    status: 'approved',
    target_cents: 150_000,
    current_cents: 30_000,
    deadline: '2026-12-31',
    created_at: '2026-10-01T00:00:00.000Z',
    ...overrides,
  });

  test('none: no target', () => {
    expect(pickMonthlyTargetGoal([], now)).toBeNull();
    expect(targetProgress(null)).toBeNull();
  });

  test.each([
    { label: 'a skill goal', overrides: { goal_type: 'skill', unit: '%' } },
    { label: 'a monetary goal counted in something else than USD', overrides: { unit: 'count' } },
    { label: 'a rejected goal', overrides: { status: 'rejected' } },
    { label: 'a goal sent back for revision', overrides: { status: 'revision_requested' } },
    // Not yet approved: the sidebar card and the Hub must not show it as this month's target (issue 26).
    { label: 'a goal still pending approval', overrides: { status: 'pending_approval' } },
    { label: 'a goal that ended last month', overrides: { deadline: '2026-10-31' } },
    { label: 'a goal set up after now', overrides: { created_at: '2026-11-23T12:00:01.000Z' } },
    { label: 'a goal with no target', overrides: { target_cents: 0 } },
  ])('$label is not a monthly target', ({ overrides }) => {
    expect(pickMonthlyTargetGoal([goal(overrides)], now)).toBeNull();
  });

  test.each([
    { label: 'approved', status: 'approved' },
    { label: 'active', status: 'active' },
    { label: 'completed', status: 'completed' },
  ])('a $label goal counts', ({ status }) => {
    expect(pickMonthlyTargetGoal([goal({ status })], now)?.status).toBe(status);
  });

  test('a goal due earlier this month still counts until the month ends; the one due first wins, then the newest', () => {
    const endedThisMonth = goal({ id: 'early', deadline: '2026-11-05' });
    const later = goal({ id: 'later', deadline: '2027-01-31' });
    expect(pickMonthlyTargetGoal([later, endedThisMonth], now)?.id).toBe('early');
    const older = goal({ id: 'older', deadline: '2026-12-15', created_at: '2026-09-01T00:00:00.000Z' });
    const newer = goal({ id: 'newer', deadline: '2026-12-15', created_at: '2026-11-01T00:00:00.000Z' });
    expect(pickMonthlyTargetGoal([older, newer, later], now)?.id).toBe('newer');
  });

  test('progress is current / target, capped at 100', () => {
    expect(targetProgress(goal({ current_cents: 30_000 }))).toMatchObject({ progress_percent: 20, is_reached: false, target_cents: 150_000 });
    expect(targetProgress(goal({ current_cents: 400_000 }))).toMatchObject({ progress_percent: 100, is_reached: true });
    expect(targetProgress(goal({ current_cents: 0, status: 'completed' }))).toMatchObject({ progress_percent: 0, is_reached: true });
  });
});

describe('payoutProcessingNote', () => {
  test('reads the payout policy', () => {
    expect(payoutProcessingNote()).toBe('Processing within 3-5 business days');
    expect(payoutProcessingNote({ processing_business_days: { min: 2, max: 4 } })).toBe('Processing within 2-4 business days');
  });
});

describe('deriveAchievements: from dated facts only', () => {
  const none: AchievementFacts = {
    firstLeadAddedOn: null,
    leadsClosedByDay: [],
    firstCommissionEarnedAt: null,
    firstCommissionPaidAt: null,
    firstReferralAt: null,
    goals: [],
  };

  test('nothing happened: no achievement', () => {
    expect(deriveAchievements(none)).toEqual([]);
  });

  test('each fact gives its achievement with its date, newest first', () => {
    const list = deriveAchievements({
      firstLeadAddedOn: '2026-09-01',
      leadsClosedByDay: [{ day: '2026-09-20', count: 1 }],
      firstCommissionEarnedAt: new Date('2026-10-02T10:00:00Z'),
      firstCommissionPaidAt: new Date('2026-10-12T09:00:00Z'),
      firstReferralAt: new Date('2026-11-03T23:30:00Z'),
      goals: [],
    });
    expect(list.map(({ key, date }) => [key, date])).toEqual([
      ['first_referral', '2026-11-03'],
      ['first_commission_paid', '2026-10-12'],
      ['first_commission', '2026-10-02'],
      ['leads_closed_1', '2026-09-20'],
      ['first_lead', '2026-09-01'],
    ]);
    expect(list[0]).toEqual({ key: 'first_referral', title: 'First referral joined', description: 'Someone joined MYEAI with your referral code.', date: '2026-11-03' });
  });

  test('closed-lead milestones fall on the day the running total reaches 1, 10, 50 and 100', () => {
    const list = deriveAchievements({
      ...none,
      leadsClosedByDay: [
        { day: '2026-11-02', count: 60 },
        { day: '2026-10-01', count: 2 },
        { day: '2026-10-15', count: 7 },
        { day: '2026-10-20', count: 0 },
      ],
    });
    expect(list.map(({ key, title, date }) => [key, title, date])).toEqual([
      ['leads_closed_50', '50 deals closed', '2026-11-02'],
      ['leads_closed_10', '10 deals closed', '2026-11-02'],
      ['leads_closed_1', 'First deal closed', '2026-10-01'],
    ]);
  });

  test('goals: approved on the review date, completed on the last update; others give nothing', () => {
    const list = deriveAchievements({
      ...none,
      goals: [
        { id: 'a', title: 'Earn $1,500', status: 'completed', reviewed_at: new Date('2026-10-01T08:00:00Z'), updated_at: new Date('2026-11-20T08:00:00Z') },
        { id: 'b', title: 'Read 4 books', status: 'pending_approval', reviewed_at: null, updated_at: new Date('2026-11-21T08:00:00Z') },
        { id: 'c', title: 'Rejected one', status: 'rejected', reviewed_at: new Date('2026-11-22T08:00:00Z'), updated_at: new Date('2026-11-22T08:00:00Z') },
      ],
    });
    expect(list).toEqual([
      { key: 'goal_completed:a', title: 'Goal completed', description: 'You completed your goal "Earn $1,500".', date: '2026-11-20' },
      { key: 'goal_approved:a', title: 'Goal approved', description: 'Your goal "Earn $1,500" was approved.', date: '2026-10-01' },
    ]);
  });

  test('at most six, the most recent', () => {
    const list = deriveAchievements({
      firstLeadAddedOn: '2026-01-01',
      leadsClosedByDay: [
        { day: '2026-02-01', count: 1 },
        { day: '2026-03-01', count: 9 },
        { day: '2026-04-01', count: 40 },
        { day: '2026-05-01', count: 50 },
      ],
      firstCommissionEarnedAt: new Date('2026-06-01T00:00:00Z'),
      firstCommissionPaidAt: new Date('2026-07-01T00:00:00Z'),
      firstReferralAt: new Date('2026-08-01T00:00:00Z'),
      goals: [],
    });
    expect(list).toHaveLength(6);
    expect(list.map((a) => a.date)).toEqual(['2026-08-01', '2026-07-01', '2026-06-01', '2026-05-01', '2026-04-01', '2026-03-01']);
    expect(deriveAchievements({ ...none, firstLeadAddedOn: '2026-01-01' }, 0)).toEqual([]);
  });
});

describe('dashboardFiguresValidUntil', () => {
  it('is the next UTC midnight, also across a month and a year end', () => {
    expect(dashboardFiguresValidUntil(new Date('2026-11-25T13:45:00.000Z')).toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(dashboardFiguresValidUntil(new Date('2026-11-30T23:59:59.999Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(dashboardFiguresValidUntil(new Date('2026-12-31T00:00:00.000Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('the first commission achievement tells the commission\'s origin', () => {
  const facts = { firstLeadAddedOn: null, leadsClosedByDay: [], firstCommissionEarnedAt: new Date('2026-10-02T10:00:00Z'), firstCommissionPaidAt: null, firstReferralAt: null, goals: [] };
  test.each([
    { source: 'conversion' as const, description: 'A sale through your link earned you a commission.' },
    { source: 'cell' as const, description: 'Revenue processed on your commission cell paid you your first cell payout.' },
    { source: 'adjustment' as const, description: 'An admin credited you your first commission.' },
  ])('$source', ({ source, description }) => {
    expect(deriveAchievements({ ...facts, firstCommissionSource: source })[0]).toMatchObject({ key: 'first_commission', description });
  });
});
