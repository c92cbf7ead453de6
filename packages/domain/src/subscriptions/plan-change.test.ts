import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canChangePlan, planChangeKind, planChangeWording, planInForceAt, prorate, quotePlanChange, type PlanChangeQuote, type PlanChangeQuoteView } from './plan-change.ts';
import { getPlan, PLAN_IDS, type PlanId } from './plans.ts';

const DAY_MS = 86_400_000;
const START = new Date('2026-12-01T09:30:00.000Z');

function paidPeriod(plan: PlanId) {
  return { plan, trialing: false, trialEnd: null, currentPeriodStart: START, currentPeriodEnd: new Date(START.getTime() + getPlan(plan).duration_days * DAY_MS) };
}
const at = (plan: PlanId, unusedMs: number) => new Date(paidPeriod(plan).currentPeriodEnd.getTime() - unusedMs);

/**
 * Hand-computed (exact fractions, halves up): credit = price of the current plan × unused seconds ÷
 * period seconds; the new plan's first period is charged whole (every pair of our plans has a
 * different billing interval, so Stripe resets the billing cycle at the change).
 */
const UPGRADES: readonly (readonly [PlanId, PlanId, { day0: number; mid: number; lastDay: number; lastSecond: number }])[] = [
  ['weekly', '4weeks', { day0: 4000, mid: 5450, lastDay: 6486, lastSecond: 6900 }],
  ['weekly', '12weeks', { day0: 15000, mid: 16450, lastDay: 17486, lastSecond: 17900 }],
  ['weekly', '52weeks', { day0: 57000, mid: 58450, lastDay: 59486, lastSecond: 59900 }],
  ['4weeks', '12weeks', { day0: 11000, mid: 14450, lastDay: 17654, lastSecond: 17900 }],
  ['4weeks', '52weeks', { day0: 53000, mid: 56450, lastDay: 59654, lastSecond: 59900 }],
  ['12weeks', '52weeks', { day0: 42000, mid: 50950, lastDay: 59687, lastSecond: 59900 }],
];

describe('planChangeKind', () => {
  it('orders the plans by the catalogue: every pair is an upgrade one way and a downgrade the other', () => {
    for (const from of PLAN_IDS) {
      for (const to of PLAN_IDS) {
        const expected = from === to ? null : PLAN_IDS.indexOf(to) > PLAN_IDS.indexOf(from) ? 'upgrade' : 'downgrade';
        expect(planChangeKind(from, to), `${from} -> ${to}`).toBe(expected);
      }
    }
    // Each upgrade costs more per period and unlocks at least as many assets.
    for (const [from, to] of UPGRADES) expect(getPlan(to).price_cents).toBeGreaterThan(getPlan(from).price_cents);
  });
});

