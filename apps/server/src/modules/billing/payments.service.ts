import type { DbOrTx } from '@myeai/db';
import { AppError, getPlan, isPlanId, LOCAL_PAYMENT_METHOD_MESSAGE, type MyPayment, type MyPayments, type PaymentProviderKind, type Receipt } from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import { getSubscriptionRow } from './billing.queries.ts';
import { selectMember, selectPayment, selectRefundsOfPayments, selectUserPayments, type PaymentRow, type RefundWithAdmin } from './billing-payments.queries.ts';
import { refundProviderFor } from './refund-provider.ts';
import { lineOf, paymentFields, PAYMENTS_LIST_MAX } from './refunds.service.ts';

/** Who sells the plans, as the receipts name them (SELLER_NAME and SELLER_DETAILS). */
export type Seller = { name: string; details: readonly string[] };
export const DEFAULT_SELLER: Seller = { name: 'MYEAI', details: [] };

function toMyPayment(row: PaymentRow, refunds: readonly RefundWithAdmin[]): MyPayment {
  return { ...paymentFields(row, refunds.map(lineOf)), hosted_invoice_url: row.hostedInvoiceUrl };
}

/** GET /api/subscriptions/payments: the member's payments, newest first, each with its refunds so far. */
export async function listMyPayments(db: DbOrTx, userId: string): Promise<MyPayments> {
  const payments = await selectUserPayments(db, userId, PAYMENTS_LIST_MAX);
  const refunds = await selectRefundsOfPayments(db, payments.map((payment) => payment.id));
  const subscription = await getSubscriptionRow(db, userId);
  return {
    items: payments.map((payment) => toMyPayment(payment, refunds.filter((refund) => refund.paymentId === payment.id))),
    provider: (subscription?.provider as PaymentProviderKind | undefined) ?? null,
  };
}

/** One payment of the member (another member's is 404, as one that does not exist). */
export async function getMyPayment(db: DbOrTx, userId: string, paymentId: string): Promise<MyPayment | undefined> {
  const payment = await selectPayment(db, paymentId);
  if (!payment || payment.userId !== userId) return undefined;
  return toMyPayment(payment, await selectRefundsOfPayments(db, [payment.id]));
}

/** GET /api/subscriptions/payments/:id: the printable receipt of one of the member's payments. */
export async function getReceipt(db: DbOrTx, seller: Seller, userId: string, paymentId: string): Promise<Receipt> {
  const payment = await selectPayment(db, paymentId);
  const customer = await selectMember(db, userId);
  if (!payment || payment.userId !== userId || !customer) throw new AppError('NOT_FOUND', 'Payment not found.');
  const refunds = await selectRefundsOfPayments(db, [payment.id]);
  return {
    seller: { name: seller.name, details: [...seller.details] },
    customer: { name: customer.name, email: customer.email },
    payment: toMyPayment(payment, refunds),
    plan_name: isPlanId(payment.plan) ? getPlan(payment.plan).name : null,
    refunds: refunds.flatMap((refund) => (refund.status === 'succeeded' && refund.settledAt ? [{ amount_cents: refund.amountCents, settled_at: refund.settledAt.toISOString() }] : [])),
  };
}

/**
 * POST /api/subscriptions/payment-method: Stripe's customer portal for the member's customer,
 * returning to the subscription page. The embedded test checkout keeps no card: 409 with what to do.
 */
export async function paymentMethodSession(deps: AppDeps, userId: string, returnUrl: string): Promise<{ url: string }> {
  const subscription = await getSubscriptionRow(deps.db, userId);
  if (!subscription) throw new AppError('NOT_FOUND', 'You have no subscription, so there is no payment method to update.');
  if (subscription.provider === 'local') throw new AppError('CONFLICT', LOCAL_PAYMENT_METHOD_MESSAGE);
  if (!subscription.providerCustomerId) throw new AppError('CONFLICT', 'Your payment provider has no customer record for you yet. Please contact support.');
  const url = await refundProviderFor(deps, subscription.provider as PaymentProviderKind).paymentMethodUrl(subscription.providerCustomerId, returnUrl);
  if (!url) throw new AppError('CONFLICT', LOCAL_PAYMENT_METHOD_MESSAGE);
  return { url };
}
