import type { Cents } from '../money.ts';
import { payoutProcessingTime } from './payout-schedule.ts';

/**
 * The commission ledger's rules. Spec 2 section 4 names three statuses (paid, processing,
 * pending; "other values shown neutrally"); a commission moves one way only:
 * pending -> processing -> paid. Each move is made once (T-75: illegal transitions are refused).
 */
export const COMMISSION_STATUSES = ['pending', 'processing', 'paid', 'withheld'] as const;

/**
 * 'withheld' is terminal and counts in no figure: a pending commission whose origin member's sign-up
 * with its earner was confirmed as a flagged referral (the confirmation removes the credit, and what it
 * earned). Every ledger sum excludes it (docs/decisions/046).
 */
export const COMMISSION_STATUSES_COUNTED = ['pending', 'processing', 'paid'] as const;
export const COMMISSION_WITHHELD_EXPLANATION =
  'Withheld: this commission arose from a sign-up whose referral flag an admin confirmed, which removed the credit. It will not be paid and counts in no total.';
export const COMMISSION_ON_HOLD_EXPLANATION =
  'On hold: this commission arose from a sign-up flagged for review. It stays pending and can be paid once an admin clears the flag.';

/** A commission from a member whose sign-up is flagged for review stays pending (docs/decisions/046). */
export const COMMISSION_HELD_MESSAGE = 'This commission is on hold: it arose from a sign-up flagged for review. It can be paid once an admin clears the flag.';
/** ... and is never paid once the flag is confirmed (the credit was removed). */
export const COMMISSION_WITHHELD_MESSAGE = 'This commission will not be paid: it arose from a sign-up whose referral flag was confirmed, which removed the credit.';
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

export const COMMISSION_STATUS_FILTERS = ['all', 'paid', 'processing', 'pending', 'withheld'] as const;
export type CommissionStatusFilter = (typeof COMMISSION_STATUS_FILTERS)[number];

export const COMMISSION_STATUS_LABELS: Record<CommissionStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  paid: 'Paid',
  withheld: 'Withheld',
};

/** Where the ledger entry came from; 'reversal' is a negative line that reverses another (decision 066). */
export const COMMISSION_SOURCES = ['conversion', 'cell', 'adjustment', 'reversal'] as const;
export type CommissionSource = (typeof COMMISSION_SOURCES)[number];

/** The statuses an admin moves a commission to; 'withheld' is set only by a confirmed referral flag. */
export type CommissionMoveTarget = Exclude<CommissionStatus, 'withheld'>;

const NEXT_STATUS: Record<CommissionStatus, CommissionMoveTarget | null> = {
  pending: 'processing',
  processing: 'paid',
  paid: null,
  withheld: null,
};

export function canTransitionCommission(from: CommissionStatus, to: CommissionStatus): boolean {
  return NEXT_STATUS[from] === to;
}

/**
 * "Pay this one now" (issue 30 item 6, decision 070): the only way an admin pays a single line,
 * through a one-item payout batch with the batch's rules (the server checks the rest: out of the
 * holding period, no flag hold, the payee active with valid details out of their hold). Offered
 * for a pending line and for a line moved to processing before payouts (in no payout item, so
 * nothing else could ever finish it); never for a line in an open payout item, a paid or withheld
 * one, or a reversal (a negative line is netted in the payee's payouts, never paid on its own).
 */
export function canPayNow(line: { status: CommissionStatus; amount_cents: Cents; in_payout_batch: boolean }): boolean {
  return !line.in_payout_batch && line.amount_cents > 0 && (line.status === 'pending' || line.status === 'processing');
}

/** Why a line cannot be paid now (the 409's message), beside the batch's own skip reasons. */
export const PAY_NOW_REFUSALS = {
  own: 'You cannot pay your own commission.',
  not_payable: 'Only a pending commission, or one moved to processing before payouts, can be paid now.',
  reversal: "A reversal is netted in the payee's next payout: it is never paid on its own.",
  holding: 'This commission is still in its holding period: it can be paid once the period is over.',
  suspended: 'The payee is suspended: nothing is paid to a suspended account.',
  no_details: 'The payee has no payout method yet.',
  details_on_hold: 'The payee changed their payout details recently: they are on hold until the hold ends.',
  method_disabled: "The payee's payout method is not enabled for payouts.",
  stripe_not_ready: "The payee's Stripe account is not verified yet.",
  needs_wire: 'This amount is above the wire threshold: only wire details can pay it.',
  nothing_to_pay: "Nothing is left to pay: its reversals and the payee's clawbacks take the amount to zero or below.",
} as const;
export type PayNowRefusal = keyof typeof PAY_NOW_REFUSALS;

/** Why an admin cannot move a pending line to processing by hand (decision 060). */
export const COMMISSION_PROCESSING_BY_BATCH_MESSAGE =
  'Commissions move to processing when a payout batch is prepared (Payouts). Moved by hand, a commission would be in no batch, and nothing could pay it.';

