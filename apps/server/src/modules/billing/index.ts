export { billingJobHandlers } from './billing.jobs.ts';
export { applyBillingEvent, getSubscriptionRow, lockUser, toStoredState, TRIAL_REMINDER_JOB, type SubscriptionRow, type BillingOutcome } from './apply-billing-event.ts';
export type { BillingEvent, SubscriptionSnapshot } from './billing-event.ts';
export { readCheckoutTrial } from './checkout-trial.ts';
export type { PaymentProvider, CheckoutRequest, CreatedCheckout } from './payment-provider.ts';
export { LOCAL_CYCLE_JOB, LOCAL_MAX_PAYMENT_ATTEMPTS, LOCAL_RETRY_DAYS, LocalPaymentProvider } from './local-provider.ts';
export { StripePaymentProvider } from './stripe-provider.ts';
export { activePaymentProvider, localPaymentProvider, paymentProviderFor, stripePaymentProvider } from './providers.ts';
