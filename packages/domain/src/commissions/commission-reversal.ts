import type { Cents } from '../money.ts';

/**
 * Commission reversals and clawbacks (issue 31 items 2 and 3, decision record 066). A reversal is a
 * ledger line of its own: a negative amount linked to the line it reverses, with a reason. These
 * are the amounts, in whole cents, exact: never a float.
 */

/** What wrote a reversal: a refunded subscription payment, a partner's reversed conversion, an admin's reversed revenue run. */
export const COMMISSION_REVERSAL_KINDS = ['refund', 'conversion', 'run'] as const;
export type CommissionReversalKind = (typeof COMMISSION_REVERSAL_KINDS)[number];

export const REVERSAL_REASON_MAX = 500;

function bigOf(value: Cents, name: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number of cents, 0 or more (got ${value}).`);
  return BigInt(value);
}

/**
 * Each amount's share of numerator/denominator in whole cents, by largest remainder: the shares
 * add up to round-half-up(sum x numerator / denominator) exactly, no share is above its amount, and
 * equal remainders go to the earlier amount (so the same input always gives the same split). At
 * numerator = denominator every share is its whole amount; at 0, nothing.
 */
export function proportionalShares(amounts: readonly Cents[], numerator: Cents, denominator: Cents): Cents[] {
  const num = bigOf(numerator, 'numerator');
  const den = bigOf(denominator, 'denominator');
  if (den === 0n) throw new RangeError('denominator must be more than 0.');
  if (num > den) throw new RangeError('numerator must not be more than denominator.');
  const big = amounts.map((amount, index) => bigOf(amount, `amounts[${index}]`));
  const sum = big.reduce((total, amount) => total + amount, 0n);
  const total = (sum * num * 2n + den) / (den * 2n);
  const floors = big.map((amount) => (amount * num) / den);
  const remainders = big.map((amount, index) => ({ index, remainder: (amount * num) % den }));
  let left = total - floors.reduce((acc, share) => acc + share, 0n);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left <= 0n) break;
    if (floors[index]! < big[index]!) {
      floors[index]! += 1n;
      left -= 1n;
    }
  }
  return floors.map(Number);
}

/** One part of what a reversal takes back: a ledger line, or a run's unallocated revenue. */
export type ReversiblePart = {
  /** The part as it was booked (a line's amount, a run's unallocated cents), 0 or more. */
  amount_cents: Cents;
  /** What earlier reversals of the same subject (the same payment's refunds, the same conversion) took back. */
  reversed_by_subject_cents: Cents;
  /** What is left of it after every reversal of any kind: never reversed below 0. */
  remaining_cents: Cents;
};

/**
 * What this reversal takes back of each part, when `reversedCents` of `baseCents` (the revenue or
 * sale amount, counting this reversal and every earlier one of the same subject) is now reversed:
 * the cumulative proportional share (proportionalShares) less what the subject's earlier reversals
 * took, never below 0 and never more than is left. Computing from the cumulative figure keeps
 * rounding from adding up over several partial reversals: once the whole base is reversed, every
 * part is reversed whole, to the cent.
 */
export function reversalAmounts(parts: readonly ReversiblePart[], reversedCents: Cents, baseCents: Cents): Cents[] {
  const targets = proportionalShares(
    parts.map((part) => part.amount_cents),
    reversedCents,
    baseCents,
  );
  return parts.map((part, index) => Math.max(0, Math.min(targets[index]! - part.reversed_by_subject_cents, part.remaining_cents)));
}

/** The reason stored on a reversal line of each kind, with the words the person gave. */
export function reversalLineReason(kind: CommissionReversalKind, reason: string): string {
  const label = kind === 'refund' ? 'Payment refunded' : kind === 'conversion' ? 'Sale reversed by the merchant' : 'Revenue run reversed';
  return `${label}: ${reason}`.slice(0, REVERSAL_REASON_MAX + 40);
}

/** The payee's notification of reversals: one per reversal and payee, with the net amount. */
export function reversalNotificationText(amountCents: Cents, count: number, reason: string, formatted: string): { title: string; message: string } {
  const lines = count === 1 ? 'a commission of yours' : `${count} of your commissions`;
  const netting =
    amountCents < 0
      ? ' It is taken from your unpaid commissions; if they do not cover it, the rest is a negative balance carried to your next payout.'
      : '';
  return { title: 'Commission reversed', message: `${reason}. This reverses ${lines}: ${formatted}.${netting}` };
}
