import { z } from 'zod';
import { PlanIdSchema, TERMS_REQUIRED_MESSAGE } from '../subscriptions/plans.ts';

/** Payment provider API paths (configuration, the Stripe webhook, the local test checkout). */
export const billingPaths = {
  config: '/api/stripe/config',
  stripeWebhook: '/api/stripe/webhook',
  localConfirm: '/api/billing/local/checkout-sessions/:sessionId/confirm',
  localCancel: '/api/billing/local/checkout-sessions/:sessionId/cancel',
} as const;

/** Subscription API paths. */
export const subscriptionsPaths = {
  status: '/api/subscription/status',
  tradingPlan: '/api/trading/subscription',
  checkout: '/api/stripe/create-checkout-session',
  checkoutSession: '/api/subscription/checkout-sessions/:sessionId',
  cancel: '/api/subscription/cancel',
  adminUserSubscription: '/api/admin/users/:userId/subscription',
} as const;

export const PublicSubscriptionStatusSchema = z.enum(['none', 'trial', 'active', 'canceled']);
export const PaymentProviderKindSchema = z.enum(['local', 'stripe']);
export type PaymentProviderKind = z.infer<typeof PaymentProviderKindSchema>;

/** GET /api/subscription/status: spec 3 section 3 plus what the page needs to be honest. */
export const SubscriptionStatusSchema = z.object({
  status: PublicSubscriptionStatusSchema,
  plan: PlanIdSchema.nullable(),
  trial_end: z.string().nullable(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  has_access: z.boolean(),
  payment_failed: z.boolean(),
  /** Whether the next checkout gets the 7-day free trial (one free trial per user). */
  free_trial_available: z.boolean(),
  /**
   * The free days the next checkout gets (checkoutTrialFor): the full 7, the rest of a running
   * platform trial (first charge at ends_at), or none.
   */
  checkout_trial: z.object({ kind: z.enum(['full', 'rest_of_trial', 'none']), days: z.number().int(), ends_at: z.string().nullable() }),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** GET /api/trading/subscription: the plan that is open now, or null. */
export const TradingSubscriptionSchema = z.object({ plan: PlanIdSchema.nullable() });

/**
 * The consent block. The server stamps accepted_at and the IP itself: client values of those
 * (and any price, amount or trial length) are ignored.
 */
export const CheckoutConsentSchema = z.object(
  {
    terms_accepted: z.literal(true, { error: TERMS_REQUIRED_MESSAGE }),
    marketing_accepted: z.boolean().default(false),
  },
  { error: TERMS_REQUIRED_MESSAGE },
);

export const CreateCheckoutInputSchema = z.object({
  plan: PlanIdSchema,
  consent: CheckoutConsentSchema,
});
export type CreateCheckoutInput = z.infer<typeof CreateCheckoutInputSchema>;

export const CreateCheckoutResponseSchema = z.object({
  checkout_url: z.string(),
  session_id: z.string(),
  /** 7 with the free trial, 0 when charged from the start. */
  trial_days: z.number().int(),
});

/** GET /api/stripe/config: what the page needs to start a payment. */
export const PaymentConfigSchema = z.object({
  provider: PaymentProviderKindSchema,
  publishable_key: z.string().nullable(),
  /** True for the embedded provider: no real payment is taken. */
  test_mode: z.boolean(),
});
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>;

export const CheckoutSessionStatusSchema = z.enum(['open', 'completed', 'canceled', 'expired']);

/** GET /api/subscription/checkout-sessions/:sessionId (the success page and the local checkout page). */
export const CheckoutSessionViewSchema = z.object({
  session_id: z.string(),
  provider: PaymentProviderKindSchema,
  plan: PlanIdSchema,
  status: CheckoutSessionStatusSchema,
  trial_days: z.number().int(),
  amount_cents: z.number().int(),
  expires_at: z.string(),
  subscription: SubscriptionStatusSchema,
});
export type CheckoutSessionView = z.infer<typeof CheckoutSessionViewSchema>;

export const CheckoutSessionParamsSchema = z.object({ sessionId: z.string().min(1).max(255) });

/** The embedded provider's test cards (like Stripe's 4242... and 4000 0000 0000 0341). */
export const LocalTestCardSchema = z.enum(['succeeds', 'declines']);
export type LocalTestCard = z.infer<typeof LocalTestCardSchema>;

export const ConfirmLocalCheckoutInputSchema = z.object({ card: LocalTestCardSchema.default('succeeds') });
export const LocalCheckoutRedirectSchema = z.object({ redirect_url: z.string() });

export const CancelSubscriptionResponseSchema = z.object({ status: z.literal('success'), subscription: SubscriptionStatusSchema });

export const SubscriptionHistoryItemSchema = z.object({
  id: z.string(),
  provider: PaymentProviderKindSchema,
  type: z.string(),
  outcome: z.enum(['applied', 'stale', 'ignored']),
  status_after: z.string().nullable(),
  plan: PlanIdSchema.nullable(),
  amount_cents: z.number().int().nullable(),
  occurred_at: z.string(),
  received_at: z.string(),
});

/** GET /api/admin/users/:userId/subscription */
export const AdminSubscriptionHistorySchema = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), free_trial_used_at: z.string().nullable() }),
  subscription: SubscriptionStatusSchema,
  provider: PaymentProviderKindSchema.nullable(),
  provider_status: z.string().nullable(),
  history: z.array(SubscriptionHistoryItemSchema),
});
export type AdminSubscriptionHistory = z.infer<typeof AdminSubscriptionHistorySchema>;

export const SubscriptionUserParamsSchema = z.object({ userId: z.uuid() });
