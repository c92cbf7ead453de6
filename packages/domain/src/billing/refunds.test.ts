import { describe, expect, test } from 'vitest';
import {
  businessDaysBetween,
  pendingRefundCents,
  refundableRemainder,
  refundAmountProblem,
  refundedCents,
  refundNoticeText,
  refundRequestAge,
  refundReviewDueOn,
  stripeRefundReason,
  type RefundLine,
} from './refunds.ts';

const line = (amountCents: number, status: RefundLine['status']): RefundLine => ({ amountCents, status });

describe('refundable remainder', () => {
  test.each([
    { label: 'no refund yet', refunds: [], refunded: 0, pending: 0, remaining: 6900 },
    { label: 'half refunded', refunds: [line(3450, 'succeeded')], refunded: 3450, pending: 0, remaining: 3450 },
    { label: 'a pending refund holds its amount back', refunds: [line(1000, 'pending')], refunded: 0, pending: 1000, remaining: 5900 },
    { label: 'a failed refund gives its amount back', refunds: [line(6900, 'failed')], refunded: 0, pending: 0, remaining: 6900 },
    { label: 'a cancelled refund gives its amount back', refunds: [line(500, 'canceled'), line(400, 'succeeded')], refunded: 400, pending: 0, remaining: 6500 },
    { label: 'settled, pending and failed together', refunds: [line(1, 'succeeded'), line(2, 'pending'), line(4, 'failed')], refunded: 1, pending: 2, remaining: 6897 },
    { label: 'refunded in full', refunds: [line(3450, 'succeeded'), line(3450, 'succeeded')], refunded: 6900, pending: 0, remaining: 0 },
    { label: 'more than the payment (a dashboard refund beside ours) is never negative', refunds: [line(6900, 'succeeded'), line(100, 'succeeded')], refunded: 7000, pending: 0, remaining: 0 },
  ])('$label', ({ refunds, refunded, pending, remaining }) => {
    expect(refundedCents(refunds)).toBe(refunded);
    expect(pendingRefundCents(refunds)).toBe(pending);
    expect(refundableRemainder(6900, refunds)).toBe(remaining);
  });
});

describe('refund amount', () => {
  test.each([
    { amount: 1, remaining: 6900, problem: null },
    { amount: 6900, remaining: 6900, problem: null },
    { amount: 3450, remaining: 3450, problem: null },
    { amount: 3451, remaining: 3450, problem: 'At most $34.50 of this payment can still be refunded.' },
    { amount: 0, remaining: 3450, problem: 'Enter an amount above $0.00.' },
    { amount: -5, remaining: 3450, problem: 'Enter an amount above $0.00.' },
    { amount: 1.5, remaining: 3450, problem: 'Enter an amount above $0.00.' },
    { amount: 1, remaining: 0, problem: 'This payment is refunded in full already.' },
  ])('$amount of $remaining left: $problem', ({ amount, remaining, problem }) => {
    expect(refundAmountProblem(amount, remaining)).toBe(problem);
  });
});

test('Stripe reasons: a duplicate payment is duplicate, every other refund requested_by_customer', () => {
  expect(stripeRefundReason('duplicate_payment')).toBe('duplicate');
  expect(stripeRefundReason('charged_after_cancelling')).toBe('requested_by_customer');
  expect(stripeRefundReason('technical_fault')).toBe('requested_by_customer');
  expect(stripeRefundReason('goodwill')).toBe('requested_by_customer');
  expect(stripeRefundReason('provider')).toBe('requested_by_customer');
});

test('the member is told the amount and the 7-10 business days of the policy', () => {
  expect(refundNoticeText({ amountCents: 3450, paymentCents: 6900, paidOn: 'November 2, 2026', planName: '4 Weeks' })).toBe(
    'We refunded $34.50 of your $69.00 payment of November 2, 2026 for the 4 Weeks plan. The money goes back to the card you paid with within 7-10 business days; your bank may take a little longer to show it.',
  );
  expect(refundNoticeText({ amountCents: 6900, paymentCents: 6900, paidOn: 'November 2, 2026', planName: null })).toBe(
    'We refunded $69.00 of your payment of November 2, 2026. The money goes back to the card you paid with within 7-10 business days; your bank may take a little longer to show it.',
  );
});

describe('business days (the 5-business-day review)', () => {
  // 2026-11-27 is a Friday.
  const friday = new Date('2026-11-27T16:00:00Z');
  test.each([
    { to: '2026-11-27T23:59:59Z', days: 0, label: 'the same day' },
    { to: '2026-11-28T10:00:00Z', days: 0, label: 'Saturday' },
    { to: '2026-11-29T10:00:00Z', days: 0, label: 'Sunday' },
    { to: '2026-11-30T00:00:00Z', days: 1, label: 'Monday' },
    { to: '2026-12-04T09:00:00Z', days: 5, label: 'the next Friday' },
    { to: '2026-12-07T09:00:00Z', days: 6, label: 'the Monday after' },
    { to: '2026-11-20T09:00:00Z', days: 0, label: 'a time before the request' },
  ])('from Friday to $label: $days', ({ to, days }) => {
    expect(businessDaysBetween(friday, new Date(to))).toBe(days);
  });

  test('the review is due 5 business days after the request, weekends skipped', () => {
    expect(refundReviewDueOn(friday).toISOString()).toBe('2026-12-04T00:00:00.000Z');
    expect(refundReviewDueOn(new Date('2026-11-30T08:00:00Z')).toISOString()).toBe('2026-12-07T00:00:00.000Z');
    expect(refundReviewDueOn(new Date('2026-11-29T08:00:00Z')).toISOString()).toBe('2026-12-04T00:00:00.000Z');
  });

  test.each([
    { now: '2026-11-28T12:00:00Z', text: 'Under 1 business day old, review due in 5 business days', overdue: false },
    { now: '2026-11-30T12:00:00Z', text: '1 business day old, review due in 4 business days', overdue: false },
    { now: '2026-12-03T12:00:00Z', text: '4 business days old, review due in 1 business day', overdue: false },
    { now: '2026-12-04T12:00:00Z', text: '5 business days old, review due today', overdue: false },
    { now: '2026-12-07T12:00:00Z', text: '6 business days old, past the 5-business-day review', overdue: true },
  ])('a request sent on Friday, seen $now: $text', ({ now, text, overdue }) => {
    expect(refundRequestAge(friday, new Date(now))).toEqual({ businessDays: expect.any(Number), overdue, text });
  });
});
