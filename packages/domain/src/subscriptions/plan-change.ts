import { formatDollarsAndCents, type Cents } from '../money.ts';
import type { SubscriptionStatus } from '../schemas/subscriptions.ts';
import { getPlan, PLAN_IDS, type PlanId } from './plans.ts';
import type { StoredSubscriptionState } from './subscription-state.ts';

/*
 * Plan changes (issue 31 item 4, decision 064). An upgrade takes effect at once with proration, a
 * downgrade at the end of the paid period; a plan in its free trial changes at once and costs
 * nothing until the trial ends. One rule for both providers: the embedded provider charges what
 * `prorate` computes, and Stripe is asked for the same proration (same moment, same rule).
 */

const DAY_S = 86_400;

export const PLAN_CHANGE_KINDS = ['upgrade', 'downgrade'] as const;
export type PlanChangeKind = (typeof PLAN_CHANGE_KINDS)[number];
/** A stored plan change: applied (an upgrade, or a downgrade at its moment), scheduled, or cancelled before its moment. */
export const PLAN_CHANGE_STATUSES = ['applied', 'scheduled', 'cancelled'] as const;
export type PlanChangeStatus = (typeof PLAN_CHANGE_STATUSES)[number];

/** Plans in catalogue order: each one costs more and unlocks at least as much as the one before. */
export function planRank(plan: PlanId): number {
  return PLAN_IDS.indexOf(plan);
}

/** Whether moving from `from` to `to` is an upgrade, a downgrade, or no change (null). */
export function planChangeKind(from: PlanId, to: PlanId): PlanChangeKind | null {
  if (from === to) return null;
  return planRank(to) > planRank(from) ? 'upgrade' : 'downgrade';
}

/** Whole seconds, as Stripe counts time (proration_date, period bounds). */
export function toWholeSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}

/** a * b / c rounded to the nearest integer, halves up, exact for any safe integers (c > 0). */
function mulDivRound(a: number, b: number, c: number): number {
  const numerator = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  return Number((2n * numerator + divisor) / (2n * divisor));
}

export type ProrationInput = {
  /** Price of the current plan for its whole period. */
  currentPriceCents: Cents;
  /** Price of the new plan for one of its periods. */
  newPriceCents: Cents;
  /** The new plan's billing period, in seconds. */
  newPeriodSeconds: number;
  /** Whether both plans bill over the same interval (then the period is kept, as Stripe keeps it). */
  sameInterval: boolean;
  /** The paid period in force, in whole seconds since the epoch. */
  periodStartS: number;
  periodEndS: number;
  /** The proration moment, in whole seconds (clamped into the period). */
  atS: number;
};

export type Proration = {
  /** The moment prorated, clamped into the period. */
  atS: number;
  periodSeconds: number;
  /** Seconds of the paid period left at `atS`. */
  unusedSeconds: number;
  /** Credit for the unused time of the current plan. */
  creditCents: Cents;
  /** Charge for the new plan: its whole first period when the interval changes, else its share of the time left. */
  chargeCents: Cents;
  /** What is paid now: the charge less the credit, never below 0. */
  amountDueCents: Cents;
  /** Credit left over when the credit is larger than the charge (kept as a balance for later invoices). */
  carriedCreditCents: Cents;
  /** The period of the new plan, in whole seconds. */
  newPeriodStartS: number;
  newPeriodEndS: number;
};

/**
 * Stripe's proration of a price change, by seconds in the period: the unused time of the current
 * plan is credited (price × unused seconds ÷ period seconds) and the new plan is charged. When the
 * billing interval changes, Stripe resets the billing cycle anchor: the new plan's first period
 * starts at the change and is charged whole; with the same interval the period is kept and the
 * new plan is charged for the time left (price × unused seconds ÷ period seconds). Each line is
 * rounded to the cent on its own, halves up; what is paid now is the charge less the credit.
 */