/** Why an admin cannot change a line by hand while its payout item is processing, naming the batch (decision 060). */
export function commissionInPayoutBatchMessage(batch: { id: string; created_at: string }): string {
  const prepared = `${batch.created_at.slice(0, 16).replace('T', ' ')} UTC`;
  return `This commission is in the payout batch prepared ${prepared} (batch ${batch.id}), which is still processing: mark its payout item paid or failed on Payouts.`;
}

export function isCommissionStatus(value: string): value is CommissionStatus {
  return (COMMISSION_STATUSES as readonly string[]).includes(value);
}

/** Commission on a sale: sale amount x rate / 100, rounded once, half up, to the cent. */
export function commissionAmountCents(saleAmountCents: Cents, rateBp: number): Cents {
  return Math.round((saleAmountCents * rateBp) / 10_000);
}

/** One row per commission (count 1) or one row per status (count n): both add up the same. */
export type CommissionTally = { status: string; amount_cents: Cents; count?: number };

export type CommissionSummary = {
  /** "Total Earnings": every commission in the ledger but the withheld ones. */
  total_earnings_cents: Cents;
  /** "Paid Out", with the number of payments. */
  paid_out_cents: Cents;
  paid_count: number;
  /** "Pending": earned but not paid yet (pending and processing). */
  pending_cents: Cents;
  pending_count: number;
};

/** The three summary cards of the commissions screen (spec 2 section 2). */
export function summariseCommissions(entries: readonly CommissionTally[]): CommissionSummary {
  const summary: CommissionSummary = { total_earnings_cents: 0, paid_out_cents: 0, paid_count: 0, pending_cents: 0, pending_count: 0 };
  for (const entry of entries) {
    const count = entry.count ?? 1;
    if (entry.status === 'withheld') continue;
    summary.total_earnings_cents += entry.amount_cents;
    if (entry.status === 'paid') {
      summary.paid_out_cents += entry.amount_cents;
      summary.paid_count += count;
    } else if (entry.status === 'pending' || entry.status === 'processing') {
      summary.pending_cents += entry.amount_cents;
      summary.pending_count += count;
    }
  }
  return summary;
}

export const COMMISSION_SUMMARY_LABELS = {
  total: 'Total Earnings',
  paid: 'Paid Out',
  pending: 'Pending',
} as const;

export function paymentCountText(count: number): string {
  return `${count} ${count === 1 ? 'payment' : 'payments'}`;
}

/**
 * Text of the one notification an owner gets for several commission-cell payouts of one processing
 * chunk (decision 039): the count and their total, worded like the pending commission text.
 */
export function cellPayoutsNotificationText(count: number, amount: string): { title: string; message: string } {
  return {
    title: 'New commissions earned',
    message: `You earned ${count} cell payouts: ${amount}. They are pending until the next payout run.`,
  };
}

/** What a commission is, by its origin, in a sentence (issue 26: a cell payout is not "a sale through your link"). */
function commissionSubject(source: CommissionSource, amount: string, name: string): string {
  if (source === 'cell') return `${amount} cell payout (${name})`;
  if (source === 'adjustment') return `${amount} adjustment (${name})`;
  if (source === 'reversal') return `${amount} reversal (${name})`;
  return `${amount} commission on ${name}`;
}

/** How a new commission came about, by its origin. */
const EARNED_BY_SOURCE: Record<CommissionSource, { title: string; message: (subject: string) => string }> = {
  conversion: { title: 'New commission earned', message: (subject) => `A sale through your link earned you a ${subject}.` },
  cell: { title: 'New cell payout', message: (subject) => `Revenue processed on your commission cell paid you a ${subject}.` },
  adjustment: { title: 'Commission adjustment', message: (subject) => `An admin credited you a ${subject}.` },
  reversal: { title: 'Commission reversed', message: (subject) => `A commission of yours was reversed: a ${subject}.` },
};

/** Texts of the notifications a commission sends its owner; each origin (a sale, a cell payout, an adjustment) has its own words. */
export function commissionNotificationText(
  status: CommissionStatus,
  amount: string,
  productName: string,
  source: CommissionSource = 'conversion',
): { title: string; message: string } {
  const subject = commissionSubject(source, amount, productName);
  if (status === 'pending') {
    const earned = EARNED_BY_SOURCE[source];
    return { title: earned.title, message: `${earned.message(subject)} It is pending until the next payout run.` };
  }
  if (status === 'processing') {
    return { title: 'Commission processing', message: `Your ${subject} is being processed. Payouts take ${payoutProcessingTime()}.` };
  }
  if (status === 'withheld') {
    return { title: 'Commission withheld', message: `Your ${subject} will not be paid: it arose from a sign-up whose referral flag was confirmed.` };
  }
  return { title: 'Commission paid', message: `Your ${subject} has been paid.` };
}

/** The "first commission" achievement, told by the origin of that first commission. */
export function firstCommissionDescription(source: CommissionSource): string {
  if (source === 'cell') return 'Revenue processed on your commission cell paid you your first cell payout.';
  if (source === 'adjustment') return 'An admin credited you your first commission.';
  if (source === 'reversal') return 'A commission of yours was reversed.';
  return 'A sale through your link earned you a commission.';
}
