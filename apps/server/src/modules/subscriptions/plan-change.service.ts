import { z } from 'zod';
import type { DbOrTx } from '@myeai/db';
import {
  AppError,
  formatDollarsAndCents,
  getPlan,
  isEntitledStatus,
  isPlanId,
  PRORATION_QUOTE_VALID_MS,
  quotePlanChange,
  toProviderStatus,
  toWholeSeconds,
  viewSubscription,
  type ChangePlanInput,
  type ChangePlanResponse,
  type PaymentProviderKind,
  type PlanChangeFrom,
  type PlanChangeQuote,
  type PlanChangeQuoteResponse,
  type PlanId,
  type ScheduledChangeResponse,
} from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { applyBillingEvent, getSubscriptionRow, lockUser, planChangeProviderFor, toStoredState, type SubscriptionRow } from '../billing/index.ts';
import type { JobHandler } from '../jobs/index.ts';
import { enqueueJob } from '../jobs/index.ts';
import { createNotification } from '../notifications/index.ts';
import { insertPlanChange, selectPlanChange, selectPlanChangeForUpdate, updatePlanChange, type PlanChangeRow } from './plan-change.queries.ts';
import { cancelScheduledChange, readScheduledChange, toScheduledChangeView } from './scheduled-plan-change.ts';
import { getSubscriptionStatus } from './subscriptions.service.ts';

/** The job that applies a scheduled downgrade at the end of the paid period. */
export const PLAN_CHANGE_JOB = 'subscriptions.plan-change.apply';
const PLAN_CHANGE_JOB_ATTEMPTS = 12;

export const NO_SUBSCRIPTION_TO_CHANGE_MESSAGE = 'You have no subscription to change. Choose a plan below to subscribe.';
const CANCELLED_MESSAGE = 'Your subscription is cancelled, so its plan cannot change. Choose a plan below to subscribe again.';
const PAYMENT_FAILED_MESSAGE = 'Your last payment failed. Once it is paid, you can change your plan.';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const formatDate = (date: Date) => dateFormat.format(date);

type Changeable = { row: SubscriptionRow; provider: PaymentProviderKind; from: PlanChangeFrom };

/** The subscription a plan change starts from, or the refusal: none (404), cancelled, payment failed, or not yet started (409). */
function changeableSubscription(row: SubscriptionRow | undefined, now: Date): Changeable {
  const view = viewSubscription(toStoredState(row), now);
  if (!row || !view.has_access || !isPlanId(row.plan)) throw new AppError('NOT_FOUND', NO_SUBSCRIPTION_TO_CHANGE_MESSAGE);
  if (row.cancelAtPeriodEnd) throw new AppError('CONFLICT', CANCELLED_MESSAGE);
  const status = toProviderStatus(row.status);
  if (status === 'past_due') throw new AppError('CONFLICT', PAYMENT_FAILED_MESSAGE);
  if ((status !== 'active' && status !== 'trialing') || !row.currentPeriodStart || !row.currentPeriodEnd) throw new AppError('CONFLICT', NO_SUBSCRIPTION_TO_CHANGE_MESSAGE);
  return {
    row,
    provider: row.provider as PaymentProviderKind,
    from: { plan: row.plan, trialing: status === 'trialing', trialEnd: row.trialEnd, currentPeriodStart: row.currentPeriodStart, currentPeriodEnd: row.currentPeriodEnd },
  };
}

function toQuoteView(quote: PlanChangeQuote): PlanChangeQuoteResponse {
  return {
    from_plan: quote.from,
    to_plan: quote.to,
    kind: quote.kind,
    timing: quote.timing,
    effective_at: quote.effectiveAt.toISOString(),
    prorated_at: quote.proratedAt?.toISOString() ?? null,
    credit_cents: quote.creditCents,
    charge_cents: quote.chargeCents,
    amount_due_cents: quote.amountDueCents,
    next_charge_cents: quote.nextChargeCents,
    next_charge_at: quote.nextChargeAt.toISOString(),
  };
}