export function prorate(input: ProrationInput): Proration {
  const { periodStartS, periodEndS } = input;
  for (const value of [input.currentPriceCents, input.newPriceCents, input.newPeriodSeconds, periodStartS, periodEndS, input.atS]) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError('proration inputs are whole, non-negative numbers');
  }
  if (periodEndS <= periodStartS) throw new RangeError('the paid period must end after it starts');
  const atS = Math.min(Math.max(input.atS, periodStartS), periodEndS);
  const periodSeconds = periodEndS - periodStartS;
  const unusedSeconds = periodEndS - atS;
  const creditCents = mulDivRound(input.currentPriceCents, unusedSeconds, periodSeconds);
  const chargeCents = input.sameInterval ? mulDivRound(input.newPriceCents, unusedSeconds, periodSeconds) : input.newPriceCents;
  const net = chargeCents - creditCents;
  return {
    atS,
    periodSeconds,
    unusedSeconds,
    creditCents,
    chargeCents,
    amountDueCents: Math.max(0, net),
    carriedCreditCents: Math.max(0, -net),
    newPeriodStartS: input.sameInterval ? periodStartS : atS,
    newPeriodEndS: input.sameInterval ? periodEndS : atS + input.newPeriodSeconds,
  };
}

/** The subscription a plan change starts from. */
export type PlanChangeFrom = {
  plan: PlanId;
  /** In its free trial (nothing paid yet): any change applies at once and costs nothing now. */
  trialing: boolean;
  trialEnd: Date | null;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
};

/** What a plan change costs and when it takes effect: the preview, and what is charged. */
export type PlanChangeQuote = {
  from: PlanId;
  to: PlanId;
  kind: PlanChangeKind;
  /** 'now': the plan changes at once (upgrade, or any change in the trial); 'period_end': at the end of the paid period. */
  timing: 'now' | 'period_end';
  /** When the new plan takes effect (with it, everything the plan card promises). */
  effectiveAt: Date;
  /** The proration moment (whole second) of an upgrade with a charge; null otherwise. */
  proratedAt: Date | null;
  creditCents: Cents;
  chargeCents: Cents;
  /** Paid when the change is made. */
  amountDueCents: Cents;
  /** The new plan's price, charged every period from nextChargeAt. */
  nextChargeCents: Cents;
  nextChargeAt: Date;
};

/**
 * The quote of changing `from` to `to` at `now` (a different plan; the caller checks). In the
 * free trial: at once, $0 now, the new plan's price when the trial ends. An upgrade of a paid
 * period: at once, prorated at `proratedAt` (the preview's moment when the buyer confirms a
 * preview, else now), the new period starting at the change. A downgrade: at the end of the paid
 * period, $0 now, the new plan's price from then.
 */
export function quotePlanChange(from: PlanChangeFrom, to: PlanId, now: Date, proratedAt: Date = now): PlanChangeQuote {
  const kind = planChangeKind(from.plan, to);
  if (!kind) throw new RangeError('a plan change needs another plan');
  const target = getPlan(to);
  const base = { from: from.plan, to, kind, nextChargeCents: target.price_cents } as const;
  if (from.trialing) {
    const trialEnd = from.trialEnd ?? from.currentPeriodEnd;
    return { ...base, timing: 'now', effectiveAt: now, proratedAt: null, creditCents: 0, chargeCents: 0, amountDueCents: 0, nextChargeAt: trialEnd };
  }
  if (kind === 'downgrade') {
    return { ...base, timing: 'period_end', effectiveAt: from.currentPeriodEnd, proratedAt: null, creditCents: 0, chargeCents: 0, amountDueCents: 0, nextChargeAt: from.currentPeriodEnd };
  }
  const current = getPlan(from.plan);
  const proration = prorate({
    currentPriceCents: current.price_cents,
    newPriceCents: target.price_cents,
    newPeriodSeconds: target.duration_days * DAY_S,
    sameInterval: current.duration_days === target.duration_days,
    periodStartS: toWholeSeconds(from.currentPeriodStart),
    periodEndS: toWholeSeconds(from.currentPeriodEnd),
    atS: toWholeSeconds(proratedAt),
  });
  // The new period starts at the change itself (Stripe's billing_cycle_anchor=now), prorated at proratedAt.
  const newPeriodEnd = new Date((toWholeSeconds(now) + target.duration_days * DAY_S) * 1000);
  return {
    ...base,
    timing: 'now',
    effectiveAt: now,
    proratedAt: new Date(proration.atS * 1000),
    creditCents: proration.creditCents,
    chargeCents: proration.chargeCents,
    amountDueCents: proration.amountDueCents,
    nextChargeAt: newPeriodEnd,
  };
}

