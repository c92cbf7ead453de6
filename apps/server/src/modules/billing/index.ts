export { billingJobHandlers } from './billing.jobs.ts';
export { applyBillingEvent, toStoredState, TRIAL_REMINDER_JOB, type BillingOutcome } from './apply-billing-event.ts';
export {
  getSubscriptionRow,
  insertBillingEventOnce,
  insertCheckoutSession,
  lockUser,
  markCheckoutSessionExpired,
  selectBillingEventsOfUser,
  selectOpenCheckoutSessions,
  selectUserCheckoutSession,
  setBillingEventOutcome,
  setCheckoutSessionProvider,
  type SubscriptionRow,
} from './billing.queries.ts';
export type { BillingEvent, SubscriptionSnapshot } from './billing-event.ts';
export { readCheckoutTrial } from './checkout-trial.ts';
export type { PaymentProvider, CheckoutRequest, CreatedCheckout } from './payment-provider.ts';
export { LOCAL_CYCLE_JOB, LOCAL_MAX_PAYMENT_ATTEMPTS, LOCAL_RETRY_DAYS, LocalPaymentProvider } from './local-provider.ts';
export { StripePaymentProvider } from './stripe-provider.ts';
export { activePaymentProvider, localPaymentProvider, paymentProviderFor, stripePaymentProvider } from './providers.ts';
export { planChangeProviderFor } from './plan-change-provider.ts';
export { CARD_DECLINED_ON_CHANGE_MESSAGE, type PlanChangeProvider } from './plan-change-types.ts';
export { getMyPayment } from './payments.service.ts';
export { REFUND_FINISH_JOB } from './refunds.service.ts';
export { LOCAL_REFUND_EVENT_JOB } from './refund-provider.ts';
export { seedDemoRefund } from './demo-refund.ts';
