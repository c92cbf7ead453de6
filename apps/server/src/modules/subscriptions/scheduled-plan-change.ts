import type { DbOrTx } from '@myeai/db';
import { isPlanId, type PaymentProviderKind, type PlanId, type ScheduledPlanChange } from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import { recordAudit } from '../audit/index.ts';
import { getSubscriptionRow, planChangeProviderFor, type SubscriptionRow } from '../billing/index.ts';
import { selectScheduledPlanChange, updatePlanChange, type PlanChangeRow } from './plan-change.queries.ts';

/**
 * The downgrade scheduled for the user's subscription in force, if any (decision 064). A row
 * left scheduled on another provider subscription (the user subscribed anew) does not count.
 */
export async function readScheduledChange(db: DbOrTx, userId: string, row?: SubscriptionRow): Promise<PlanChangeRow | undefined> {
  const change = await selectScheduledPlanChange(db, userId);
  if (!change) return undefined;
  const subscription = row ?? (await getSubscriptionRow(db, userId));
  if (!subscription || subscription.provider !== change.provider || subscription.providerSubscriptionId !== change.providerSubscriptionId) return undefined;
  return change;
}

/** The plan a scheduled change switches to and when (what planInForceAt reads). */
export function scheduledPlanOf(change: PlanChangeRow | undefined): { plan: PlanId; at: Date } | null {
  return change && isPlanId(change.toPlan) ? { plan: change.toPlan, at: change.effectiveAt } : null;
}

/** The change as the page shows it while it is still to come (from its moment on it is the plan in force, whether or not its job has run). */
export function toScheduledChangeView(change: PlanChangeRow | undefined, now: Date): ScheduledPlanChange | null {
  if (!change || !isPlanId(change.fromPlan) || !isPlanId(change.toPlan) || change.effectiveAt.getTime() <= now.getTime()) return null;
  return { id: change.id, from_plan: change.fromPlan, to_plan: change.toPlan, effective_at: change.effectiveAt.toISOString(), created_at: change.createdAt.toISOString() };
}

export type CancelReason = 'cancelled_by_user' | 'replaced' | 'upgraded' | 'subscription_cancelled' | 'subscription_ended';

/**
 * Cancels a scheduled change at the provider (Stripe releases its schedule; the embedded provider
 * clears its scheduled_plan) and here, audited. Run it in the transaction that locked the user.
 */
export async function cancelScheduledChange(tx: DbOrTx, deps: AppDeps, change: PlanChangeRow, actorId: string | null, reason: CancelReason): Promise<void> {
  if (reason !== 'subscription_ended') {
    await planChangeProviderFor(deps, change.provider as PaymentProviderKind).cancelScheduledPlanChange(tx, change.providerSubscriptionId, change.providerReference);
  }
  await updatePlanChange(tx, change.id, { status: 'cancelled', cancelledAt: deps.clock.now() });
  await recordAudit(tx, deps.clock, {
    actorId,
    action: 'subscription.plan_change_cancelled',
    target: change.userId,
    details: { change_id: change.id, from: change.fromPlan, to: change.toPlan, effective_at: change.effectiveAt.toISOString(), reason },
  });
}
