import { describe, expect, test } from 'vitest';
import { payoutProcessingNote } from '../dashboard/dashboard-rules.ts';
import { commissionNotificationText } from './commission-rules.ts';
import { addBusinessDays, meetsPayoutMinimum, nextPayoutDate, payoutArrivalWindow, payoutProcessingTime, payoutStatements } from './payout-schedule.ts';

describe('nextPayoutDate: the weekly run is every Friday (UTC)', () => {
  test.each([
    { label: 'Monday', now: '2026-11-23T12:00:00Z', expected: '2026-11-27' },
    { label: 'Thursday night', now: '2026-11-26T23:59:59Z', expected: '2026-11-27' },
    { label: 'Friday just after midnight: the run is today', now: '2026-11-27T00:00:00Z', expected: '2026-11-27' },
    { label: 'Friday evening: still today', now: '2026-11-27T23:59:59.999Z', expected: '2026-11-27' },
    { label: 'Saturday', now: '2026-11-28T00:00:00Z', expected: '2026-12-04' },
    { label: 'Sunday', now: '2026-11-29T10:00:00Z', expected: '2026-12-04' },
    { label: 'Friday evening in New York is Saturday in UTC', now: '2026-11-27T20:30:00-05:00', expected: '2026-12-04' },
    { label: 'over a year end', now: '2026-12-31T08:00:00Z', expected: '2027-01-01' },
    { label: 'over a month end', now: '2027-02-27T08:00:00Z', expected: '2027-03-05' },
  ])('$label ($now) -> $expected', ({ now, expected }) => {
    expect(nextPayoutDate(new Date(now))).toBe(expected);
  });

  test('a run on another weekday follows the same rule', () => {
    expect(nextPayoutDate(new Date('2026-11-24T12:00:00Z'), { run_weekday: 1 })).toBe('2026-11-30');
  });
});

describe('payoutArrivalWindow: 3-5 business days after the run', () => {
  test.each([
    { run: '2026-11-27', from: '2026-12-02', to: '2026-12-04' },
    { run: '2027-01-01', from: '2027-01-06', to: '2027-01-08' },
  ])('run on $run arrives $from to $to', ({ run, from, to }) => {
    expect(payoutArrivalWindow(run)).toEqual({ from, to });
  });

  test.each([
    { date: '2026-11-27', days: 1, expected: '2026-11-30' },
    { date: '2026-11-28', days: 1, expected: '2026-11-30' },
    { date: '2026-11-23', days: 5, expected: '2026-11-30' },
    { date: '2026-11-23', days: 0, expected: '2026-11-23' },
  ])('$date + $days business days = $expected', ({ date, days, expected }) => {
    expect(addBusinessDays(date, days)).toBe(expected);
  });
});

describe('payout information panel', () => {
  test('states the spec 2 section 9 constants', () => {
    expect(payoutStatements()).toEqual([
      'Payouts are processed every 7 days, in a weekly run every Friday (UTC).',
      'Processing takes 3-5 business days.',
      'Minimum payout: $50.00. A smaller unpaid balance carries over to a later run.',
      'Amounts over $1,000.00 are paid by wire transfer.',
      'Payment methods: ACH, PayPal, wire transfer, cryptocurrency.',
    ]);
  });

  test.each([
    { cents: 4_999, expected: false },
    { cents: 5_000, expected: true },
    { cents: 0, expected: false },
  ])('$cents cents unpaid meets the $50 minimum: $expected', ({ cents, expected }) => {
    expect(meetsPayoutMinimum(cents)).toBe(expected);
  });
});

describe('payoutProcessingTime: one wording of the payout timing', () => {
  test('is "3-5 business days", and the Business Hub card, the commissions panel and the processing notification all say it', () => {
    expect(payoutProcessingTime()).toBe('3-5 business days');
    expect(payoutProcessingNote()).toContain(payoutProcessingTime());
    expect(payoutStatements()).toContain(`Processing takes ${payoutProcessingTime()}.`);
    expect(commissionNotificationText('processing', '$10.00', 'Course').message).toContain(`Payouts take ${payoutProcessingTime()}.`);
  });

  test('follows the policy', () => {
    expect(payoutProcessingTime({ processing_business_days: { min: 2, max: 4 } })).toBe('2-4 business days');
  });
});
