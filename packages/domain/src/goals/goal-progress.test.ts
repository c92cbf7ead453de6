import fc from 'fast-check';
import { describe, expect, it, test } from 'vitest';
import {
  goalAchievementScore,
  goalProgressPercent,
  goalQualityScore,
  habitPeriod,
  habitStreak,
  isLedgerFed,
  ledgerReadings,
  progressStatus,
  qualityScoreColor,
  timeProgressPercent,
  velocityPerWeek,
} from './goal-progress.ts';

const NOW = new Date('2026-11-25T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

describe('status rule (spec 2 section 4)', () => {
  test.each([
    { actual: 39.9, time: 50, status: 'behind' },
    { actual: 40, time: 50, status: 'on_track' },
    { actual: 60, time: 50, status: 'on_track' },
    { actual: 60.1, time: 50, status: 'ahead' },
    { actual: 79.9, time: 99.9, status: 'behind' },
    { actual: 0, time: 0, status: 'on_track' },
    { actual: 5, time: 0, status: 'ahead' },
    { actual: 100, time: 100, status: 'on_track' },
  ] as const)('actual $actual% at time $time%: $status', ({ actual, time, status }) => {
    expect(progressStatus(actual, time)).toBe(status);
  });
});

describe('progress shown', () => {
  it('is current over target, capped at 100%', () => {
    expect(goalProgressPercent(250, 1000)).toBe(25);
    expect(goalProgressPercent(1500, 1000)).toBe(100);
    expect(goalProgressPercent(-5, 1000)).toBe(0);
    expect(goalProgressPercent(5, 0)).toBe(0);
  });

  it('never leaves 0..100 for any value, target or ledger history (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1_000_000, max: 10_000_000 }), { maxLength: 50 }), fc.double({ min: -1e9, max: 1e12, noNaN: true }), (amounts, target) => {
        const readings = ledgerReadings(amounts.map((amount_cents, i) => ({ at: daysAgo(i), amount_cents })));
        const current = readings.at(-1)?.value ?? 0;
        const shown = goalProgressPercent(current, target);
        expect(shown).toBeGreaterThanOrEqual(0);
        expect(shown).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('counts time from creation to the end of the deadline day', () => {
    expect(timeProgressPercent('2026-11-15T00:00:00Z', '2026-12-05', NOW)).toBe(50);
    expect(timeProgressPercent('2026-11-15T12:00:00Z', '2026-11-20', NOW)).toBe(100);
    expect(timeProgressPercent('2026-11-26T00:00:00Z', '2026-12-20', NOW)).toBe(0);
  });

  it('feeds USD monetary goals from the ledger only', () => {
    expect(isLedgerFed({ goal_type: 'monetary', unit: 'USD' })).toBe(true);
    expect(isLedgerFed({ goal_type: 'monetary', unit: 'count' })).toBe(false);
    expect(isLedgerFed({ goal_type: 'skill', unit: '%' })).toBe(false);
  });
});

describe('velocity (units per week over the last 13 weeks)', () => {
  it('divides the change over the goal age when younger than 13 weeks', () => {
    expect(velocityPerWeek([{ at: daysAgo(7), value: 10 }, { at: daysAgo(1), value: 40 }], daysAgo(14), NOW)).toBe(20);
  });

  it('looks back 13 weeks at most, from the value held at the window start', () => {
    const readings = [
      { at: daysAgo(200), value: 100 },
      { at: daysAgo(30), value: 230 },
    ];
    expect(velocityPerWeek(readings, daysAgo(365), NOW)).toBe(10);
  });

  it('is 0 without readings and adds ledger entries up', () => {
    expect(velocityPerWeek([], daysAgo(10), NOW)).toBe(0);
    const readings = ledgerReadings([
      { at: daysAgo(3), amount_cents: 5000 },
      { at: daysAgo(10), amount_cents: 2500 },
    ]);
    expect(readings.map((r) => r.value)).toEqual([2500, 7500]);
    expect(velocityPerWeek(readings, daysAgo(14), NOW)).toBe(3750);
  });
});

describe('quality score (decision 39)', () => {
  const good = {
    title: 'Earn my first $1,500',
    target_value: 1500,
    unit: 'USD',
    deadline: '2027-01-15',
    timeframe: 'short_term' as const,
    why_important: 'To show my family this business works for us.',
    daily_habits: ['Call two leads'],
    weekly_habits: [],
  };
  test.each([
    { label: 'all five', goal: good, score: 100 },
    { label: 'short title', goal: { ...good, title: 'Earn' }, score: 80 },
    { label: 'deadline outside window', goal: { ...good, deadline: '2027-06-01' }, score: 80 },
    { label: 'short reason', goal: { ...good, why_important: 'Money' }, score: 80 },
    { label: 'no habit', goal: { ...good, daily_habits: [] }, score: 80 },
    { label: 'only target', goal: { ...good, title: 'x', why_important: 'y', daily_habits: [], deadline: '2030-01-01' }, score: 20 },
  ])('$label: $score', ({ goal, score }) => {
    expect(goalQualityScore(goal, '2026-11-25')).toBe(score);
  });

  test.each([
    [100, 'green'],
    [80, 'green'],
    [79, 'yellow'],
    [60, 'yellow'],
    [59, 'red'],
  ] as const)('%i is %s', (score, color) => {
    expect(qualityScoreColor(score)).toBe(color);
  });
});

describe('goal achievement score (30% short, 40% mid, 30% long)', () => {
  it('weights the mean progress of each tier', () => {
    const score = goalAchievementScore([
      { timeframe: 'short_term', status: 'completed', progress_percent: 100 },
      { timeframe: 'mid_term', status: 'approved', progress_percent: 50 },
      { timeframe: 'long_term', status: 'active', progress_percent: 0 },
    ]);
    expect(score).toBe(50);
  });

  it('leaves out tiers without an approved goal and goals still in review', () => {
    expect(
      goalAchievementScore([
        { timeframe: 'short_term', status: 'approved', progress_percent: 40 },
        { timeframe: 'short_term', status: 'approved', progress_percent: 80 },
        { timeframe: 'mid_term', status: 'pending_approval', progress_percent: 100 },
      ]),
    ).toBe(60);
    expect(goalAchievementScore([{ timeframe: 'mid_term', status: 'rejected', progress_percent: 90 }])).toBeNull();
  });
});

describe('habit streaks', () => {
  it('counts consecutive days ending today, or yesterday while today is not ticked yet', () => {
    expect(habitStreak('daily', ['2026-11-25', '2026-11-24', '2026-11-23', '2026-11-21'], NOW)).toBe(3);
    expect(habitStreak('daily', ['2026-11-24', '2026-11-23'], NOW)).toBe(2);
    expect(habitStreak('daily', ['2026-11-23'], NOW)).toBe(0);
    expect(habitStreak('daily', [], NOW)).toBe(0);
  });

  it('counts weeks by their Monday (UTC)', () => {
    expect(habitPeriod('weekly', new Date('2026-11-25T12:00:00Z'))).toBe('2026-11-23');
    expect(habitPeriod('weekly', new Date('2026-11-29T23:59:59Z'))).toBe('2026-11-23');
    expect(habitPeriod('weekly', new Date('2026-11-30T00:00:00Z'))).toBe('2026-11-30');
    expect(habitStreak('weekly', ['2026-11-16', '2026-11-09'], NOW)).toBe(2);
    expect(habitStreak('weekly', ['2026-11-23', '2026-11-16', '2026-11-02'], NOW)).toBe(2);
  });
});
