import { formatDollarsAndCents } from '../money.ts';
import type { SubscriptionStatus } from '../schemas/subscriptions.ts';
import { TRIAL_LENGTH_DAYS } from '../trial/trial-stages.ts';
import { getPlan } from './plans.ts';

export type CopyTone = 'gray' | 'blue' | 'green' | 'yellow' | 'orange';
export type CopyBlock = { title: string; body: string; tone: CopyTone };

/** The one state of the subscription page a status puts the user in (decision 024). */
export type SubscriptionPageState =
  | 'trial_unused'
  | 'platform_trial'
  | 'trial_used'
  | 'plan_trial'
  | 'subscribed'
  | 'payment_failed'
  | 'cancelled'
  | 'ended';

export type SubscriptionPageCopy = {
  state: SubscriptionPageState;
  /** The current-status banner. */
  status: CopyBlock;
  /** What the next checkout costs and when (free days, or charged from the start); null when no plan can be chosen. */
  checkout: CopyBlock | null;
  /** Whether a plan can be chosen now (the server refuses a checkout while a plan runs uncancelled). */
  canChoosePlan: boolean;
  /** The button of a plan that is not the current one. */
  planButton: string;
};

const FULL_TRIAL: CopyBlock = {
  title: `${TRIAL_LENGTH_DAYS}-day free trial`,
  body: `Every plan starts with ${TRIAL_LENGTH_DAYS} free days: nothing is charged until the trial ends, and if you cancel before then you pay nothing.`,
  tone: 'blue',
};
const NO_TRIAL: CopyBlock = {
  title: 'No free trial left',
  body: 'You have already used your free trial, so a new plan is charged from the start.',
  tone: 'gray',
};
const dayCount = (days: number) => `${days} day${days === 1 ? '' : 's'}`;

/**
 * The subscription page's copy for each state (issue 14): no plan with the trial unused, the
 * platform trial running (its remaining days stay free on subscribing, DESIGN.md item 18), the
 * trial used, a plan in its trial, subscribed, payment failed, cancelled to the period end, ended.
 * `formatDate` renders an ISO time as the page shows dates.
 */
export function subscriptionPageCopy(status: SubscriptionStatus, formatDate: (iso: string) => string): SubscriptionPageCopy {
  const plan = status.plan ? getPlan(status.plan) : null;
  const trial = status.checkout_trial;
  const checkout = trial.kind === 'full' ? FULL_TRIAL : trial.kind === 'none' ? NO_TRIAL : null;
  const nextButton = trial.kind === 'full' ? `Start ${TRIAL_LENGTH_DAYS}-day free trial` : 'Subscribe now';

  if (status.status === 'none' || !plan) {
    if (trial.kind === 'rest_of_trial' && trial.ends_at) {
      const end = formatDate(trial.ends_at);
      return {
        state: 'platform_trial',
        status: { title: `Free trial: ${dayCount(trial.days)} left`, body: `Your free trial runs until ${end}.`, tone: 'blue' },
        checkout: {
          title: 'Your remaining free days carry over',
          body: `Subscribe now and the rest of your free trial stays free: nothing is charged until it ends on ${end}, then the plan's price each period. Cancel before then and you pay nothing.`,
          tone: 'blue',
        },
        canChoosePlan: true,
        planButton: 'Subscribe now',
      };
    }
    return {
      state: trial.kind === 'full' ? 'trial_unused' : 'trial_used',
      status: { title: 'No subscription yet', body: 'Choose a plan below to unlock the full Trading Compass.', tone: 'gray' },
      checkout,
      canChoosePlan: true,
      planButton: nextButton,
    };
  }
  const price = formatDollarsAndCents(plan.price_cents);
  // A running plan changes through "Change plan" (decision 064); one whose payment failed cannot change until it is paid.
  const running = { checkout: null, canChoosePlan: false, planButton: 'Switch with Change plan' } as const;
  const unpaid = { ...running, planButton: 'Cancel first to switch' } as const;
  if (status.status === 'trial' && !status.cancel_at_period_end) {
    return {
      state: 'plan_trial',
      status: {
        title: `Free trial: ${plan.name} plan`,
        body: `Your free trial runs until ${formatDate(status.trial_end ?? status.current_period_end ?? '')}. Then ${price} is charged every ${plan.period} unless you cancel before.`,
        tone: 'blue',
      },
      ...running,
    };
  }
  if (status.status === 'active' && !status.cancel_at_period_end) {
    return status.payment_failed
      ? {
          state: 'payment_failed',
          status: { title: `${plan.name} plan: payment failed`, body: 'We could not take your last payment and are retrying. Your access continues meanwhile; please check your payment method.', tone: 'yellow' },
          ...unpaid,
        }
      : {
          state: 'subscribed',
          status: { title: `${plan.name} plan: active`, body: `Renews on ${formatDate(status.current_period_end ?? '')} for ${price}.`, tone: 'green' },
          ...running,
        };
  }
  if (status.has_access) {
    return {
      state: 'cancelled',
      status: {
        title: `${plan.name} plan: cancelled`,
        body: `You keep access until ${formatDate(status.current_period_end ?? '')}. Nothing more will be charged. A new plan can start as soon as you subscribe; the cancelled one is not charged again.`,
        tone: 'orange',
      },
      checkout,
      canChoosePlan: true,
      planButton: nextButton,
    };
  }
  return {
    state: 'ended',
    status: { title: `${plan.name} plan: ended`, body: 'Your subscription has ended. Choose a plan below to subscribe again.', tone: 'gray' },
    checkout,
    canChoosePlan: true,
    planButton: nextButton,
  };
}
