import { formatDollarsAndCents, type Cents } from '../money.ts';

/**
 * Refunds of subscription payments (issue 31 item 1, decision 065). The Refund Policy's three
 * cases, and a goodwill refund outside them that needs a written note.
 */
export const REFUND_REASONS = ['charged_after_cancelling', 'technical_fault', 'duplicate_payment', 'goodwill'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** A refund made at the provider (Stripe's dashboard) that no admin asked for here. */
export const PROVIDER_REFUND_REASON = 'provider' as const;
export type StoredRefundReason = RefundReason | typeof PROVIDER_REFUND_REASON;
export const STORED_REFUND_REASONS = [...REFUND_REASONS, PROVIDER_REFUND_REASON] as const;

export const REFUND_REASON_LABELS: Readonly<Record<StoredRefundReason, string>> = {
  charged_after_cancelling: 'Charged after cancelling',
  technical_fault: 'Technical fault',
  duplicate_payment: 'Duplicate payment',
  goodwill: 'Other (goodwill)',
  provider: 'Refunded at the payment provider',
};

/** pending: asked of the provider, not settled; succeeded: the provider's event settled it. */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed', 'canceled'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * When the refunded member's access ends: at once (the subscription is ended now), at the end of
 * the paid period (it does not renew), or not at all (a duplicate charge: the plan goes on).
 */
export const REFUND_ACCESS = ['now', 'period_end', 'keep'] as const;
export type RefundAccess = (typeof REFUND_ACCESS)[number];
export const REFUND_ACCESS_LABELS: Readonly<Record<RefundAccess, string>> = {
  now: 'Access ends now',
  period_end: 'Access ends at the end of the paid period (no renewal)',
  keep: 'Access unchanged (the plan continues)',
};

/** The Refund Policy's review time, and the payout time the member is told. */
export const REFUND_REVIEW_BUSINESS_DAYS = 5;
export const REFUND_PAYOUT_TIME = '7-10 business days';
export const REFUND_NOTE_MAX = 500;

export type RefundLine = { amountCents: Cents; status: RefundStatus };

/** Refunded so far: the refunds the provider settled. */
export function refundedCents(refunds: readonly RefundLine[]): Cents {
  return refunds.reduce((sum, refund) => (refund.status === 'succeeded' ? sum + refund.amountCents : sum), 0);
}

/** Asked of the provider and not settled yet: held back from what can still be refunded. */
export function pendingRefundCents(refunds: readonly RefundLine[]): Cents {
  return refunds.reduce((sum, refund) => (refund.status === 'pending' ? sum + refund.amountCents : sum), 0);
}

/**
 * What can still be refunded of a payment: its amount less the refunds settled and those pending
 * (a failed or cancelled refund gives its amount back). Never below zero, even when the provider
 * refunded more than we knew of (a dashboard refund beside ours).
 */
export function refundableRemainder(paymentCents: Cents, refunds: readonly RefundLine[]): Cents {
  return Math.max(0, paymentCents - refundedCents(refunds) - pendingRefundCents(refunds));
}

/** Why this amount cannot be refunded of a payment with `remainingCents` left, or null when it can. */
export function refundAmountProblem(amountCents: Cents, remainingCents: Cents): string | null {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return 'Enter an amount above $0.00.';
  if (remainingCents <= 0) return 'This payment is refunded in full already.';
  if (amountCents > remainingCents) return `At most ${formatDollarsAndCents(remainingCents)} of this payment can still be refunded.`;
  return null;
}

/** Stripe's refund reason for ours: Stripe knows duplicate, fraudulent and requested_by_customer. */
export function stripeRefundReason(reason: StoredRefundReason): 'duplicate' | 'requested_by_customer' {
  return reason === 'duplicate_payment' ? 'duplicate' : 'requested_by_customer';
}

/** What the member reads (notification and e-mail) when a refund is settled. */
export function refundNoticeText(input: { amountCents: Cents; paymentCents: Cents; paidOn: string; planName: string | null }): string {
  const whole = input.amountCents >= input.paymentCents;
  const of = `${whole ? 'your' : `your ${formatDollarsAndCents(input.paymentCents)}`} payment of ${input.paidOn}${input.planName ? ` for the ${input.planName} plan` : ''}`;
  return (
    `We refunded ${formatDollarsAndCents(input.amountCents)} of ${of}. ` +
    `The money goes back to the card you paid with within ${REFUND_PAYOUT_TIME}; your bank may take a little longer to show it.`
  );
}

const DAY_MS = 86_400_000;
const isWeekday = (time: number) => {
  const day = new Date(time).getUTCDay();
  return day !== 0 && day !== 6;
};
const startOfUtcDay = (date: Date) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());

/**
 * Whole business days (Monday to Friday, UTC) from `from` to `to`: the days after `from`'s day up
 * to and including `to`'s day that are weekdays. A request sent on Friday is 1 business day old on
 * Monday; 0 on the day it was sent and over the weekend. Holidays are not counted out.
 */
export function businessDaysBetween(from: Date, to: Date): number {
  let count = 0;
  for (let day = startOfUtcDay(from) + DAY_MS; day <= startOfUtcDay(to); day += DAY_MS) if (isWeekday(day)) count += 1;
  return count;
}

/** The day the Refund Policy's review is due: REFUND_REVIEW_BUSINESS_DAYS business days after the request's day. */
export function refundReviewDueOn(requestedAt: Date): Date {
  let day = startOfUtcDay(requestedAt);
  for (let left = REFUND_REVIEW_BUSINESS_DAYS; left > 0; ) {
    day += DAY_MS;
    if (isWeekday(day)) left -= 1;
  }
  return new Date(day);
}

export type RefundRequestAge = { businessDays: number; overdue: boolean; text: string };

/** A refund request's age as the admin's Support tab shows it, against the 5-business-day review. */
export function refundRequestAge(requestedAt: Date, now: Date): RefundRequestAge {
  const businessDays = businessDaysBetween(requestedAt, now);
  const overdue = businessDays > REFUND_REVIEW_BUSINESS_DAYS;
  const age = businessDays === 0 ? 'Under 1 business day old' : `${businessDays} business day${businessDays === 1 ? '' : 's'} old`;
  const left = REFUND_REVIEW_BUSINESS_DAYS - businessDays;
  const verdict = overdue
    ? `past the ${REFUND_REVIEW_BUSINESS_DAYS}-business-day review`
    : left === 0
      ? 'review due today'
      : `review due in ${left} business day${left === 1 ? '' : 's'}`;
  return { businessDays, overdue, text: `${age}, ${verdict}` };
}
