import type { DbOrTx } from '@myeai/db';
import {
  AppError,
  getPlan,
  hasUsedFreeTrial,
  isEntitledStatus,
  isPlanId,
  NO_SUBSCRIPTION_TO_CANCEL_MESSAGE,
  planInForceAt,
  TERMS_VERSION,
  toProviderStatus,
  viewSubscription,
  type AdminSubscriptionHistory,
  type CheckoutTrial,
  type CheckoutSessionView,
  type CreateCheckoutInput,
  type PaymentProviderKind,
  type PlanId,
  type StoredSubscriptionState,
  type SubscriptionStatus,
} from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import {
  activePaymentProvider,
  applyBillingEvent,
  getSubscriptionRow,
  insertCheckoutSession,
  lockUser,
  markCheckoutSessionExpired,
  paymentProviderFor,
  readCheckoutTrial,
  selectBillingEventsOfUser,
  selectOpenCheckoutSessions,
  selectUserCheckoutSession,
  setCheckoutSessionProvider,
  toStoredState,
  type SubscriptionRow,
} from '../billing/index.ts';
import { cancelScheduledChange, readScheduledChange, scheduledPlanOf } from './scheduled-plan-change.ts';
import { selectFreeTrialUsedAt, selectSubscriber } from './subscriptions.queries.ts';

function statusOf(row: SubscriptionRow | undefined, freeTrialUsedAt: Date | null, checkoutTrial: CheckoutTrial, now: Date, scheduledPlan: StoredSubscriptionState['scheduledPlan'] = null): SubscriptionStatus {
  const state = toStoredState(row);
  const view = viewSubscription(state, now);
  const known = view.status !== 'none' && row;
  return {
    status: view.status,
    // A scheduled downgrade is the plan from its moment on (decision 064), before its job stores it.
    plan: known && state ? planInForceAt({ ...state, scheduledPlan }, now) : null,
    trial_end: known ? (row.trialEnd?.toISOString() ?? null) : null,
    current_period_end: known ? (row.currentPeriodEnd?.toISOString() ?? null) : null,
    cancel_at_period_end: known ? row.cancelAtPeriodEnd : false,
    has_access: view.has_access,
    payment_failed: view.payment_failed,
    free_trial_available: !hasUsedFreeTrial({ freeTrialUsedAt }),
    checkout_trial: { kind: checkoutTrial.kind, days: checkoutTrial.days, ends_at: checkoutTrial.endsAt?.toISOString() ?? null },
  };
}

export async function getSubscriptionStatus(db: DbOrTx, clock: Clock, userId: string): Promise<SubscriptionStatus> {
  const freeTrialUsedAt = await selectFreeTrialUsedAt(db, userId);
  const now = clock.now();
  const row = await getSubscriptionRow(db, userId);
  const scheduled = scheduledPlanOf(await readScheduledChange(db, userId, row));
  return statusOf(row, freeTrialUsedAt, await readCheckoutTrial(db, { id: userId, freeTrialUsedAt }, now), now, scheduled);
}

/** True while a subscription is trial or active and not cancelled: a new checkout is refused then (409). */
function isRunning(row: SubscriptionRow | undefined): boolean {
  return row !== undefined && isEntitledStatus(toProviderStatus(row.status)) && !row.cancelAtPeriodEnd;
}

export type CheckoutOrigin = { ip: string | null; baseUrl: string };

/**
 * Starts a checkout with the configured provider. The consent is stored with the server's time
 * and the request's IP; the trial (7 days, the rest of a running platform trial, or none) and
 * the price come from the server. A second
 * click on the same plan returns the same open session; another plan replaces it.
 */
export async function createCheckout(deps: AppDeps, userId: string, input: CreateCheckoutInput, origin: CheckoutOrigin) {
  const provider = activePaymentProvider(deps);
  const plan = getPlan(input.plan);
  return deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please login to subscribe to a plan.');
    const now = deps.clock.now();
    const current = await getSubscriptionRow(tx, userId);
    if (current && isRunning(current)) {
      throw new AppError(
        'CONFLICT',
        current.plan === plan.id
          ? `You already have the ${plan.name} plan.`
          : 'You already have an active subscription. Cancel it first; you can choose another plan once it is cancelled.',
      );
    }
    const trial = await readCheckoutTrial(tx, user, now);
    const trialDays = trial.days;
    const open = await selectOpenCheckoutSessions(tx, userId, now);
    const reusable = open.find((session) => session.provider === provider.kind && session.plan === plan.id && session.trialDays === trialDays && session.url && session.providerSessionId);
    if (reusable) return { checkout_url: reusable.url!, session_id: reusable.providerSessionId!, trial_days: reusable.trialDays };
    for (const stale of open) {
      await markCheckoutSessionExpired(tx, stale.id);
      if (stale.providerSessionId && stale.provider === provider.kind) await provider.expireCheckoutSession(stale.providerSessionId);
    }
    const checkoutId = await insertCheckoutSession(tx, {
      userId,
      provider: provider.kind,
      plan: plan.id,
      trialDays,
      amountCents: plan.price_cents,
      termsAccepted: input.consent.terms_accepted,
      marketingAccepted: input.consent.marketing_accepted,
      termsVersion: TERMS_VERSION,
      acceptedAt: now,
      ipAddress: origin.ip,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
    const created = await provider.createCheckoutSession({
      checkoutId,
      userId,
      email: user.email,
      customerId: current?.provider === provider.kind ? current.providerCustomerId : null,
      plan: plan.id,
      trial,
      baseUrl: origin.baseUrl,
    });
    await setCheckoutSessionProvider(tx, checkoutId, created);
    await recordAudit(tx, deps.clock, {
      actorId: userId,
      action: 'subscription.checkout_started',
      target: userId,
      details: { provider: provider.kind, session_id: created.providerSessionId, plan: plan.id, trial_days: trialDays, marketing_accepted: input.consent.marketing_accepted, terms_version: TERMS_VERSION },
    });
    return { checkout_url: created.url, session_id: created.providerSessionId, trial_days: trialDays };
  });
}

