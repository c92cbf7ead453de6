import { z } from 'zod';
import type { Cents } from '../money.ts';

/** The four paid plans of spec 3 section 9, one catalogue for server, web and tests. */
export const PLAN_IDS = ['weekly', '4weeks', '12weeks', '52weeks'] as const;
export const PlanIdSchema = z.enum(PLAN_IDS, { error: 'Choose one of the plans: weekly, 4weeks, 12weeks or 52weeks.' });
export type PlanId = z.infer<typeof PlanIdSchema>;

export type PlanFeatures = {
  /** Number of assets on the compass, or 'all'. */
  assets_unlocked: number | 'all';
  /** Days of consensus history, or null for unlimited. */
  history_depth_days: number | null;
  alert_frequency: 'daily' | 'immediate';
  consensus_access: boolean;
  trader_breakdown: boolean;
  priority_support: boolean;
};

export type Plan = {
  id: PlanId;
  name: string;
  price_cents: Cents;
  /** "week", "4 weeks"...: the billing period in words. */
  period: string;
  duration_days: number;
  most_popular: boolean;
  features: PlanFeatures;
};

export const PLANS: readonly Plan[] = [
  {
    id: 'weekly',
    name: 'Weekly',
    price_cents: 2900,
    period: 'week',
    duration_days: 7,
    most_popular: false,
    features: { assets_unlocked: 4, history_depth_days: 7, alert_frequency: 'daily', consensus_access: true, trader_breakdown: false, priority_support: false },
  },
  {
    id: '4weeks',
    name: '4 Weeks',
    price_cents: 6900,
    period: '4 weeks',
    duration_days: 28,
    most_popular: true,
    features: { assets_unlocked: 6, history_depth_days: 30, alert_frequency: 'immediate', consensus_access: true, trader_breakdown: true, priority_support: false },
  },
  {
    id: '12weeks',
    name: '12 Weeks',
    price_cents: 17900,
    period: '12 weeks',
    duration_days: 84,
    most_popular: false,
    features: { assets_unlocked: 8, history_depth_days: 90, alert_frequency: 'immediate', consensus_access: true, trader_breakdown: true, priority_support: true },
  },
  {
    id: '52weeks',
    name: '52 Weeks',
    price_cents: 59900,
    period: '52 weeks',
    duration_days: 365,
    most_popular: false,
    features: { assets_unlocked: 'all', history_depth_days: null, alert_frequency: 'immediate', consensus_access: true, trader_breakdown: true, priority_support: true },
  },
];

export function getPlan(id: PlanId): Plan {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** The plan card's feature lines, in the order of spec 3 section 9. */
export function planFeatureLines(plan: Plan): string[] {
  const f = plan.features;
  const lines = [
    `${plan.duration_days} days of access`,
    f.assets_unlocked === 'all' ? 'All assets' : `${f.assets_unlocked} assets`,
    f.history_depth_days === null ? 'Unlimited history' : `${f.history_depth_days} days history`,
    f.alert_frequency === 'daily' ? 'Daily alerts' : 'Immediate alerts',
  ];
  if (f.trader_breakdown) lines.push('Trader breakdown');
  if (f.priority_support) lines.push('Priority support');
  return lines;
}

/**
 * Version of the Terms, Privacy Policy and Refund Policy, recorded with each checkout consent and
 * shown on the legal pages, with the date it took effect (YYYY-MM-DD). A change of their text bumps
 * both (a web test pins the text to the version). 1.0: October 6, 2025. 1.1: card payments
 * through Stripe only (no crypto, no bank transfer), e-mail and password sign-in, QR drawn by us.
 */
export const TERMS_VERSION = '1.2';
export const TERMS_EFFECTIVE_DATE = '2026-11-25';

/** Spec 3 section 5: the message and the disabled buttons without terms acceptance. */
export const TERMS_REQUIRED_MESSAGE = 'Please accept the Terms & Conditions and Privacy Policy to continue.';
/** Spec 3 section 8: checkout answered 401. */
export const CHECKOUT_SIGN_IN_MESSAGE = 'Please login to subscribe to a plan.';
/** Spec 3 section 8: cancel answered 404. */
export const NO_SUBSCRIPTION_TO_CANCEL_MESSAGE = 'No active subscription found to cancel.';
