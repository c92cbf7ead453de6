import type { Cents } from '../money.ts';

/**
 * Where each ledger line stands for its payee (issue 30 item 2), one bucket per line, so the five
 * add up to everything the payee ever earned (the reconciliation, decision record 060):
 *   withheld    status 'withheld' (a confirmed referral flag removed the credit)
 *   paid        status 'paid' (its payout item was paid, or an admin paid it before batches)
 *   in_payout   status 'processing' (in a prepared or approved batch whose item is not settled)
 *   holding     pending, earned less than holding_days ago, or on hold by an open referral flag
 *   available   pending, out of the holding period and not on hold: a batch may take it
 */
export const BALANCE_BUCKETS = ['holding', 'available', 'in_payout', 'paid', 'withheld'] as const;
export type BalanceBucket = (typeof BALANCE_BUCKETS)[number];

export type BalanceLine = {
  status: string;
  earned_at: Date;
  amount_cents: Cents;
  flag_hold?: boolean;
  /** A reversal (decision 066): the line it reverses, as it stands now. */
  reverses?: { status: string; earned_at: Date; flag_hold?: boolean } | null;
};

/**
 * A pending reversal (a negative line, decision 066) is never held for itself: while the line it
 * reverses is pending it stands where that line stands (holding or available), so the pair is
 * paid together or waits together and the reversed part never goes out; once the original is in
 * a payout or paid, the reversal is available at once and nets against the next payout.
 */
export function balanceBucket(line: BalanceLine, holdingCutoff: Date): BalanceBucket {
  if (line.status === 'withheld') return 'withheld';
  if (line.status === 'paid') return 'paid';
  if (line.status === 'processing') return 'in_payout';
  const held = line.reverses
    ? line.reverses.status === 'pending' && (Boolean(line.reverses.flag_hold) || line.reverses.earned_at.getTime() > holdingCutoff.getTime())
    : Boolean(line.flag_hold) || line.earned_at.getTime() > holdingCutoff.getTime();
  return held ? 'holding' : 'available';
}

export type BalanceSplit = Record<`${BalanceBucket}_cents`, Cents>;

export function splitBalance(lines: readonly BalanceLine[], holdingCutoff: Date): BalanceSplit {
  const split: BalanceSplit = { holding_cents: 0, available_cents: 0, in_payout_cents: 0, paid_cents: 0, withheld_cents: 0 };
  for (const line of lines) split[`${balanceBucket(line, holdingCutoff)}_cents`] += line.amount_cents;
  return split;
}

export type AllocatableLine = {
  id: string;
  earned_at: Date;
  amount_cents: Cents;
  /** A reversal: the line it reverses (decision 066). */
  reverses_id?: string | null;
};

export type Allocation =
  | { ok: true; line_ids: string[]; amount_cents: Cents; carried_cents: Cents }
  | { ok: false; reason: 'below_minimum' | 'needs_wire'; amount_cents: Cents };

const byAge = (a: AllocatableLine, b: AllocatableLine) => a.earned_at.getTime() - b.earned_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The lines one payout item pays (issue 30 item 3): the available lines oldest first (same
 * instant: by id, so the order is total), each whole, never part of a line. With a maximum (a
 * method other than wire above the wire threshold), lines are taken in that order while the sum
 * stays within it; the first that does not fit and every later one wait for the next batch, so
 * the oldest money is always paid first. Below the minimum nothing is paid and everything waits:
 * 5000 cents at a 5000 minimum is paid, 4999 is carried. When the maximum alone keeps a payee with
 * enough money below the minimum (the oldest line is above the wire threshold), the reason is
 * `needs_wire`: waiting changes nothing, wire details pay it.
 *
 * Negative lines (reversals, decision 066) net: a reversal whose original is among the lines
 * travels with it (the pair is one unit, its net amount, so the reversed part of an unpaid line
 * is cancelled out before any payout); every other negative line (its original was paid or is in
 * a payout) is taken first and reduces this payout. What is paid is the net, and only when it
 * reaches the minimum (and is more than 0); otherwise everything waits, a negative total being the
 * negative balance carried forward.
 */