/**
 * The proration moment of a confirmed preview, so the amount charged is the amount shown: the
 * preview's prorated_at when it is at most PRORATION_QUOTE_VALID_MS old and inside the paid
 * period; otherwise the change's own moment.
 */
function proratedAtOf(requested: string | undefined, now: Date, from: PlanChangeFrom): Date {
  if (!requested) return now;
  const at = new Date(requested);
  const age = now.getTime() - at.getTime();
  if (Number.isNaN(age) || age < 0 || age > PRORATION_QUOTE_VALID_MS || at.getTime() < from.currentPeriodStart.getTime()) return now;
  return at;
}

async function answer(db: DbOrTx, clock: Clock, userId: string, outcome: ChangePlanResponse['outcome'], quote: PlanChangeQuote | null, chargedCents: number | null): Promise<ChangePlanResponse> {
  return {
    outcome,
    quote: quote ? toQuoteView(quote) : null,
    charged_cents: chargedCents,
    subscription: await getSubscriptionStatus(db, clock, userId),
    scheduled_change: toScheduledChangeView(await readScheduledChange(db, userId), clock.now()),
  };
}

/**
 * POST /api/subscriptions/change-plan. With preview: what the change costs, nothing changed. Else,
 * in one transaction with the user locked: an upgrade (or any change in the free trial) at once,
 * through the provider with the domain's proration; a downgrade scheduled for the end of the
 * paid period (a job applies it then). Repeating a request changes nothing more: the plan already
 * is the one asked for (unchanged), or the same downgrade is already scheduled.
 */
export async function changePlan(deps: AppDeps, userId: string, input: ChangePlanInput): Promise<ChangePlanResponse> {
  if (input.preview) return previewPlanChange(deps, userId, input.plan);
  return deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const now = deps.clock.now();
    const row = await getSubscriptionRow(tx, userId);
    const current = changeableSubscription(row, now);
    const scheduled = await readScheduledChange(tx, userId, current.row);
    if (input.plan === current.from.plan) return answer(tx, deps.clock, userId, 'unchanged', null, null);
    if (scheduled?.toPlan === input.plan) return answer(tx, deps.clock, userId, 'scheduled', quotePlanChange(current.from, input.plan, now), null);
    const quote = quotePlanChange(current.from, input.plan, now, proratedAtOf(input.prorated_at, now, current.from));
    if (scheduled) await cancelScheduledChange(tx, deps, scheduled, userId, quote.timing === 'now' ? 'upgraded' : 'replaced');
    if (quote.timing === 'now') {
      const charged = await changeNow(tx, deps, userId, current, quote);
      return answer(tx, deps.clock, userId, 'changed', quote, charged);
    }
    await scheduleChange(tx, deps, userId, current, quote);
    return answer(tx, deps.clock, userId, 'scheduled', quote, null);
  });
}

async function previewPlanChange(deps: AppDeps, userId: string, plan: PlanId): Promise<ChangePlanResponse> {
  const now = deps.clock.now();
  const current = changeableSubscription(await getSubscriptionRow(deps.db, userId), now);
  if (plan === current.from.plan) return answer(deps.db, deps.clock, userId, 'unchanged', null, null);
  return answer(deps.db, deps.clock, userId, 'preview', quotePlanChange(current.from, plan, now), null);
}

