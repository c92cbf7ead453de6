import type { DbOrTx } from '@myeai/db';
import {
  formatDollarsAndCents,
  getPlan,
  isEntitledStatus,
  isNewerSnapshot,
  isPlanId,
  isTerminalStatus,
  toProviderStatus,
  trialReminderAt,
  viewSubscription,
  type PlanId,
  type Role,
  type StoredSubscriptionState,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueJob } from '../jobs/index.ts';
import { createNotification } from '../notifications/index.ts';
import { markTrialConverted } from '../trials/index.ts';
import type { BillingEvent, SubscriptionSnapshot } from './billing-event.ts';
import { recordPayment, refundEventOwner, settleRefunds } from './refund-settlement.ts';
import {
  getSubscriptionRow,
  insertBillingEventOnce,
  insertSubscription,
  lockUser,
  markCheckoutSessionCompleted,
  markFreeTrialUsed,
  selectSubscriptionOwner,
  setBillingEventOutcome,
  updateSubscription,
  updateUserRoles,
  type SubscriptionRow,
} from './billing.queries.ts';

export type BillingOutcome = 'applied' | 'stale' | 'ignored' | 'duplicate';
export type ApplyContext = { clock: Clock; /** The user whose request caused the event (cancel); null for provider events. */ actorId?: string | null };

export const TRIAL_REMINDER_JOB = 'subscriptions.trial-reminder';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
export const formatBillingDate = (date: Date): string => dateFormat.format(date);