export function allocateLines(lines: readonly AllocatableLine[], rule: { minimum_cents: Cents; maximum_cents?: Cents }): Allocation {
  const present = new Set(lines.map((line) => line.id));
  const attached = new Map<string, AllocatableLine[]>();
  const credits: AllocatableLine[] = [];
  const heads: AllocatableLine[] = [];
  for (const line of lines) {
    if (line.reverses_id && present.has(line.reverses_id)) attached.set(line.reverses_id, [...(attached.get(line.reverses_id) ?? []), line]);
    else if (line.amount_cents < 0) credits.push(line);
    else heads.push(line);
  }
  const units = heads.sort(byAge).map((head) => {
    const members = [head, ...(attached.get(head.id) ?? []).sort(byAge)];
    return { ids: members.map((line) => line.id), net: members.reduce((sum, line) => sum + line.amount_cents, 0) };
  });
  const total = lines.reduce((sum, line) => sum + line.amount_cents, 0);
  const taken: string[] = credits.sort(byAge).map((line) => line.id);
  let amount = credits.reduce((sum, line) => sum + line.amount_cents, 0);
  let takenUnits = 0;
  let capped = false;
  for (const unit of units) {
    if (rule.maximum_cents !== undefined && amount + unit.net > rule.maximum_cents) {
      capped = true;
      break;
    }
    taken.push(...unit.ids);
    amount += unit.net;
    takenUnits += 1;
  }
  if (amount < rule.minimum_cents || amount <= 0 || takenUnits === 0) {
    // The money is there but the maximum stopped it: the oldest lines need a wire transfer, not more time.
    const reason = capped && total >= rule.minimum_cents && total > 0 ? 'needs_wire' : 'below_minimum';
    return { ok: false, reason, amount_cents: total };
  }
  return { ok: true, line_ids: taken, amount_cents: amount, carried_cents: total - amount };
}

/**
 * What one SQL aggregate answers for a payee none of whose available lines is negative (decision
 * 070): how many lines and how much in all, and the longest prefix of the lines, oldest first
 * (earned_at, then id), whose running sum stays within the maximum (a running sum per payee; every
 * line is whole, so with no negative line the running sum only grows and the prefix is the lines
 * whose running sum is at most the maximum).
 */
export type PrefixTotals = { line_count: number; total_cents: Cents; within_count: number; within_cents: Cents };

export type PrefixAllocation =
  | { ok: true; line_count: number; amount_cents: Cents; carried_cents: Cents }
  | { ok: false; reason: 'below_minimum' | 'needs_wire'; amount_cents: Cents };

/**
 * allocateLines' rule on the SQL's totals (decision 070), for a payee without negative lines: the
 * item pays the prefix within the maximum (every line when there is none: a wire payee), when it
 * reaches the minimum and is above 0; otherwise everything waits, `needs_wire` when the maximum
 * alone stopped enough money. The lines paid are the first `line_count` of the payee's lines in
 * that order. A test proves it agrees with allocateLines line for line.
 */
export function allocatePrefix(totals: PrefixTotals, rule: { minimum_cents: Cents; maximum_cents?: Cents }): PrefixAllocation {
  const capped = rule.maximum_cents !== undefined;
  const count = capped ? totals.within_count : totals.line_count;
  const amount = capped ? totals.within_cents : totals.total_cents;
  if (amount < rule.minimum_cents || amount <= 0 || count === 0) {
    const stopped = count < totals.line_count;
    const reason = stopped && totals.total_cents >= rule.minimum_cents && totals.total_cents > 0 ? 'needs_wire' : 'below_minimum';
    return { ok: false, reason, amount_cents: totals.total_cents };
  }
  return { ok: true, line_count: count, amount_cents: amount, carried_cents: totals.total_cents - amount };
}

/** The totals SQL computes, from the lines (for tests and for comparing the two rules). */
export function prefixTotals(lines: readonly AllocatableLine[], maximumCents: Cents): PrefixTotals {
  let running = 0;
  let withinCount = 0;
  let withinCents = 0;
  for (const line of [...lines].sort(byAge)) {
    running += line.amount_cents;
    if (running <= maximumCents) {
      withinCount += 1;
      withinCents = running;
    }
  }
  return { line_count: lines.length, total_cents: running, within_count: withinCount, within_cents: withinCents };
}
