import { z } from 'zod';
import { formatDollarsAndCents, getPlan, isPlanId } from '@myeai/domain';
import type { JobHandler } from '../jobs/index.ts';
import { createNotification } from '../notifications/index.ts';
import { applyBillingEvent, formatBillingDate, TRIAL_REMINDER_JOB } from './apply-billing-event.ts';
import { getSubscriptionRow } from './billing.queries.ts';
import { LOCAL_CYCLE_JOB } from './local-provider.ts';
import { localPaymentProvider } from './providers.ts';
import { LOCAL_REFUND_EVENT_JOB, localRefundEvent } from './refund-provider.ts';
import { finishRefund, REFUND_FINISH_JOB } from './refunds.service.ts';

const CyclePayloadSchema = z.object({ subscriptionId: z.string().min(1) });
const RefundPayloadSchema = z.object({ refundId: z.string().min(1) });
const ReminderPayloadSchema = z.object({ userId: z.uuid(), provider: z.string(), providerSubscriptionId: z.string(), trialEnd: z.string() });

/** The embedded provider's trial end, renewal or payment retry; its events go through applyBillingEvent. */
const runLocalCycle: JobHandler = async (payload, { deps }) => {
  const { subscriptionId } = CyclePayloadSchema.parse(payload);
  const provider = localPaymentProvider(deps);
  await deps.db.transaction(async (tx) => {
    const events = await provider.runCycle(tx, subscriptionId);
    for (const event of events) await applyBillingEvent(tx, { clock: deps.clock }, event);
  });
};

/** Two days before a trial ends: says when and how much will be charged, unless the trial changed or was cancelled meanwhile. */
const sendTrialReminder: JobHandler = async (payload, { deps }) => {
  const data = ReminderPayloadSchema.parse(payload);
  await deps.db.transaction(async (tx) => {
    const row = await getSubscriptionRow(tx, data.userId);
    if (!row || row.provider !== data.provider || row.providerSubscriptionId !== data.providerSubscriptionId) return;
    if (row.status !== 'trialing' || row.cancelAtPeriodEnd || row.trialEnd?.toISOString() !== data.trialEnd || !isPlanId(row.plan)) return;
    const plan = getPlan(row.plan);
    await createNotification(tx, deps.clock, {
      userId: data.userId,
      type: 'system',
      title: 'Your free trial ends in 2 days',
      message: `Your free trial of the ${plan.name} plan ends on ${formatBillingDate(row.trialEnd)}. Then ${formatDollarsAndCents(plan.price_cents)} is charged every ${plan.period}. To avoid the charge, cancel before then on the subscription page.`,
      sourceKey: `trial-reminder:${row.provider}:${row.providerSubscriptionId}:${data.trialEnd}`,
    });
  });
};

/** The embedded provider delivers its charge.refunded event, as Stripe's webhook would (decision 065). */
const deliverLocalRefundEvent: JobHandler = async (payload, { deps }) => {
  const { refundId } = RefundPayloadSchema.parse(payload);
  await deps.db.transaction(async (tx) => {
    const event = await localRefundEvent(tx, refundId);
    if (event) await applyBillingEvent(tx, { clock: deps.clock }, event);
  });
};

/** An admin's refund the request did not finish (stopped, provider down): asked of the provider and its access applied now. */
const finishAdminRefund: JobHandler = async (payload, { deps }) => {
  const { refundId } = RefundPayloadSchema.parse(payload);
  await finishRefund(deps, z.uuid().parse(refundId), null);
};

export const billingJobHandlers: Record<string, JobHandler> = {
  [LOCAL_CYCLE_JOB]: runLocalCycle,
  [TRIAL_REMINDER_JOB]: sendTrialReminder,
  [LOCAL_REFUND_EVENT_JOB]: deliverLocalRefundEvent,
  [REFUND_FINISH_JOB]: finishAdminRefund,
};
