import { describe, expect, it } from 'vitest';
import { canSettleByHand, connectAccountState, maskStripeAccount, StripePayoutDetailsSchema, stripeTransferKey, transferEventOutcome } from './stripe-connect.ts';

describe('Stripe Connect payouts (decision 069)', () => {
  it('a new Express account that has not finished onboarding is pending', () => {
    expect(connectAccountState({ details_submitted: false, payouts_enabled: false, capabilities: { transfers: 'inactive' }, requirements: { disabled_reason: 'requirements.past_due', past_due: ['individual.dob.day'] } })).toBe('pending');
    expect(connectAccountState({})).toBe('pending');
  });

  it('submitted and still being verified is pending; submitted and disabled is restricted', () => {
    expect(connectAccountState({ details_submitted: true, payouts_enabled: false, capabilities: { transfers: 'pending' }, requirements: { disabled_reason: 'requirements.pending_verification', past_due: [] } })).toBe('pending');
    expect(connectAccountState({ details_submitted: true, payouts_enabled: false, requirements: { disabled_reason: null, past_due: [] } })).toBe('pending');
    expect(connectAccountState({ details_submitted: true, payouts_enabled: false, requirements: { disabled_reason: 'requirements.past_due', past_due: ['external_account'] } })).toBe('restricted');
    expect(connectAccountState({ details_submitted: true, payouts_enabled: false, requirements: { disabled_reason: 'rejected.fraud', past_due: [] } })).toBe('restricted');
    expect(connectAccountState({ details_submitted: true, payouts_enabled: false, requirements: { disabled_reason: null, past_due: ['individual.id_number'] } })).toBe('restricted');
  });

  it('verified needs payouts enabled, the transfers capability active and nothing past due', () => {
    expect(connectAccountState({ details_submitted: true, payouts_enabled: true, capabilities: { transfers: 'active' }, requirements: { disabled_reason: null, past_due: [] } })).toBe('verified');
    expect(connectAccountState({ details_submitted: true, payouts_enabled: true })).toBe('verified');
    // Payouts on but transfers not (yet) active: no transfer could be made to it.
    expect(connectAccountState({ details_submitted: true, payouts_enabled: true, capabilities: { transfers: 'pending' }, requirements: { disabled_reason: null, past_due: [] } })).toBe('pending');
    expect(connectAccountState({ details_submitted: true, payouts_enabled: true, capabilities: { transfers: 'active' }, requirements: { disabled_reason: null, past_due: ['tos_acceptance.date'] } })).toBe('restricted');
  });

  it('masks the account to its last 4 and keys a transfer by its payout item', () => {
    expect(maskStripeAccount('acct_1QabcdEFGH1234')).toBe('Stripe account ••••1234');
    expect(stripeTransferKey('6f1c0e43-0000-4000-8000-000000000001')).toBe('payout-item-6f1c0e43-0000-4000-8000-000000000001');
    expect(StripePayoutDetailsSchema.safeParse({ method: 'stripe', account_id: 'acct_1Qabc' }).success).toBe(true);
    expect(StripePayoutDetailsSchema.safeParse({ method: 'stripe', account_id: 'cus_1Qabc' }).success).toBe(false);
  });

  it('an admin records a Stripe payout paid by hand, never failed (its transfer may have left)', () => {
    expect(canSettleByHand('stripe', 'paid')).toBe(true);
    expect(canSettleByHand('stripe', 'failed')).toBe(false);
    expect(canSettleByHand('paypal', 'failed')).toBe(true);
  });

  it('transfer events: created pays, reversed (whole) fails, anything else changes nothing', () => {
    expect(transferEventOutcome('transfer.created', { amount: 5000 })).toBe('paid');
    expect(transferEventOutcome('transfer.reversed', { amount: 5000, amount_reversed: 5000, reversed: true })).toBe('failed');
    expect(transferEventOutcome('transfer.reversed', { amount: 5000, amount_reversed: 1000, reversed: false })).toBeNull();
    expect(transferEventOutcome('transfer.updated', { amount: 5000, amount_reversed: 0, reversed: false })).toBeNull();
    expect(transferEventOutcome('transfer.updated', { amount: 5000, amount_reversed: 5000 })).toBe('failed');
    expect(transferEventOutcome('payout.paid', { amount: 5000 })).toBeNull();
  });
});