/** An upgrade, or a change in the trial: the provider changes the plan now (and charges the proration); its events are applied here. */
async function changeNow(tx: DbOrTx, deps: AppDeps, userId: string, current: Changeable, quote: PlanChangeQuote): Promise<number> {
  const now = deps.clock.now();
  const proratedAt = quote.proratedAt ?? now;
  const provider = planChangeProviderFor(deps, current.provider);
  const result = await provider.changePlanNow(tx, {
    providerSubscriptionId: current.row.providerSubscriptionId,
    from: quote.from,
    to: quote.to,
    mode: current.from.trialing ? 'trial' : 'prorate',
    proratedAt,
    key: `change-plan:${current.row.providerSubscriptionId}:${quote.from}-${quote.to}:${toWholeSeconds(proratedAt)}`,
  });
  for (const event of result.events) await applyBillingEvent(tx, { clock: deps.clock, actorId: userId }, event);
  const change = await insertPlanChange(tx, {
    userId,
    provider: current.provider,
    providerSubscriptionId: current.row.providerSubscriptionId,
    fromPlan: quote.from,
    toPlan: quote.to,
    kind: quote.kind,
    status: 'applied',
    effectiveAt: now,
    proratedAt: quote.proratedAt,
    creditCents: quote.creditCents,
    chargeCents: quote.chargeCents,
    chargedCents: result.chargedCents,
    providerReference: result.invoiceId,
    createdAt: now,
    appliedAt: now,
  });
  await recordAudit(tx, deps.clock, {
    actorId: userId,
    action: 'subscription.plan_changed',
    target: userId,
    details: { change_id: change.id, provider: current.provider, from: quote.from, to: quote.to, kind: quote.kind, prorated_at: quote.proratedAt?.toISOString() ?? null, credit_cents: quote.creditCents, charge_cents: quote.chargeCents, charged_cents: result.chargedCents, invoice: result.invoiceId },
  });
  const to = getPlan(quote.to);
  const next = `${formatDollarsAndCents(to.price_cents)} every ${to.period} from ${formatDate(quote.nextChargeAt)}`;
  await createNotification(tx, deps.clock, {
    userId,
    type: 'system',
    title: 'Plan changed',
    message: `Your plan is now ${to.name}, with everything it includes. ${result.chargedCents > 0 ? `${formatDollarsAndCents(result.chargedCents)} was charged today; then ${next}.` : `Then ${next}.`}`,
    sourceKey: `plan-change:${change.id}`,
  });
  return result.chargedCents;
}

/** A downgrade: kept by the provider until the period end, stored as scheduled, applied then by PLAN_CHANGE_JOB. */
async function scheduleChange(tx: DbOrTx, deps: AppDeps, userId: string, current: Changeable, quote: PlanChangeQuote): Promise<void> {
  const now = deps.clock.now();
  const reference = await planChangeProviderFor(deps, current.provider).schedulePlanChange(tx, {
    providerSubscriptionId: current.row.providerSubscriptionId,
    userId,
    from: quote.from,
    to: quote.to,
    at: quote.effectiveAt,
    key: `schedule-plan:${current.row.providerSubscriptionId}:${quote.from}-${quote.to}:${toWholeSeconds(now)}`,
  });
  const change = await insertPlanChange(tx, {
    userId,
    provider: current.provider,
    providerSubscriptionId: current.row.providerSubscriptionId,
    fromPlan: quote.from,
    toPlan: quote.to,
    kind: quote.kind,
    status: 'scheduled',
    effectiveAt: quote.effectiveAt,
    providerReference: reference,
    createdAt: now,
  });
  // Stripe moves the subscription by itself, usually within minutes: the job retries until it has (12 tries over about 3 hours).
  await enqueueJob(tx, deps.clock, { name: PLAN_CHANGE_JOB, payload: { changeId: change.id }, runAt: quote.effectiveAt, dedupeKey: `plan-change:${change.id}`, maxAttempts: PLAN_CHANGE_JOB_ATTEMPTS });
  await recordAudit(tx, deps.clock, {
    actorId: userId,
    action: 'subscription.plan_change_scheduled',
    target: userId,
    details: { change_id: change.id, provider: current.provider, from: quote.from, to: quote.to, effective_at: quote.effectiveAt.toISOString(), provider_reference: reference },
  });
  const from = getPlan(quote.from);
  const to = getPlan(quote.to);
  await createNotification(tx, deps.clock, {
    userId,
    type: 'system',
    title: 'Plan change scheduled',
    message: `Your ${from.name} plan stays until ${formatDate(quote.effectiveAt)}; then the ${to.name} plan starts, at ${formatDollarsAndCents(to.price_cents)} every ${to.period}. You can cancel this change on the subscription page until then.`,
    sourceKey: `plan-change:${change.id}:scheduled`,
  });
}