export function toStoredState(row: SubscriptionRow | undefined | null): StoredSubscriptionState | null {
  if (!row || !isPlanId(row.plan)) return null;
  return {
    plan: row.plan,
    status: toProviderStatus(row.status),
    trialEnd: row.trialEnd,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

type LockedUser = NonNullable<Awaited<ReturnType<typeof lockUser>>>;

/**
 * The one handler of provider events (Stripe webhooks and the embedded provider alike). Run it in
 * a transaction: the event id is recorded with its effects, so a redelivered event changes
 * nothing; a snapshot older than the stored state is recorded as stale and changes nothing.
 */
export async function applyBillingEvent(tx: DbOrTx, context: ApplyContext, event: BillingEvent): Promise<BillingOutcome> {
  const { clock } = context;
  const snapshot = event.subscription ?? null;
  let userId = event.userId ?? snapshot?.userId ?? null;
  if (!userId && snapshot) {
    userId = (await selectSubscriptionOwner(tx, event.provider, snapshot.providerSubscriptionId)) ?? null;
  }
  if (!userId && event.refunds?.length) userId = await refundEventOwner(tx, event);
  if (userId && !UUID.test(userId)) userId = null;
  const user = userId ? await lockUser(tx, userId) : undefined;

  const recorded = await insertBillingEventOnce(tx, {
    provider: event.provider,
    eventId: event.id,
    type: event.type,
    userId: user?.id ?? null,
    providerSubscriptionId: snapshot?.providerSubscriptionId ?? null,
    occurredAt: event.occurredAt,
    receivedAt: clock.now(),
    outcome: 'ignored',
    plan: snapshot?.plan ?? null,
    amountCents: event.invoice?.amountCents ?? (event.refunds?.length ? event.refunds.reduce((sum, refund) => sum + refund.amountCents, 0) : null),
    details: event.checkoutSessionId ? { checkout_session_id: event.checkoutSessionId } : null,
  });
  if (!recorded) return 'duplicate';
  if (!user) return 'ignored';

  if (event.type === 'checkout.session.completed' && event.checkoutSessionId) {
    await markCheckoutSessionCompleted(
      tx,
      { provider: event.provider, providerSessionId: event.checkoutSessionId, userId: user.id },
      clock.now(),
      snapshot?.providerSubscriptionId ?? null,
    );
  }

  let outcome: BillingOutcome = event.type === 'checkout.session.completed' ? 'applied' : 'ignored';
  if (snapshot) outcome = await applySnapshot(tx, context, user, event, snapshot);

  if (event.invoice && event.type === 'invoice.paid' && event.invoice.amountCents > 0) {
    const plan = snapshot?.plan ? getPlan(snapshot.plan) : null;
    await createNotification(tx, clock, {
      userId: user.id,
      type: 'system',
      title: 'Payment received',
      // Words a member reads, not the provider's invoice id (which the bell showed as "Receipt in_1Q…").
      message: `We received your payment of ${formatDollarsAndCents(event.invoice.amountCents)}${plan ? ` for the ${plan.name} plan` : ''}.${snapshot?.currentPeriodEnd ? ` Your access runs until ${formatBillingDate(snapshot.currentPeriodEnd)}.` : ''}`,
      sourceKey: `invoice:${event.provider}:${event.invoice.id}:paid`,
    });
    await recordPayment(tx, clock, user.id, event);
    if (outcome === 'ignored') outcome = 'applied';
  }
  // Refunds (decision 065): settled by the provider's event, whoever asked for them.
  if (event.refunds?.length && (await settleRefunds(tx, context, user, event)) && outcome === 'ignored') outcome = 'applied';
  if (event.invoice && event.type === 'invoice.payment_failed') {
    await createNotification(tx, clock, {
      userId: user.id,
      type: 'system',
      title: 'Payment failed',
      message: `We could not take your payment of ${formatDollarsAndCents(event.invoice.amountCents)}. Your access continues while we retry; please check your payment method.`,
      sourceKey: `invoice:${event.provider}:${event.invoice.id}:failed`,
    });
    if (outcome === 'ignored') outcome = 'applied';
  }

  const after = await getSubscriptionRow(tx, user.id);
  const statusAfter = after?.providerSubscriptionId === snapshot?.providerSubscriptionId ? (after?.status ?? null) : null;
  await setBillingEventOutcome(tx, event.provider, event.id, outcome, statusAfter);
  return outcome;
}

async function applySnapshot(tx: DbOrTx, context: ApplyContext, user: LockedUser, event: BillingEvent, snap: SubscriptionSnapshot): Promise<BillingOutcome> {
  const { clock } = context;
  const now = clock.now();
  const row = await getSubscriptionRow(tx, user.id);
  const isSame = row !== undefined && row.provider === event.provider && row.providerSubscriptionId === snap.providerSubscriptionId;

  if (isSame) {
    if (!isNewerSnapshot({ status: toProviderStatus(row.status), observedAt: row.providerObservedAt }, { status: snap.status, observedAt: snap.observedAt })) return 'stale';
  } else if (row) {
    // Another provider subscription: it takes over only if it is newer and alive.
    if (isTerminalStatus(snap.status) || snap.status === 'incomplete' || snap.createdAt.getTime() <= row.createdAt.getTime()) return 'stale';
  }
  const plan: PlanId | null = snap.plan ?? (isSame && isPlanId(row.plan) ? row.plan : null);
  if (!plan) return 'ignored';

  const before = viewSubscription(isSame ? toStoredState(row) : null, now);
  const values = {
    provider: event.provider,
    providerSubscriptionId: snap.providerSubscriptionId,
    providerCustomerId: snap.providerCustomerId ?? (isSame ? row.providerCustomerId : null),
    plan,
    status: snap.status,
    trialEnd: snap.trialEnd,
    currentPeriodStart: snap.currentPeriodStart,
    currentPeriodEnd: snap.currentPeriodEnd,
    cancelAtPeriodEnd: snap.cancelAtPeriodEnd,
    canceledAt: snap.canceledAt,
    endedAt: snap.endedAt,
    providerObservedAt: snap.observedAt,
    updatedAt: now,
  };
  const saved = row
    ? await updateSubscription(tx, row.id, isSame ? values : { ...values, createdAt: snap.createdAt })
    : await insertSubscription(tx, { ...values, userId: user.id, createdAt: snap.createdAt });
  const after = viewSubscription(toStoredState(saved), now);

  // Roles: subscriber while entitled; removed when the subscription ends (only if it was added by a subscription).
  let roles = user.roles as Role[];
  let activeRole = user.activeRole as Role;
  if (isEntitledStatus(snap.status) && !roles.includes('subscriber')) {
    roles = [...roles, 'subscriber'];
    // Buying a plan makes subscriber the active role at once, whatever the role before (DESIGN.md
    // decision 45): the buyer lands on the subscriber's home and sees the plan they paid for.
    activeRole = 'subscriber';
    await updateUserRoles(tx, user.id, roles, activeRole);
    await updateSubscription(tx, saved.id, { subscriberRoleGranted: true });
  } else if (isEntitledStatus(snap.status) && !before.has_access && activeRole !== 'subscriber') {
    // A purchase by a holder of an admin-granted subscriber role: the same, without a new role.
    activeRole = 'subscriber';
    await updateUserRoles(tx, user.id, roles, activeRole);
  } else if (!isEntitledStatus(snap.status) && saved.subscriberRoleGranted && roles.includes('subscriber')) {
    roles = roles.filter((role) => role !== 'subscriber');
    // A user always holds a role: one whose only role was subscriber becomes a Free User.
    if (roles.length === 0) roles = ['subscriber_free'];
    if (activeRole === 'subscriber') activeRole = roles.includes('subscriber_free') ? 'subscriber_free' : roles[0]!;
    await updateUserRoles(tx, user.id, roles, activeRole);
    await updateSubscription(tx, saved.id, { subscriberRoleGranted: false });
  }
  // A platform trial that ends in a paid plan counts as converted in the trial analytics.
  if (isEntitledStatus(snap.status)) await markTrialConverted(tx, { now: () => now }, user.id);
  // The one free trial is used once a subscription with a trial exists.
  if (snap.trialEnd && !user.freeTrialUsedAt) {
    await markFreeTrialUsed(tx, user.id, now);
    user.freeTrialUsedAt = now;
  }

  const changed =
    !isSame ||
    row.status !== saved.status ||
    row.cancelAtPeriodEnd !== saved.cancelAtPeriodEnd ||
    before.status !== after.status ||
    row.plan !== saved.plan;
  if (changed) {
    await recordAudit(tx, clock, {
      actorId: context.actorId ?? null,
      action: 'subscription.status_changed',
      target: user.id,
      details: {
        provider: event.provider,
        provider_subscription_id: snap.providerSubscriptionId,
        event_id: event.id,
        event_type: event.type,
        plan,
        from: isSame ? { status: before.status, provider_status: row.status, cancel_at_period_end: row.cancelAtPeriodEnd } : null,
        to: { status: after.status, provider_status: saved.status, cancel_at_period_end: saved.cancelAtPeriodEnd },
        roles,
      },
    });
  }
  await notifyTransition(tx, clock, user, isSame ? row : undefined, saved, plan);
  if (saved.status === 'trialing' && saved.trialEnd && saved.trialEnd.getTime() > now.getTime() && !saved.cancelAtPeriodEnd) {
    const reminderAt = trialReminderAt(saved.trialEnd);
    await enqueueJob(tx, clock, {
      name: TRIAL_REMINDER_JOB,
      payload: { userId: user.id, provider: saved.provider, providerSubscriptionId: saved.providerSubscriptionId, trialEnd: saved.trialEnd.toISOString() },
      runAt: reminderAt.getTime() > now.getTime() ? reminderAt : now,
      dedupeKey: `trial-reminder:${saved.provider}:${saved.providerSubscriptionId}:${saved.trialEnd.getTime()}`,
    });
  }
  return 'applied';
}

/** The receipt on start, the cancellation confirmation and the end notice (in-app, and e-mail when the user allows it). */
async function notifyTransition(tx: DbOrTx, clock: Clock, user: LockedUser, previous: SubscriptionRow | undefined, saved: SubscriptionRow, planId: PlanId) {
  const plan = getPlan(planId);
  const key = `subscription:${saved.provider}:${saved.providerSubscriptionId}`;
  const price = `${formatDollarsAndCents(plan.price_cents)} every ${plan.period}`;
  const wasEntitled = previous !== undefined && isEntitledStatus(toProviderStatus(previous.status));
  const isEntitled = isEntitledStatus(toProviderStatus(saved.status));
  if (isEntitled && !wasEntitled) {
    const message =
      saved.status === 'trialing' && saved.trialEnd
        ? `Your ${plan.name} plan (${price}) has started with a free trial. Nothing is charged until ${formatBillingDate(saved.trialEnd)}, when the first payment of ${formatDollarsAndCents(plan.price_cents)} is taken unless you cancel before then.`
        : `Your ${plan.name} plan (${price}) is active.${saved.currentPeriodEnd ? ` It renews on ${formatBillingDate(saved.currentPeriodEnd)} unless you cancel before then.` : ''}`;
    await createNotification(tx, clock, { userId: user.id, type: 'system', title: 'Subscription started', message, sourceKey: `${key}:started` });
  }
  if (isEntitled && saved.cancelAtPeriodEnd && !previous?.cancelAtPeriodEnd) {
    const until = saved.currentPeriodEnd ? formatBillingDate(saved.currentPeriodEnd) : 'the end of the current period';
    await createNotification(tx, clock, {
      userId: user.id,
      type: 'system',
      title: 'Subscription cancelled',
      message: `Your ${plan.name} plan is cancelled. You keep access until ${until}, and nothing more will be charged.`,
      sourceKey: `${key}:cancelled`,
    });
  }
  if (wasEntitled && !isEntitled) {
    const reason = previous?.status === 'past_due' ? ' because the payment could not be taken' : '';
    await createNotification(tx, clock, {
      userId: user.id,
      type: 'system',
      title: 'Subscription ended',
      message: `Your ${plan.name} plan has ended${reason}. You can subscribe again at any time from the subscription page.`,
      sourceKey: `${key}:ended`,
    });
  }
}