describe('quotePlanChange: upgrades, prorated by seconds in the period', () => {
  it.each(UPGRADES)('%s -> %s on day 0, mid-period, on the last day and in the last second', (from, to, expected) => {
    const period = paidPeriod(from);
    const length = period.currentPeriodEnd.getTime() - START.getTime();
    const price = getPlan(to).price_cents;
    const cases: [string, Date, number][] = [
      ['day 0', START, expected.day0],
      ['mid-period', new Date(START.getTime() + length / 2), expected.mid],
      ['last day', at(from, DAY_MS), expected.lastDay],
      ['last second', at(from, 1000), expected.lastSecond],
    ];
    for (const [label, now, due] of cases) {
      const quote = quotePlanChange(period, to, now);
      expect(quote, label).toMatchObject({ from, to, kind: 'upgrade', timing: 'now', chargeCents: price, amountDueCents: due, creditCents: price - due, nextChargeCents: price });
      expect(quote.effectiveAt, label).toEqual(now);
      expect(quote.proratedAt, label).toEqual(now);
      // The new plan's first period starts at the change.
      expect(quote.nextChargeAt.getTime() - now.getTime(), label).toBe(getPlan(to).duration_days * DAY_MS);
    }
  });

  it('rounds each line to the cent, halves up', () => {
    // 4 weeks, 100,000 s of 2,419,200 s left: 6900 × 100000 / 2419200 = 285.22 -> 285.
    expect(quotePlanChange(paidPeriod('4weeks'), '12weeks', at('4weeks', 100_000_000)).creditCents).toBe(285);
    // A third of 12 weeks left: 17900 / 3 = 5966.67 -> 5967.
    expect(quotePlanChange(paidPeriod('12weeks'), '52weeks', at('12weeks', 28 * DAY_MS)).creditCents).toBe(5967);
    // Exact halves go up: 1 × 1 / 2 and 3 × 1 / 2.
    const half = { newPriceCents: 10, newPeriodSeconds: 10, sameInterval: false, periodStartS: 0, periodEndS: 2, atS: 1 };
    expect(prorate({ ...half, currentPriceCents: 1 }).creditCents).toBe(1);
    expect(prorate({ ...half, currentPriceCents: 3 }).creditCents).toBe(2);
    expect(prorate({ ...half, currentPriceCents: 5 }).creditCents).toBe(3);
  });

  it('counts whole seconds, as Stripe does (milliseconds never change a cent)', () => {
    const period = paidPeriod('weekly');
    const now = new Date(START.getTime() + 3 * DAY_MS + 12_000);
    const quote = quotePlanChange(period, '4weeks', new Date(now.getTime() + 999));
    expect(quote.proratedAt).toEqual(new Date(START.getTime() + 3 * DAY_MS + 12_000));
    expect(quote.amountDueCents).toBe(quotePlanChange(period, '4weeks', now).amountDueCents);
  });

  it('prorates at the previewed moment when the buyer confirms a preview, the new period starting at the change', () => {
    const period = paidPeriod('weekly');
    const previewed = new Date(START.getTime() + 2 * DAY_MS);
    const confirmed = new Date(previewed.getTime() + 90_000);
    const quote = quotePlanChange(period, '12weeks', confirmed, previewed);
    expect(quote.amountDueCents).toBe(quotePlanChange(period, '12weeks', previewed).amountDueCents);
    expect(quote.effectiveAt).toEqual(confirmed);
    expect(quote.nextChargeAt).toEqual(new Date(confirmed.getTime() + 84 * DAY_MS));
  });

  it('keeps cents exact for any moment of any paid period (property)', () => {
    const upgrades = UPGRADES.map(([from, to]) => [from, to] as const);
    fc.assert(
      fc.property(fc.constantFrom(...upgrades), fc.double({ min: 0, max: 1, noNaN: true }), ([from, to], share) => {
        const period = paidPeriod(from);
        const length = period.currentPeriodEnd.getTime() - START.getTime();
        const now = new Date(START.getTime() + Math.floor(share * length));
        const quote = quotePlanChange(period, to, now);
        const oldPrice = getPlan(from).price_cents;
        const unusedS = Math.floor(period.currentPeriodEnd.getTime() / 1000) - Math.floor(now.getTime() / 1000);
        // Integers, the credit within a cent of the exact share, never above what was paid.
        expect(Number.isInteger(quote.creditCents) && Number.isInteger(quote.amountDueCents)).toBe(true);
        expect(Math.abs(quote.creditCents - (oldPrice * unusedS) / (length / 1000))).toBeLessThanOrEqual(0.5);
        expect(quote.creditCents).toBeLessThanOrEqual(oldPrice);
        expect(quote.amountDueCents + quote.creditCents).toBe(getPlan(to).price_cents);
      }),
      { numRuns: 2_000 },
    );
  });

  it('credits less the later the change comes in the period (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...UPGRADES.map(([from, to]) => [from, to] as const)), fc.nat(), fc.nat(), ([from, to], a, b) => {
        const period = paidPeriod(from);
        const length = period.currentPeriodEnd.getTime() - START.getTime();
        const [early, late] = [a % length, b % length].sort((x, y) => x - y) as [number, number];
        const first = quotePlanChange(period, to, new Date(START.getTime() + early));
        const second = quotePlanChange(period, to, new Date(START.getTime() + late));
        expect(first.creditCents).toBeGreaterThanOrEqual(second.creditCents);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('prorate: the rule of both providers', () => {
  it('keeps the period and charges the new price for the time left when the interval is the same', () => {
    // $10 -> $30 a 30-day month, 10 days left: credit 333, charge 1000, due 667; the period stays.
    const month = 30 * 86_400;
    const result = prorate({ currentPriceCents: 1000, newPriceCents: 3000, newPeriodSeconds: month, sameInterval: true, periodStartS: 0, periodEndS: month, atS: 20 * 86_400 });
    expect(result).toMatchObject({ creditCents: 333, chargeCents: 1000, amountDueCents: 667, carriedCreditCents: 0, newPeriodStartS: 0, newPeriodEndS: month });
  });

  it('carries a credit larger than the charge instead of paying it out', () => {
    const result = prorate({ currentPriceCents: 5000, newPriceCents: 1000, newPeriodSeconds: 100, sameInterval: false, periodStartS: 0, periodEndS: 100, atS: 0 });
    expect(result).toMatchObject({ creditCents: 5000, chargeCents: 1000, amountDueCents: 0, carriedCreditCents: 4000, newPeriodStartS: 0, newPeriodEndS: 100 });
  });

  it('clamps a moment outside the period into it, and refuses an empty period or fractions', () => {
    const base = { currentPriceCents: 700, newPriceCents: 900, newPeriodSeconds: 10, sameInterval: false, periodStartS: 100, periodEndS: 170 };
    expect(prorate({ ...base, atS: 50 })).toMatchObject({ atS: 100, creditCents: 700 });
    expect(prorate({ ...base, atS: 500 })).toMatchObject({ atS: 170, creditCents: 0, amountDueCents: 900 });
    expect(() => prorate({ ...base, periodEndS: 100, atS: 100 })).toThrow(RangeError);
    expect(() => prorate({ ...base, currentPriceCents: 1.5, atS: 120 })).toThrow(RangeError);
  });
});

describe('quotePlanChange: downgrades and the free trial', () => {
  const downgrades = PLAN_IDS.flatMap((from) => PLAN_IDS.filter((to) => planChangeKind(from, to) === 'downgrade').map((to) => [from, to] as const));

  it.each(downgrades)('%s -> %s waits for the end of the paid period and costs nothing now', (from, to) => {
    const period = paidPeriod(from);
    for (const now of [START, at(from, DAY_MS), at(from, 1000)]) {
      const quote = quotePlanChange(period, to, now);
      expect(quote).toMatchObject({ kind: 'downgrade', timing: 'period_end', amountDueCents: 0, creditCents: 0, chargeCents: 0, nextChargeCents: getPlan(to).price_cents, proratedAt: null });
      expect(quote.effectiveAt).toEqual(period.currentPeriodEnd);
      expect(quote.nextChargeAt).toEqual(period.currentPeriodEnd);
    }
  });

  it('changes a plan in its free trial at once, charging the new price only when the trial ends', () => {
    const trialEnd = new Date(START.getTime() + 7 * DAY_MS);
    const trial = { plan: 'weekly' as const, trialing: true, trialEnd, currentPeriodStart: START, currentPeriodEnd: trialEnd };
    const now = new Date(START.getTime() + DAY_MS);
    for (const to of ['12weeks', '4weeks'] as const) {
      const quote = quotePlanChange(trial, to, now);
      expect(quote).toMatchObject({ timing: 'now', amountDueCents: 0, chargeCents: 0, creditCents: 0, nextChargeCents: getPlan(to).price_cents });
      expect(quote.effectiveAt).toEqual(now);
      expect(quote.nextChargeAt).toEqual(trialEnd);
    }
    expect(quotePlanChange({ ...trial, plan: '12weeks' }, 'weekly', now)).toMatchObject({ kind: 'downgrade', timing: 'now' });
  });

  it('refuses a change to the same plan', () => {
    expect(() => quotePlanChange(paidPeriod('weekly'), 'weekly', START)).toThrow(RangeError);
  });
});

describe('planInForceAt: entitlements change exactly when the plan does', () => {
  const at = new Date('2026-12-29T09:30:00.000Z');
  const state = { plan: '12weeks' as const, status: 'active' as const, trialEnd: null, currentPeriodEnd: at, cancelAtPeriodEnd: false, scheduledPlan: { plan: 'weekly' as const, at } };

  it('is the current plan until the scheduled moment and the scheduled plan from that millisecond on', () => {
    expect(planInForceAt(state, new Date(at.getTime() - 1))).toBe('12weeks');
    expect(planInForceAt(state, at)).toBe('weekly');
    expect(planInForceAt({ ...state, scheduledPlan: null }, at)).toBe('12weeks');
  });

  it('ignores a scheduled change of a subscription cancelled at period end (it ends instead)', () => {
    expect(planInForceAt({ ...state, cancelAtPeriodEnd: true }, at)).toBe('12weeks');
  });
});

describe('planChangeWording', () => {
  const date = (iso: string) => new Date(iso).toISOString().slice(0, 10);
  const view = (quote: PlanChangeQuote): PlanChangeQuoteView => ({
    from_plan: quote.from,
    to_plan: quote.to,
    kind: quote.kind,
    timing: quote.timing,
    effective_at: quote.effectiveAt.toISOString(),
    amount_due_cents: quote.amountDueCents,
    credit_cents: quote.creditCents,
    charge_cents: quote.chargeCents,
    next_charge_cents: quote.nextChargeCents,
    next_charge_at: quote.nextChargeAt.toISOString(),
  });

  it("says the spec's sentence for an upgrade, with the credit", () => {
    const now = new Date(START.getTime() + 3.5 * DAY_MS);
    const wording = planChangeWording(view(quotePlanChange(paidPeriod('weekly'), '4weeks', now)), date);
    expect(wording.headline).toBe('You pay $54.50 today, then $69.00 every 4 weeks from 2027-01-01.');
    expect(wording.details).toEqual([
      'The 4 Weeks plan and its features start now.',
      "Today's amount is the 4 Weeks plan's $69.00 less $14.50 for the unused time of your Weekly plan.",
    ]);
  });

  it('says when a downgrade starts, that it can be cancelled, and how the asset picks shrink', () => {
    const wording = planChangeWording(view(quotePlanChange(paidPeriod('12weeks'), 'weekly', START)), date);
    expect(wording.headline).toBe('You pay $0.00 today, then $29.00 every week from 2027-02-23.');
    expect(wording.details).toEqual([
      'Your 12 Weeks plan and its features stay until 2027-02-23; the Weekly plan starts then. You can cancel this change until then.',
      'The Weekly plan shows 4 assets: you choose which of your picked assets to keep, and until you do, the first 4 stay.',
    ]);
  });

  it('says that a trial continues', () => {
    const trialEnd = new Date(START.getTime() + 7 * DAY_MS);
    const wording = planChangeWording(view(quotePlanChange({ plan: 'weekly', trialing: true, trialEnd, currentPeriodStart: START, currentPeriodEnd: trialEnd }, '12weeks', START)), date);
    expect(wording.headline).toBe('You pay $0.00 today, then $179.00 every 12 weeks from 2026-12-08.');
    expect(wording.details).toEqual(['The 12 Weeks plan and its features start now. Your free trial continues: nothing is charged until 2026-12-08.']);
  });
});

describe('canChangePlan', () => {
  const active = { status: 'active', plan: '12weeks', has_access: true, cancel_at_period_end: false, payment_failed: false } as const;
  it('offers a change of a plan in its trial or active, and of nothing else', () => {
    expect(canChangePlan(active)).toBe(true);
    expect(canChangePlan({ ...active, status: 'trial' })).toBe(true);
    expect(canChangePlan({ ...active, status: 'canceled', cancel_at_period_end: true })).toBe(false);
    expect(canChangePlan({ ...active, payment_failed: true })).toBe(false);
    expect(canChangePlan({ ...active, status: 'none', plan: null, has_access: false })).toBe(false);
  });
});