/** GET /api/subscriptions/scheduled-change */
export async function getScheduledChange(db: DbOrTx, clock: Clock, userId: string): Promise<ScheduledChangeResponse> {
  return { scheduled_change: toScheduledChangeView(await readScheduledChange(db, userId), clock.now()) };
}

/** DELETE /api/subscriptions/scheduled-change: the plan renews as it is. Nothing scheduled: nothing to do (a repeat answers the same). */
export async function cancelScheduledChangeOf(deps: AppDeps, userId: string): Promise<ScheduledChangeResponse> {
  return deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const scheduled = await readScheduledChange(tx, userId);
    if (scheduled) await cancelScheduledChange(tx, deps, scheduled, userId, 'cancelled_by_user');
    return { scheduled_change: null };
  });
}

const ApplyPayloadSchema = z.object({ changeId: z.uuid() });

/**
 * At the end of the paid period: the provider renews on the new plan (the embedded provider's
 * renewal, if its own job has not run yet; Stripe's schedule moves by itself and is read back),
 * its events are applied, and the change is marked applied. A subscription that ended or was
 * cancelled meanwhile drops the change. When Stripe has not moved yet the job fails and is
 * retried; the plan in force is the new one from its moment anyway (planInForceAt).
 */
const applyScheduledChange: JobHandler = async (payload, { deps }) => {
  const { changeId } = ApplyPayloadSchema.parse(payload);
  await deps.db.transaction(async (tx) => {
    const pending = await selectPlanChange(tx, changeId);
    if (!pending || pending.status !== 'scheduled' || deps.clock.now().getTime() < pending.effectiveAt.getTime()) return;
    // The provider first: the embedded provider locks its subscription, then the user, as its own renewal job does.
    const events = await planChangeProviderFor(deps, pending.provider as PaymentProviderKind).applyScheduledPlanChange(tx, pending.providerSubscriptionId, pending.id);
    await lockUser(tx, pending.userId);
    for (const event of events) await applyBillingEvent(tx, { clock: deps.clock }, event);
    const change = await selectPlanChangeForUpdate(tx, changeId);
    if (!change || change.status !== 'scheduled') return;
    const row = await getSubscriptionRow(tx, change.userId);
    const isSame = row?.provider === change.provider && row.providerSubscriptionId === change.providerSubscriptionId;
    if (!row || !isSame || row.cancelAtPeriodEnd || !isEntitledStatus(toProviderStatus(row.status))) {
      await cancelScheduledChange(tx, deps, change, null, 'subscription_ended');
      return;
    }
    if (row.plan !== change.toPlan) throw new Error(`plan change ${change.id}: the provider has not moved the subscription to ${change.toPlan} yet`);
    await markApplied(tx, deps, change);
  });
};

async function markApplied(tx: DbOrTx, deps: AppDeps, change: PlanChangeRow): Promise<void> {
  await updatePlanChange(tx, change.id, { status: 'applied', appliedAt: deps.clock.now() });
  await recordAudit(tx, deps.clock, {
    actorId: null,
    action: 'subscription.plan_change_applied',
    target: change.userId,
    details: { change_id: change.id, from: change.fromPlan, to: change.toPlan, effective_at: change.effectiveAt.toISOString() },
  });
  if (!isPlanId(change.toPlan)) return;
  const to = getPlan(change.toPlan);
  await createNotification(tx, deps.clock, {
    userId: change.userId,
    type: 'system',
    title: 'Plan changed',
    message: `Your plan is now ${to.name} (${formatDollarsAndCents(to.price_cents)} every ${to.period}), as you scheduled.`,
    sourceKey: `plan-change:${change.id}`,
  });
}

export const planChangeJobHandlers: Record<string, JobHandler> = { [PLAN_CHANGE_JOB]: applyScheduledChange };