/** A checkout session of the signed-in user (another user's is 404): for the success and local checkout pages. Display only, it grants nothing. */
export async function getCheckoutSessionView(deps: AppDeps, userId: string, sessionId: string): Promise<CheckoutSessionView> {
  const session = await selectUserCheckoutSession(deps.db, userId, sessionId);
  if (!session || !isPlanId(session.plan)) throw new AppError('NOT_FOUND', 'Checkout session not found.');
  const now = deps.clock.now();
  const status = session.status === 'open' && session.expiresAt.getTime() <= now.getTime() ? 'expired' : session.status;
  return {
    session_id: sessionId,
    provider: session.provider as PaymentProviderKind,
    plan: session.plan,
    status: status as CheckoutSessionView['status'],
    trial_days: session.trialDays,
    amount_cents: session.amountCents,
    expires_at: session.expiresAt.toISOString(),
    subscription: await getSubscriptionStatus(deps.db, deps.clock, userId),
  };
}

/**
 * Cancels at period end: access continues until current_period_end. Cancelling an already
 * cancelled subscription changes nothing; with nothing trial or active, 404.
 */
export async function cancelSubscription(deps: AppDeps, userId: string): Promise<SubscriptionStatus> {
  return deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const row = await getSubscriptionRow(tx, userId);
    const view = viewSubscription(toStoredState(row), deps.clock.now());
    if (!row || !isEntitledStatus(toProviderStatus(row.status)) || !view.has_access) throw new AppError('NOT_FOUND', NO_SUBSCRIPTION_TO_CANCEL_MESSAGE);
    if (!row.cancelAtPeriodEnd) {
      // A scheduled downgrade goes with it (a Stripe schedule would refuse the cancellation); the subscription ends instead.
      const scheduled = await readScheduledChange(tx, userId, row);
      if (scheduled) await cancelScheduledChange(tx, deps, scheduled, userId, 'subscription_cancelled');
      const provider = paymentProviderFor(deps, row.provider as PaymentProviderKind);
      const events = await provider.cancelAtPeriodEnd(tx, row.providerSubscriptionId);
      for (const event of events) await applyBillingEvent(tx, { clock: deps.clock, actorId: userId }, event);
    }
    return getSubscriptionStatus(tx, deps.clock, userId);
  });
}

export async function getTradingPlan(db: DbOrTx, clock: Clock, userId: string) {
  const status = await getSubscriptionStatus(db, clock, userId);
  return { plan: status.has_access ? status.plan : null };
}

/** Admin: a user's subscription and every provider event received for them, newest first. */
export async function getSubscriptionHistory(db: DbOrTx, clock: Clock, userId: string): Promise<AdminSubscriptionHistory> {
  const user = await selectSubscriber(db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found.');
  const row = await getSubscriptionRow(db, userId);
  const events = await selectBillingEventsOfUser(db, userId, 200);
  return {
    user: { id: user.id, name: user.name, email: user.email, free_trial_used_at: user.freeTrialUsedAt?.toISOString() ?? null },
    subscription: statusOf(row, user.freeTrialUsedAt, await readCheckoutTrial(db, user, clock.now()), clock.now()),
    provider: (row?.provider as PaymentProviderKind | undefined) ?? null,
    provider_status: row?.status ?? null,
    history: events.map((event) => ({
      id: event.eventId,
      provider: event.provider as PaymentProviderKind,
      type: event.type,
      outcome: event.outcome as 'applied' | 'stale' | 'ignored',
      status_after: event.statusAfter,
      plan: isPlanId(event.plan) ? event.plan : null,
      amount_cents: event.amountCents,
      occurred_at: event.occurredAt.toISOString(),
      received_at: event.receivedAt.toISOString(),
    })),
  };
}

/**
 * Whether the user "has a plan" now (spec 3 section 6): a subscription in trial or active, or
 * cancelled but before its period end. The Trading Compass decides its access level with it.
 */
export async function userHasPlan(db: DbOrTx, userId: string, now: Date): Promise<boolean> {
  return planAt(await readPlanState(db, userId), now);
}

/** The stored subscription state that decides "has a plan", for caching (planAt applies the clock). */
export async function readPlanState(db: DbOrTx, userId: string): Promise<StoredSubscriptionState | null> {
  const row = await getSubscriptionRow(db, userId);
  const state = toStoredState(row);
  if (!state) return null;
  return { ...state, scheduledPlan: scheduledPlanOf(await readScheduledChange(db, userId, row)) };
}

export function planAt(state: StoredSubscriptionState | null, now: Date): boolean {
  return viewSubscription(state, now).has_access;
}

/** The plan whose card features the user has at `now` (null: no subscription gives access then); a scheduled downgrade from its moment on. */
export function planIdAt(state: StoredSubscriptionState | null, now: Date): PlanId | null {
  return state && viewSubscription(state, now).has_access ? planInForceAt(state, now) : null;
}

/**
 * The plan of the user's stored subscription while its status entitles (trial, active, past
 * due), without a clock: for readers that check the moment themselves (entitlementsOf).
 */
export async function storedPlanId(db: DbOrTx, userId: string): Promise<PlanId | null> {
  const state = await readPlanState(db, userId);
  return state && isEntitledStatus(state.status) ? state.plan : null;
}
