import { PAYOUT_POLICY } from '../commissions/payout-schedule.ts';
import type { Cents } from '../money.ts';

/** The payout methods a payee may choose (spec 2 section 9: ACH, PayPal, wire, cryptocurrency). */
export const PAYOUT_METHODS = ['paypal', 'ach', 'wire', 'crypto'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** Every method a payout may use: the manual ones and `stripe`, a connected Express account (decision 069). */
export const PAYOUT_METHOD_KINDS = [...PAYOUT_METHODS, 'stripe'] as const;
export type PayoutMethodKind = (typeof PAYOUT_METHOD_KINDS)[number];

export const PAYOUT_METHOD_LABELS: Record<PayoutMethodKind, string> = {
  paypal: 'PayPal',
  ach: 'ACH bank transfer',
  wire: 'Wire transfer',
  crypto: 'Cryptocurrency',
  stripe: 'Stripe',
};

/**
 * The settings a payout batch reads, and every screen shows (issue 30 item 3). One row in
 * payout_settings; until an admin saves it, these defaults. The minimum, the wire threshold and the
 * weekday come from PAYOUT_POLICY, the one copy of spec 2 section 9's figures.
 */
export type PayoutSettings = {
  /** 0 = Sunday ... 6 = Saturday (UTC). */
  schedule_weekday: number;
  /** Minutes after midnight UTC the weekly batch is prepared. */
  schedule_minute_utc: number;
  minimum_cents: Cents;
  holding_days: number;
  details_hold_hours: number;
  /** Above this, an item is paid by wire: other methods are paid up to it (whole lines) and the rest carried. */
  wire_threshold_cents: Cents;
  methods_enabled: PayoutMethod[];
};

export const PAYOUT_SETTINGS_DEFAULTS: PayoutSettings = {
  schedule_weekday: PAYOUT_POLICY.run_weekday,
  schedule_minute_utc: 9 * 60,
  minimum_cents: PAYOUT_POLICY.minimum_cents,
  holding_days: 14,
  details_hold_hours: 48,
  wire_threshold_cents: PAYOUT_POLICY.wire_transfer_above_cents,
  methods_enabled: [...PAYOUT_METHODS],
};

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The next batch time at or after `now`: the settings' weekday and minute, UTC. */
export function nextPayoutAt(now: Date, settings: Pick<PayoutSettings, 'schedule_weekday' | 'schedule_minute_utc'>): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const daysAhead = (settings.schedule_weekday - now.getUTCDay() + 7) % 7;
  const candidate = midnight + daysAhead * DAY_MS + settings.schedule_minute_utc * 60_000;
  return new Date(candidate >= now.getTime() ? candidate : candidate + 7 * DAY_MS);
}

/** A line earned at or before this instant is out of the holding period. */
export function holdingCutoff(now: Date, holdingDays: number): Date {
  return new Date(now.getTime() - holdingDays * DAY_MS);
}

/** New or changed details may be used by a payout from this instant (0 hours: at once). */
export function detailsHoldUntil(changedAt: Date, holdHours: number): Date {
  return new Date(changedAt.getTime() + holdHours * HOUR_MS);
}

/**
 * The payout week a scheduled batch belongs to (decision 063): the Monday (UTC, YYYY-MM-DD) of
 * the week holding `at`. The weekly job prepares at most one batch per week, whatever the time.
 */
export function payoutWeekOf(at: Date): string {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** Whether `at` is a batch time of these settings (their weekday and minute, UTC): a job queued for an older schedule is not. */
export function isPayoutSlot(at: Date, settings: Pick<PayoutSettings, 'schedule_weekday' | 'schedule_minute_utc'>): boolean {
  return at.getUTCDay() === settings.schedule_weekday && at.getUTCHours() * 60 + at.getUTCMinutes() === settings.schedule_minute_utc && at.getUTCSeconds() === 0 && at.getUTCMilliseconds() === 0;
}

/** The batch time after the one at `slot` (or after `now`, when the job ran late): the next one to queue. */
export function payoutSlotAfter(slot: Date, now: Date, settings: Pick<PayoutSettings, 'schedule_weekday' | 'schedule_minute_utc'>): Date {
  const from = Math.max(slot.getTime(), now.getTime()) + 1;
  return nextPayoutAt(new Date(from), settings);
}
