import type { Cents } from '../money.ts';
import type { CommissionStatus } from './commission-rules.ts';

/**
 * The two commission figures a user sees (decision record 051), defined once and named the same
 * on every screen (the Business Hub's "Total commissions" card is the total). Total commission: every ledger line credited to the user, whatever its source
 * (a sale through their link, a cell payout or override, an adjustment), less withheld lines.
 * Referral commission: the part of it whose origin is a member the user referred (a credited
 * referral: `referred_by` is the user) — a purchase that member made. Cell payouts carry no origin
 * (decision record 046), so they are never referral commission.
 */
export const COMMISSION_FIGURES = {
  total: {
    label: 'Total commissions',
    rule: 'Every commission credited to you: sales through your links, cell payouts and overrides, adjustments. Withheld commissions are not counted.',
  },
  referral: {
    label: 'Referral commissions',
    rule: 'The part of your commissions that arose from members you referred (a purchase a member who joined with your code made). Cell payouts and sales to other buyers are not referral commission. With none recorded it is $0.00, never an estimate.',
  },
} as const;

export type CommissionFigure = keyof typeof COMMISSION_FIGURES;

/** A ledger line as the two figures read it. */
export type CommissionLineFacts = {
  user_id: string;
  amount_cents: Cents;
  status: CommissionStatus;
  /** The member the line arose from, if stored data names one. */
  origin_user_id: string | null;
  /** That member's credited referrer (`users.referred_by`), null when none or no origin. */
  origin_referred_by: string | null;
};

/** A line counts for its owner at all: withheld lines are counted in no total (decision record 046). */
export function countsInTotalCommission(line: CommissionLineFacts, userId: string): boolean {
  return line.user_id === userId && line.status !== 'withheld';
}

/** Referral commission: a counted line whose origin is a member the owner referred. */
export function isReferralCommission(line: CommissionLineFacts, userId: string): boolean {
  return countsInTotalCommission(line, userId) && line.origin_user_id !== null && line.origin_referred_by === userId;
}

export type CommissionFigures = { total_cents: Cents; referral_cents: Cents };

/** Both figures of `userId` over a set of lines; referral commission is always a part of the total. */
export function commissionFigures(lines: readonly CommissionLineFacts[], userId: string): CommissionFigures {
  let total = 0;
  let referral = 0;
  for (const line of lines) {
    if (!countsInTotalCommission(line, userId)) continue;
    total += line.amount_cents;
    if (isReferralCommission(line, userId)) referral += line.amount_cents;
  }
  return { total_cents: total, referral_cents: referral };
}
