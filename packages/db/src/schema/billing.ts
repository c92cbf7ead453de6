import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REFUND_ACCESS, REFUND_STATUSES, STORED_REFUND_REASONS } from '@myeai/domain';
import { timestamptz, uuidPrimaryKey } from './columns.ts';
import { oneOf } from './one-of.ts';
import { users } from './users.ts';

/**
 * Every subscription payment a provider reported paid (invoice.paid with an amount), one row per
 * provider invoice (decision 065): the member's receipts and what an admin refunds. Written by
 * applyBillingEvent in the event's transaction; a redelivered event finds it there.
 */
export const billingPayments = pgTable(
  'billing_payments',
  {
    id: uuidPrimaryKey(),
    /** Null once the account is gone; money records stay (decision 049). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    /** The provider's invoice (in_...): the payment reference on the receipt. */
    providerInvoiceId: text('provider_invoice_id').notNull(),
    /** What a refund is made against: Stripe's payment intent (or charge); the local provider's charge. */
    providerPaymentRef: text('provider_payment_ref'),
    providerSubscriptionId: text('provider_subscription_id'),
    plan: text('plan'),
    amountCents: integer('amount_cents').notNull(),
    taxCents: integer('tax_cents'),
    currency: text('currency').notNull().default('usd'),
    periodStart: timestamptz('period_start'),
    periodEnd: timestamptz('period_end'),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    paidAt: timestamptz('paid_at').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('billing_payments_invoice_key').on(t.provider, t.providerInvoiceId),
    index('billing_payments_ref_idx').on(t.provider, t.providerPaymentRef),
    index('billing_payments_user_idx').on(t.userId, t.paidAt.desc()),
    check('billing_payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A refund of a payment: asked by an admin here (pending until the provider's event settles it)
 * or made at the provider and learnt from its event (reason 'provider'). The refunded amount of a
 * payment is the sum of its succeeded refunds; nothing edits a payment's amount.
 */
export const billingRefunds = pgTable(
  'billing_refunds',
  {
    id: uuidPrimaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => billingPayments.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's refund (re_...), known once the provider answered or its event arrived. */
    providerRefundId: text('provider_refund_id'),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    /** When the member's access ends (admin refunds); null for a refund made at the provider. */
    access: text('access'),
    status: text('status').notNull(),
    /** The dialog's request id: a repeated request answers this refund. */
    requestId: uuid('request_id'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamptz('requested_at').notNull(),
    /** When the provider accepted the refund (its answer or its event). */
    submittedAt: timestamptz('submitted_at'),
    settledAt: timestamptz('settled_at'),
    /** When the access choice was applied to the subscription (or found nothing to change). */
    accessAppliedAt: timestamptz('access_applied_at'),
    failureMessage: text('failure_message'),
  },
  (t) => [
    uniqueIndex('billing_refunds_provider_refund_key').on(t.provider, t.providerRefundId),
    uniqueIndex('billing_refunds_request_key').on(t.paymentId, t.requestId),
    index('billing_refunds_payment_idx').on(t.paymentId, t.requestedAt),
    check('billing_refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('billing_refunds_status_known', oneOf(t.status, REFUND_STATUSES)),
    check('billing_refunds_reason_known', oneOf(t.reason, STORED_REFUND_REASONS)),
    check('billing_refunds_access_known', sql`${t.access} is null or ${oneOf(t.access, REFUND_ACCESS)}`),
  ],
);

/**
 * The embedded payment provider's refunds (what Stripe keeps on its side): one per idempotency
 * key, so a repeated call answers the first refund. Its event is delivered by a job.
 */
export const localBillingRefunds = pgTable(
  'local_billing_refunds',
  {
    id: text('id').primaryKey(),
    paymentRef: text('payment_ref').notNull(),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    status: text('status').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [uniqueIndex('local_billing_refunds_idempotency_key').on(t.idempotencyKey), index('local_billing_refunds_payment_idx').on(t.paymentRef)],
);
