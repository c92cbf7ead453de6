import type { PlanId } from './plans.ts';

/**
 * Status of a subscription as the payment provider reports it (Stripe's vocabulary; the embedded
 * provider uses the same words).
 */
export const PROVIDER_STATUSES = ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'unpaid', 'canceled', 'paused'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

/** Statuses that entitle the user (and hold the subscriber role). past_due keeps access while the provider retries the payment. */
const ENTITLED: ReadonlySet<ProviderStatus> = new Set(['trialing', 'active', 'past_due']);
/** Statuses after which a provider subscription never comes back. */
const TERMINAL: ReadonlySet<ProviderStatus> = new Set(['canceled', 'incomplete_expired', 'unpaid']);

export function isEntitledStatus(status: ProviderStatus): boolean {
  return ENTITLED.has(status);
}

export function isTerminalStatus(status: ProviderStatus): boolean {
  return TERMINAL.has(status);
}

export function toProviderStatus(value: string): ProviderStatus {
  return (PROVIDER_STATUSES as readonly string[]).includes(value) ? (value as ProviderStatus) : 'incomplete';
}

/** The status of spec 3 section 3: none, trial, active, canceled. */
export type PublicSubscriptionStatus = 'none' | 'trial' | 'active' | 'canceled';

export type StoredSubscriptionState = {
  plan: PlanId;
  status: ProviderStatus;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** A downgrade scheduled for the end of the paid period (planInForceAt applies it at its moment). */
  scheduledPlan?: { plan: PlanId; at: Date } | null;
};

export type SubscriptionView = {
  status: PublicSubscriptionStatus;
  /** Whether the plan's content is open right now. */
  has_access: boolean;
  /** The provider failed to take the last payment and is retrying (access continues meanwhile). */
  payment_failed: boolean;
};

/**
 * What the user sees, from the stored provider state at `now`:
 * - no subscription, or one never paid for (incomplete): none;
 * - trialing: trial; active or past_due: active (past_due flagged as payment_failed);
 * - cancelled at period end: canceled, with access until current_period_end;
 * - ended (canceled, unpaid, incomplete_expired) or paused: canceled, no access.
 */
export function viewSubscription(state: StoredSubscriptionState | null, now: Date): SubscriptionView {
  if (!state || state.status === 'incomplete') return { status: 'none', has_access: false, payment_failed: false };
  if (!isEntitledStatus(state.status)) return { status: 'canceled', has_access: false, payment_failed: false };
  const paymentFailed = state.status === 'past_due';
  if (state.cancelAtPeriodEnd) {
    const hasAccess = state.currentPeriodEnd !== null && now.getTime() < state.currentPeriodEnd.getTime();
    return { status: 'canceled', has_access: hasAccess, payment_failed: paymentFailed };
  }
  return { status: state.status === 'trialing' ? 'trial' : 'active', has_access: true, payment_failed: paymentFailed };
}

/** Cancel is offered only while the subscription is trial or active (spec 3 section 2.4). */
export function canCancel(view: SubscriptionView): boolean {
  return view.status === 'trial' || view.status === 'active';
}

/**
 * Provider events arrive late, twice and out of order. A snapshot of a provider subscription
 * replaces the stored one only when it is newer: a later provider timestamp, or the same second
 * and a status at least as far along the lifecycle. A terminal status is final.
 */
const PRECEDENCE: Record<ProviderStatus, number> = {
  incomplete: 0,
  trialing: 1,
  active: 2,
  past_due: 3,
  paused: 3,
  unpaid: 4,
  incomplete_expired: 5,
  canceled: 5,
};

export type SnapshotVersion = { status: ProviderStatus; observedAt: Date };

export function isNewerSnapshot(stored: SnapshotVersion, incoming: SnapshotVersion): boolean {
  if (isTerminalStatus(stored.status)) return false;
  const storedAt = stored.observedAt.getTime();
  const incomingAt = incoming.observedAt.getTime();
  if (incomingAt !== storedAt) return incomingAt > storedAt;
  return PRECEDENCE[incoming.status] >= PRECEDENCE[stored.status];
}

/** When the trial-ending reminder goes out: 2 days before the trial ends. */
export const TRIAL_REMINDER_DAYS_BEFORE = 2;

export function trialReminderAt(trialEnd: Date): Date {
  return new Date(trialEnd.getTime() - TRIAL_REMINDER_DAYS_BEFORE * 86_400_000);
}
