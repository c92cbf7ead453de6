import { describe, expect, test } from 'vitest';
import { formatDollarsAndCents } from '../money.ts';
import { CreateCheckoutInputSchema } from '../schemas/subscriptions.ts';
import { getPlan, PLANS, planFeatureLines, TERMS_REQUIRED_MESSAGE } from './plans.ts';
import { canCancel, isNewerSnapshot, trialReminderAt, viewSubscription, type ProviderStatus, type StoredSubscriptionState } from './subscription-state.ts';
import { TRIAL_LENGTH_DAYS } from '../trial/trial-stages.ts';
import { freeTrialDaysFor, hasUsedFreeTrial } from './trial-allowance.ts';

const NOW = new Date('2026-11-23T12:00:00Z');
const LATER = new Date('2026-12-21T12:00:00Z');
const EARLIER = new Date('2026-11-01T12:00:00Z');

describe('plan catalogue (spec 3 section 9)', () => {
  test.each([
    ['weekly', '$29.00', 7, ['7 days of access', '4 assets', '7 days history', 'Daily alerts']],
    ['4weeks', '$69.00', 28, ['28 days of access', '6 assets', '30 days history', 'Immediate alerts', 'Trader breakdown']],
    ['12weeks', '$179.00', 84, ['84 days of access', '8 assets', '90 days history', 'Immediate alerts', 'Trader breakdown', 'Priority support']],
    ['52weeks', '$599.00', 365, ['365 days of access', 'All assets', 'Unlimited history', 'Immediate alerts', 'Trader breakdown', 'Priority support']],
  ] as const)('%s costs %s for %i days', (id, price, days, lines) => {
    const plan = getPlan(id);
    expect(formatDollarsAndCents(plan.price_cents)).toBe(price);
    expect(plan.duration_days).toBe(days);
    expect(planFeatureLines(plan)).toEqual(lines);
  });

  test('prices are integer cents and only 4weeks is most popular', () => {
    for (const plan of PLANS) expect(Number.isInteger(plan.price_cents)).toBe(true);
    expect(PLANS.filter((plan) => plan.most_popular).map((plan) => plan.id)).toEqual(['4weeks']);
  });
});

describe('one free trial per user (DESIGN.md section 3 item 18)', () => {
  test.each([
    [null, false, TRIAL_LENGTH_DAYS],
    [NOW, true, 0],
    ['2026-01-01T00:00:00Z', true, 0],
  ] as const)('used at %s: used=%s, trial days %i', (usedAt, used, days) => {
    expect(hasUsedFreeTrial({ freeTrialUsedAt: usedAt })).toBe(used);
    expect(freeTrialDaysFor({ freeTrialUsedAt: usedAt })).toBe(days);
  });
});

describe('viewSubscription: entitlement by provider status (T-66)', () => {
  const state = (status: ProviderStatus, extra: Partial<StoredSubscriptionState> = {}): StoredSubscriptionState => ({
    plan: '4weeks',
    status,
    trialEnd: null,
    currentPeriodEnd: LATER,
    cancelAtPeriodEnd: false,
    ...extra,
  });

  test.each([
    ['no subscription', null, { status: 'none', has_access: false, payment_failed: false }],
    ['incomplete', state('incomplete'), { status: 'none', has_access: false, payment_failed: false }],
    ['trialing', state('trialing'), { status: 'trial', has_access: true, payment_failed: false }],
    ['active', state('active'), { status: 'active', has_access: true, payment_failed: false }],
    ['past_due (grace while the provider retries)', state('past_due'), { status: 'active', has_access: true, payment_failed: true }],
    ['canceled', state('canceled'), { status: 'canceled', has_access: false, payment_failed: false }],
    ['unpaid', state('unpaid'), { status: 'canceled', has_access: false, payment_failed: false }],
    ['incomplete_expired', state('incomplete_expired'), { status: 'canceled', has_access: false, payment_failed: false }],
    ['paused', state('paused'), { status: 'canceled', has_access: false, payment_failed: false }],
    ['cancelled at period end, before it', state('active', { cancelAtPeriodEnd: true }), { status: 'canceled', has_access: true, payment_failed: false }],
    ['cancelled at period end, after it', state('active', { cancelAtPeriodEnd: true, currentPeriodEnd: EARLIER }), { status: 'canceled', has_access: false, payment_failed: false }],
  ] as const)('%s', (_label, input, expected) => {
    expect(viewSubscription(input, NOW)).toEqual(expected);
  });

  test('access ends exactly at current_period_end', () => {
    const cancelled = state('trialing', { cancelAtPeriodEnd: true, currentPeriodEnd: NOW });
    expect(viewSubscription(cancelled, new Date(NOW.getTime() - 1)).has_access).toBe(true);
    expect(viewSubscription(cancelled, NOW).has_access).toBe(false);
  });

  test('cancel is offered only for trial or active', () => {
    expect(canCancel({ status: 'trial', has_access: true, payment_failed: false })).toBe(true);
    expect(canCancel({ status: 'active', has_access: true, payment_failed: true })).toBe(true);
    expect(canCancel({ status: 'canceled', has_access: true, payment_failed: false })).toBe(false);
    expect(canCancel({ status: 'none', has_access: false, payment_failed: false })).toBe(false);
  });
});

describe('isNewerSnapshot: order-independent provider events (T-57)', () => {
  const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
  test.each([
    ['a later timestamp wins', { status: 'active', observedAt: at(0) }, { status: 'trialing', observedAt: at(1) }, true],
    ['an earlier timestamp loses', { status: 'trialing', observedAt: at(5) }, { status: 'active', observedAt: at(1) }, false],
    ['same second: further along wins', { status: 'trialing', observedAt: at(0) }, { status: 'active', observedAt: at(0) }, true],
    ['same second: going back loses', { status: 'active', observedAt: at(0) }, { status: 'trialing', observedAt: at(0) }, false],
    ['same second, same status: applied (idempotent)', { status: 'active', observedAt: at(0) }, { status: 'active', observedAt: at(0) }, true],
    ['canceled is final', { status: 'canceled', observedAt: at(0) }, { status: 'active', observedAt: at(9) }, false],
  ] as const)('%s', (_label, stored, incoming, expected) => {
    expect(isNewerSnapshot(stored, incoming)).toBe(expected);
  });
});

test('the trial reminder goes out 2 days before the trial ends', () => {
  expect(trialReminderAt(new Date('2026-11-30T12:00:00Z')).toISOString()).toBe('2026-11-28T12:00:00.000Z');
});

describe('checkout input', () => {
  test('terms are required; client-supplied timestamps, IP and prices are dropped', () => {
    const parsed = CreateCheckoutInputSchema.parse({
      plan: '4weeks',
      consent: { terms_accepted: true, marketing_accepted: true, accepted_at: '1999-01-01', ip_address: '6.6.6.6' },
      price: 1,
      trial_days: 365,
    });
    expect(parsed).toEqual({ plan: '4weeks', consent: { terms_accepted: true, marketing_accepted: true } });
  });

  test.each([
    ['no consent', { plan: 'weekly' }],
    ['terms not accepted', { plan: 'weekly', consent: { terms_accepted: false, marketing_accepted: true } }],
  ])('%s: the spec message', (_label, input) => {
    const result = CreateCheckoutInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(TERMS_REQUIRED_MESSAGE);
  });

  test('unknown plan is refused', () => {
    expect(CreateCheckoutInputSchema.safeParse({ plan: 'lifetime', consent: { terms_accepted: true } }).success).toBe(false);
  });
});
