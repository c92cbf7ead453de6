import { formatDollarsAndCents, type Cents } from '../money.ts';

/**
 * Payouts (spec 2 section 9, DESIGN.md section 3 item 22): processed every 7 days, processing
 * takes 3-5 business days, minimum $50, wire transfer above $1,000.
 *
 * Our reading (docs/decisions): the weekly payout run is every FRIDAY, by the UTC calendar.
 * The next payout date is today when today (UTC) is a Friday, else the coming Friday; the
 * money arrives 3 to 5 business days (Monday-Friday, no holiday calendar) after the run.
 */
export const PAYOUT_WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const PAYOUT_POLICY = {
  cycle_days: 7,
  /** 0 = Sunday ... 5 = Friday (UTC). */
  run_weekday: 5,
  processing_business_days: { min: 3, max: 5 },
  minimum_cents: 5_000,
  wire_transfer_above_cents: 100_000,
  methods: ['ACH', 'PayPal', 'wire transfer', 'cryptocurrency'],
} as const;

export type PayoutPolicy = {
  cycle_days: number;
  run_weekday: number;
  processing_business_days: { min: number; max: number };
  minimum_cents: Cents;
  wire_transfer_above_cents: Cents;
  methods: readonly string[];
};

const DAY_MS = 86_400_000;

function utcMidnight(instant: Date): Date {
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The date (YYYY-MM-DD, UTC) of the next weekly payout run at or after `now`'s UTC day. */
export function nextPayoutDate(now: Date, policy: Pick<PayoutPolicy, 'run_weekday'> = PAYOUT_POLICY): string {
  const today = utcMidnight(now);
  const daysAhead = (policy.run_weekday - today.getUTCDay() + 7) % 7;
  return isoDate(new Date(today.getTime() + daysAhead * DAY_MS));
}

/** `date` (YYYY-MM-DD) plus n business days, skipping Saturdays and Sundays. */
export function addBusinessDays(date: string, days: number): string {
  let current = new Date(`${date}T00:00:00.000Z`);
  let left = days;
  while (left > 0) {
    current = new Date(current.getTime() + DAY_MS);
    const weekday = current.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return isoDate(current);
}

/** When money from a payout run on `runDate` arrives: 3 to 5 business days later. */
export function payoutArrivalWindow(runDate: string, policy: Pick<PayoutPolicy, 'processing_business_days'> = PAYOUT_POLICY): { from: string; to: string } {
  return {
    from: addBusinessDays(runDate, policy.processing_business_days.min),
    to: addBusinessDays(runDate, policy.processing_business_days.max),
  };
}

/**
 * How long a payout takes to arrive, "3-5 business days": the one wording of the payout timing,
 * shown by the Business Hub's pending-payouts card, the commissions page and the notifications.
 */
export function payoutProcessingTime(policy: Pick<PayoutPolicy, 'processing_business_days'> = PAYOUT_POLICY): string {
  return `${policy.processing_business_days.min}-${policy.processing_business_days.max} business days`;
}

/** The payout information panel's statements (spec 2 section 9), written from the policy. */
export function payoutStatements(policy: PayoutPolicy = PAYOUT_POLICY): string[] {
  const weekday = PAYOUT_WEEKDAYS[policy.run_weekday] ?? 'Friday';
  return [
    `Payouts are processed every ${policy.cycle_days} days, in a weekly run every ${weekday} (UTC).`,
    `Processing takes ${payoutProcessingTime(policy)}.`,
    `Minimum payout: ${formatDollarsAndCents(policy.minimum_cents)}. A smaller unpaid balance carries over to a later run.`,
    `Amounts over ${formatDollarsAndCents(policy.wire_transfer_above_cents)} are paid by wire transfer.`,
    `Payment methods: ${policy.methods.join(', ')}.`,
  ];
}

/** Whether an unpaid balance reaches the minimum payout. */
export function meetsPayoutMinimum(unpaidCents: Cents, policy: Pick<PayoutPolicy, 'minimum_cents'> = PAYOUT_POLICY): boolean {
  return unpaidCents >= policy.minimum_cents;
}
