import { describe, expect, test } from 'vitest';
import { commissionFigures, isReferralCommission, type CommissionLineFacts } from './commission-figures.ts';

const ME = 'me';
const line = (facts: Partial<CommissionLineFacts>): CommissionLineFacts => ({
  user_id: ME,
  amount_cents: 1_000,
  status: 'pending',
  origin_user_id: null,
  origin_referred_by: null,
  ...facts,
});

describe('referral commission and total commission, defined once', () => {
  test.each([
    { label: 'a purchase by a member I referred', facts: { origin_user_id: 'm1', origin_referred_by: ME }, referral: true },
    { label: 'a paid purchase by a member I referred', facts: { origin_user_id: 'm1', origin_referred_by: ME, status: 'paid' as const }, referral: true },
    { label: 'a sale to a buyer nobody knows (no origin)', facts: {}, referral: false },
    { label: 'a purchase by a member someone else referred', facts: { origin_user_id: 'm2', origin_referred_by: 'other' }, referral: false },
    { label: 'a purchase by a member with no referrer (a flagged sign-up is not credited)', facts: { origin_user_id: 'm3', origin_referred_by: null }, referral: false },
    { label: 'a withheld line from my member', facts: { origin_user_id: 'm1', origin_referred_by: ME, status: 'withheld' as const }, referral: false },
    { label: "someone else's line from my member", facts: { user_id: 'other', origin_user_id: 'm1', origin_referred_by: ME }, referral: false },
  ])('$label: referral commission is $referral', ({ facts, referral }) => {
    expect(isReferralCommission(line(facts), ME)).toBe(referral);
  });

  test('the total counts every source but withheld lines; the referral figure is a part of it', () => {
    const lines = [
      line({ amount_cents: 17_895, origin_user_id: null }),
      line({ amount_cents: 2_940, origin_user_id: null }),
      line({ amount_cents: 4_500, origin_user_id: 'm1', origin_referred_by: ME }),
      line({ amount_cents: 700, origin_user_id: 'm2', origin_referred_by: 'other' }),
      line({ amount_cents: 9_999, status: 'withheld', origin_user_id: 'm1', origin_referred_by: ME }),
      line({ amount_cents: -500, origin_user_id: 'm1', origin_referred_by: ME }),
      line({ amount_cents: 123, user_id: 'other' }),
    ];
    expect(commissionFigures(lines, ME)).toEqual({ total_cents: 17_895 + 2_940 + 4_500 + 700 - 500, referral_cents: 4_000 });
  });

  test('no lines: both $0.00', () => {
    expect(commissionFigures([], ME)).toEqual({ total_cents: 0, referral_cents: 0 });
  });
});
