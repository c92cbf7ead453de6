import { Alert } from '@mantine/core';
import { formatDollarsAndCents, getPlan, type SubscriptionStatus } from '@myeai/domain';
import { formatLongDate } from '../api/subscriptions-api.ts';
import { READABLE_TITLE } from './readable-title.ts';

/** The current-status banner of the subscription page (spec 3 section 2.4). */
export function SubscriptionStatusBanner({ status }: { status: SubscriptionStatus }) {
  const plan = status.plan ? getPlan(status.plan) : null;
  if (status.status === 'none' || !plan) {
    return (
      <Alert styles={READABLE_TITLE} color="gray" title="No subscription yet" role="status">
        Choose a plan below to unlock the full Trading Compass.
      </Alert>
    );
  }
  if (status.status === 'trial') {
    return (
      <Alert styles={READABLE_TITLE} color="blue" title={`Free trial: ${plan.name} plan`} role="status">
        Your free trial runs until {formatLongDate(status.trial_end)}. Then {formatDollarsAndCents(plan.price_cents)} is charged every {plan.period} unless you
        cancel before.
      </Alert>
    );
  }
  if (status.status === 'active') {
    return status.payment_failed ? (
      <Alert color="yellow" title={`${plan.name} plan: payment failed`} role="status" styles={READABLE_TITLE}>
        We could not take your last payment and are retrying. Your access continues meanwhile; please check your payment method.
      </Alert>
    ) : (
      <Alert styles={READABLE_TITLE} color="green" title={`${plan.name} plan: active`} role="status">
        Renews on {formatLongDate(status.current_period_end)} for {formatDollarsAndCents(plan.price_cents)}.
      </Alert>
    );
  }
  return status.has_access ? (
    <Alert color="orange" title={`${plan.name} plan: cancelled`} role="status" styles={READABLE_TITLE}>
      You keep access until {formatLongDate(status.current_period_end)}. Nothing more will be charged.
    </Alert>
  ) : (
    <Alert styles={READABLE_TITLE} color="gray" title={`${plan.name} plan: ended`} role="status">
      Your subscription has ended. Choose a plan below to subscribe again.
    </Alert>
  );
}
