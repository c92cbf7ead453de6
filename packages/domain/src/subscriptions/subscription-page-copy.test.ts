import { describe, expect, test } from 'vitest';
import type { SubscriptionStatus } from '../schemas/subscriptions.ts';
import { subscriptionPageCopy } from './subscription-page-copy.ts';
import { checkoutTrialEnd, checkoutTrialFor } from './trial-allowance.ts';

const NOW = new Date('2026-11-23T12:00:00Z');
const date = (iso: string) => iso.slice(0, 10);
const none: SubscriptionStatus = {
  status: 'none',
  plan: null,
  trial_end: null,
  current_period_end: null,
  cancel_at_period_end: false,
  has_access: false,
  payment_failed: false,
  free_trial_available: true,
  checkout_trial: { kind: 'full', days: 7, ends_at: null },
};
const used = { free_trial_available: false, checkout_trial: { kind: 'none', days: 0, ends_at: null } } as const;
const allText = (copy: ReturnType<typeof subscriptionPageCopy>) => JSON.stringify(copy);

describe('checkoutTrialFor: the free days of a checkout started now (DESIGN.md item 18, decision 024)', () => {
  test('unused allowance: the full 7 days from when the checkout completes', () => {
    const trial = checkoutTrialFor({ freeTrialUsedAt: null, platformTrial: null }, NOW);
    expect(trial).toEqual({ kind: 'full', days: 7, endsAt: null });
    expect(checkoutTrialEnd(trial, NOW)).toEqual(new Date('2026-11-30T12:00:00Z'));
  });

  test('a running platform trial: the plan trial ends when the platform trial ends (days rounded up)', () => {
    const endsAt = new Date('2026-11-29T06:00:00Z');
    const trial = checkoutTrialFor({ freeTrialUsedAt: new Date('2026-11-22T06:00:00Z'), platformTrial: { endsAt, convertedAt: null } }, NOW);
    expect(trial).toEqual({ kind: 'rest_of_trial', days: 6, endsAt });
    expect(checkoutTrialEnd(trial, NOW)).toEqual(endsAt);
  });

  test.each([
    ['ended one second ago', new Date(NOW.getTime() - 1000), null],
    ['ends exactly now', NOW, null],
    ['already converted', new Date('2026-11-29T06:00:00Z'), new Date('2026-11-23T11:00:00Z')],
  ])('a platform trial that %s leaves nothing free', (_label, endsAt, convertedAt) => {
    const trial = checkoutTrialFor({ freeTrialUsedAt: new Date('2026-11-16T12:00:00Z'), platformTrial: { endsAt, convertedAt } }, NOW);
    expect(trial).toEqual({ kind: 'none', days: 0, endsAt: null });
    expect(checkoutTrialEnd(trial, NOW)).toBeNull();
  });

  test('one second of platform trial left still counts as one free day for a provider counting days', () => {
    const endsAt = new Date(NOW.getTime() + 1000);
    expect(checkoutTrialFor({ freeTrialUsedAt: NOW, platformTrial: { endsAt, convertedAt: null } }, NOW)).toEqual({ kind: 'rest_of_trial', days: 1, endsAt });
  });
});

describe('subscriptionPageCopy: one copy per state (issue 14)', () => {
  test('no plan, trial unused: the 7-day trial offer', () => {
    const copy = subscriptionPageCopy(none, date);
    expect(copy).toMatchObject({ state: 'trial_unused', canChoosePlan: true, planButton: 'Start 7-day free trial', status: { title: 'No subscription yet' }, checkout: { title: '7-day free trial' } });
  });

  test('platform trial running: the remaining days carry over, never "already used"', () => {
    const copy = subscriptionPageCopy({ ...none, free_trial_available: false, checkout_trial: { kind: 'rest_of_trial', days: 6, ends_at: '2026-11-29T06:00:00.000Z' } }, date);
    expect(copy).toMatchObject({ state: 'platform_trial', canChoosePlan: true, planButton: 'Subscribe now', status: { title: 'Free trial: 6 days left', body: 'Your free trial runs until 2026-11-29.' } });
    expect(copy.checkout?.body).toContain('nothing is charged until it ends on 2026-11-29');
    expect(allText(copy)).not.toMatch(/already used/);
  });

  test('trial used, no plan: charged from the start', () => {
    const copy = subscriptionPageCopy({ ...none, ...used }, date);
    expect(copy).toMatchObject({ state: 'trial_used', planButton: 'Subscribe now', checkout: { title: 'No free trial left', body: 'You have already used your free trial, so a new plan is charged from the start.' } });
  });

  test('a paid plan in its trial: the trial end and the price, no plan to choose', () => {
    const copy = subscriptionPageCopy({ ...none, ...used, status: 'trial', plan: '4weeks', has_access: true, trial_end: '2026-11-30T12:00:00.000Z', current_period_end: '2026-11-30T12:00:00.000Z' }, date);
    expect(copy).toMatchObject({ state: 'plan_trial', canChoosePlan: false, checkout: null, status: { body: 'Your free trial runs until 2026-11-30. Then $69.00 is charged every 4 weeks unless you cancel before.' } });
  });

  test('subscribed: renewal, no trial banner, no free-trial button', () => {
    const copy = subscriptionPageCopy({ ...none, ...used, status: 'active', plan: '52weeks', has_access: true, current_period_end: '2027-11-23T12:00:00.000Z' }, date);
    expect(copy).toMatchObject({ state: 'subscribed', canChoosePlan: false, checkout: null, status: { title: '52 Weeks plan: active', body: 'Renews on 2027-11-23 for $599.00.', tone: 'green' } });
    expect(allText(copy)).not.toMatch(/free trial/i);
  });

  test('payment failed: the retry notice', () => {
    const copy = subscriptionPageCopy({ ...none, ...used, status: 'active', plan: 'weekly', has_access: true, payment_failed: true, current_period_end: '2026-11-30T12:00:00.000Z' }, date);
    expect(copy).toMatchObject({ state: 'payment_failed', canChoosePlan: false, status: { tone: 'yellow' } });
  });

  test('cancelled to the period end: access until then, a new plan can start, charged from the start', () => {
    const copy = subscriptionPageCopy({ ...none, ...used, status: 'canceled', plan: '4weeks', has_access: true, cancel_at_period_end: true, current_period_end: '2026-12-10T12:00:00.000Z' }, date);
    expect(copy).toMatchObject({ state: 'cancelled', canChoosePlan: true, planButton: 'Subscribe now', checkout: { title: 'No free trial left' }, status: { title: '4 Weeks plan: cancelled', tone: 'orange' } });
    expect(copy.status.body).toContain('You keep access until 2026-12-10.');
  });

  test('ended: subscribe again', () => {
    const copy = subscriptionPageCopy({ ...none, ...used, status: 'canceled', plan: '4weeks', has_access: false, current_period_end: '2026-11-10T12:00:00.000Z' }, date);
    expect(copy).toMatchObject({ state: 'ended', canChoosePlan: true, status: { title: '4 Weeks plan: ended' } });
  });
});