/**
 * The plan whose card the subscription gives at `now`: a scheduled change's plan from its moment
 * on, to the millisecond, before any job has stored it (unless the subscription is cancelled at
 * period end: then it ends instead of changing).
 */
export function planInForceAt(state: Pick<StoredSubscriptionState, 'plan' | 'cancelAtPeriodEnd' | 'scheduledPlan'>, now: Date): PlanId {
  const scheduled = state.scheduledPlan;
  if (scheduled && !state.cancelAtPeriodEnd && now.getTime() >= scheduled.at.getTime()) return scheduled.plan;
  return state.plan;
}

/** Whether the page offers "Change plan": a plan in its trial or active, not cancelled, its last payment not failed (the server refuses the rest). */
export function canChangePlan(status: Pick<SubscriptionStatus, 'status' | 'has_access' | 'cancel_at_period_end' | 'payment_failed' | 'plan'>): boolean {
  return status.plan !== null && status.has_access && !status.cancel_at_period_end && !status.payment_failed && (status.status === 'trial' || status.status === 'active');
}

/** A quote as the API answers it (the page words it with planChangeWording). */
export type PlanChangeQuoteView = {
  from_plan: PlanId;
  to_plan: PlanId;
  kind: PlanChangeKind;
  timing: 'now' | 'period_end';
  effective_at: string;
  amount_due_cents: number;
  credit_cents: number;
  charge_cents: number;
  next_charge_cents: number;
  next_charge_at: string;
};

export type PlanChangeWording = {
  /** The spec's sentence: "You pay $X today, then $Y every 4 weeks from DATE." */
  headline: string;
  /** What happens to the plan and its features, and the credit for the unused time. */
  details: string[];
};

const assetCount = (assets: number | 'all'): number => (assets === 'all' ? Number.POSITIVE_INFINITY : assets);

/** The words of a plan change shown before confirming; `formatDate` renders an ISO time as the page shows dates. */
export function planChangeWording(quote: PlanChangeQuoteView, formatDate: (iso: string) => string): PlanChangeWording {
  const from = getPlan(quote.from_plan);
  const to = getPlan(quote.to_plan);
  const headline = `You pay ${formatDollarsAndCents(quote.amount_due_cents)} today, then ${formatDollarsAndCents(quote.next_charge_cents)} every ${to.period} from ${formatDate(quote.next_charge_at)}.`;
  const details: string[] = [];
  if (quote.timing === 'period_end') {
    details.push(`Your ${from.name} plan and its features stay until ${formatDate(quote.effective_at)}; the ${to.name} plan starts then. You can cancel this change until then.`);
  } else if (quote.charge_cents === 0) {
    details.push(`The ${to.name} plan and its features start now. Your free trial continues: nothing is charged until ${formatDate(quote.next_charge_at)}.`);
  } else {
    details.push(`The ${to.name} plan and its features start now.`);
  }
  if (quote.credit_cents > 0) {
    details.push(`Today's amount is the ${to.name} plan's ${formatDollarsAndCents(quote.charge_cents)} less ${formatDollarsAndCents(quote.credit_cents)} for the unused time of your ${from.name} plan.`);
  }
  const fewer = assetCount(to.features.assets_unlocked) < assetCount(from.features.assets_unlocked);
  if (fewer && typeof to.features.assets_unlocked === 'number') {
    const n = to.features.assets_unlocked;
    details.push(`The ${to.name} plan shows ${n} assets: you choose which of your picked assets to keep, and until you do, the first ${n} stay.`);
  }
  return { headline, details };
}
