import { z } from 'zod';
import { REFUND_ACCESS, REFUND_NOTE_MAX, REFUND_REASONS, REFUND_STATUSES, STORED_REFUND_REASONS } from '../billing/refunds.ts';
import { CentsSchema, dollarsField, formatDollarsAndCents, type Cents } from '../money.ts';
import { CONTROL_CHARACTERS, SUPPORT_MESSAGE_MAX } from '../support/support-rules.ts';
import { PlanIdSchema } from '../subscriptions/plans.ts';
import { PaymentProviderKindSchema } from './subscriptions.ts';

/** Refunds, payments and receipts (issue 31 items 1 and 5, decision 065). */
export const billingAdminPaths = {
  userPayments: '/api/admin/billing/users/:id/payments',
  refund: '/api/admin/billing/payments/:id/refund',
} as const;

export const paymentsPaths = {
  mine: '/api/subscriptions/payments',
  receipt: '/api/subscriptions/payments/:id',
  refundRequest: '/api/subscriptions/payments/:id/refund-request',
  paymentMethod: '/api/subscriptions/payment-method',
} as const;

export const RefundReasonSchema = z.enum(REFUND_REASONS, 'Choose a reason from the Refund Policy, or other (goodwill).');
export const StoredRefundReasonSchema = z.enum(STORED_REFUND_REASONS);
export const RefundAccessSchema = z.enum(REFUND_ACCESS, 'Choose when access ends.');
export const RefundStatusSchema = z.enum(REFUND_STATUSES);

export const GOODWILL_NOTE_MESSAGE = 'Write a note: a goodwill refund needs one.';

const refundNote = z
  .string()
  .trim()
  .max(REFUND_NOTE_MAX, `Keep the note under ${REFUND_NOTE_MAX + 1} characters.`)
  .refine((value) => !CONTROL_CHARACTERS.test(value), 'The note contains characters that are not allowed.');

function requireGoodwillNote(value: { reason?: string; note?: string | null }, context: z.RefinementCtx) {
  if (value.reason === 'goodwill' && (value.note ?? '').trim().length < 3) context.addIssue({ code: 'custom', path: ['note'], message: GOODWILL_NOTE_MESSAGE });
}

/**
 * POST /api/admin/billing/payments/:id/refund. `request_id` (a UUID the dialog makes once) makes a
 * repeated request (a double click, a retry after a timeout) answer the first refund instead of
 * refunding again.
 */
export const RefundInputSchema = z
  .object({
    amount_cents: CentsSchema.positive('Enter an amount above $0.00.'),
    reason: RefundReasonSchema,
    note: refundNote.nullish(),
    access: RefundAccessSchema,
    request_id: z.uuid().optional(),
  })
  .superRefine(requireGoodwillNote);
export type RefundInput = z.infer<typeof RefundInputSchema>;

/** The refund dialog's form: the amount typed in dollars, at most what is left of the payment. */
export function refundFormSchema(remainingCents: Cents) {
  return z
    .object({
      amount: dollarsField(
        {
          required: 'Enter the amount to refund.',
          invalid: 'Enter an amount in dollars, like 34.50.',
          min: 'Enter an amount above $0.00.',
          max: `At most ${formatDollarsAndCents(remainingCents)} of this payment can still be refunded.`,
        },
        { minCents: 1, maxCents: remainingCents },
      ),
      reason: RefundReasonSchema,
      note: refundNote,
      access: RefundAccessSchema,
    })
    .superRefine(requireGoodwillNote);
}

export const BillingIdParamsSchema = z.object({ id: z.uuid('Unknown id.') });

export const RefundSchema = z.object({
  id: z.string(),
  amount_cents: CentsSchema,
  reason: StoredRefundReasonSchema,
  note: z.string().nullable(),
  access: RefundAccessSchema.nullable(),
  status: RefundStatusSchema,
  /** The admin who asked for it; null for a refund made at the provider. */
  requested_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  requested_at: z.string(),
  settled_at: z.string().nullable(),
  provider_refund_id: z.string().nullable(),
  failure_message: z.string().nullable(),
  /** When the access choice was applied to the subscription; null while it is still to do. */
  access_applied_at: z.string().nullable(),
});
export type Refund = z.infer<typeof RefundSchema>;

const paymentFields = {
  id: z.string(),
  provider: PaymentProviderKindSchema,
  paid_at: z.string(),
  plan: PlanIdSchema.nullable(),
  amount_cents: CentsSchema,
  /** The tax line of the invoice, when the provider charged tax. */
  tax_cents: CentsSchema.nullable(),
  /** Settled refunds. */
  refunded_cents: CentsSchema,
  /** Refunds asked of the provider and not settled yet. */
  pending_refund_cents: CentsSchema,
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  /** The provider's invoice number (the payment reference on the receipt). */
  reference: z.string(),
};

/** A payment as People Management shows it, with every refund of it. */
export const AdminPaymentSchema = z.object({
  ...paymentFields,
  /** The provider's charge (Stripe payment intent), what a refund is made against. */
  provider_payment_ref: z.string().nullable(),
  remaining_cents: CentsSchema,
  refunds: z.array(RefundSchema),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;

/** GET /api/admin/billing/users/:id/payments */
export const AdminUserPaymentsSchema = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  items: z.array(AdminPaymentSchema),
});
export type AdminUserPayments = z.infer<typeof AdminUserPaymentsSchema>;

export const RefundResultSchema = z.object({ refund: RefundSchema, payment: AdminPaymentSchema });
export type RefundResult = z.infer<typeof RefundResultSchema>;

/** A payment of the signed-in member. */
export const MyPaymentSchema = z.object({
  ...paymentFields,
  /** Stripe's hosted invoice page, when Stripe took the payment. */
  hosted_invoice_url: z.string().nullable(),
});
export type MyPayment = z.infer<typeof MyPaymentSchema>;

/** GET /api/subscriptions/payments */
export const MyPaymentsSchema = z.object({
  items: z.array(MyPaymentSchema),
  /** Who bills the member's subscription (null without one): decides what "Update payment method" does. */
  provider: PaymentProviderKindSchema.nullable(),
});
export type MyPayments = z.infer<typeof MyPaymentsSchema>;

/** GET /api/subscriptions/payments/:id: the printable receipt. */
export const ReceiptSchema = z.object({
  seller: z.object({ name: z.string(), details: z.array(z.string()) }),
  customer: z.object({ name: z.string(), email: z.string() }),
  payment: MyPaymentSchema,
  plan_name: z.string().nullable(),
  refunds: z.array(z.object({ amount_cents: CentsSchema, settled_at: z.string() })),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

/** POST /api/subscriptions/payments/:id/refund-request: "Request a refund" opens a support request. */
export const RefundRequestInputSchema = z.object({
  message: z
    .string('Tell us why you ask for a refund.')
    .trim()
    .min(10, 'Tell us why in at least 10 characters.')
    .max(SUPPORT_MESSAGE_MAX, `Keep the message under ${SUPPORT_MESSAGE_MAX + 1} characters.`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), 'The message contains characters that are not allowed.'),
});
export type RefundRequestInput = z.infer<typeof RefundRequestInputSchema>;

/** POST /api/subscriptions/payment-method: the provider's page where the member updates their card. */
export const PaymentMethodSessionSchema = z.object({ url: z.string() });

/** What "Update payment method" says with the embedded test checkout (no card is kept). */
export const LOCAL_PAYMENT_METHOD_MESSAGE =
  'Payments on this server go through the test checkout, which keeps no card to update. To pay with another test card, cancel your plan and subscribe again, choosing the card on the test checkout page.';
