import type { DbOrTx } from '@myeai/db';
import { allocateLines, allocatePrefix, AppError, type Cents, type PayoutSkipReason } from '@myeai/domain';
import { selectNettingLines, selectPayeesWithReversals, selectPlainTotals, selectPrefixTotals, type LineRef } from './payout-allocation.queries.ts';

export type AllocationRule = { minimum_cents: Cents; maximum_cents?: Cents };

export type PayeeItem =
  | { ok: true; amount_cents: Cents; line_count: number; carried_cents: Cents; lines: LineRef[] }
  | { ok: false; reason: Extract<PayoutSkipReason, 'below_minimum' | 'needs_wire'>; amount_cents: Cents };

export type PayeeAvailable = {
  user_id: string;
  available_cents: Cents;
  /** How the item was computed: the SQL prefix, or allocateLines for a payee whose lines net (decision 070). */
  via: 'sql' | 'netting';
  /** This payee's item under the rule (no maximum for a wire payee). `lines` is empty on a dry run for the SQL path. */
  allocate: (rule: AllocationRule) => PayeeItem;
};

/**
 * Every payee with available lines and how a payout item would take them (decision 070): whole
 * lines, oldest first (earned_at, then id), within the wire threshold for a method other than
 * wire, paid when the sum reaches the minimum (5000 at a 5000 minimum is paid, 4999 waits).
 *
 * Payees without a negative or reversal line among their available lines (nearly everyone) are
 * allocated in SQL: one aggregate over all of them (count and sum), and for those whose sum is
 * above the threshold a running sum per payee (the prefix within it); nothing per line comes to
 * the server on a dry run. Payees whose lines net (a reversal, decision 066) keep the TypeScript
 * rule, allocateLines, on their lines. The two agree (payout-allocation.test.ts, and the domain's
 * property test of allocatePrefix against allocateLines).
 *
 * `lock` (a preparation): every available line is locked until the transaction ends and the lines
 * of each item are listed (ids and amounts, for the item lines); a dry run locks nothing.
 */
export async function availableByPayee(tx: DbOrTx, cutoff: Date, thresholdCents: Cents, options: { lock: boolean }): Promise<PayeeAvailable[]> {
  const withReversals = new Set(await selectPayeesWithReversals(tx, cutoff));
  const totals = await selectPlainTotals(tx, cutoff, options);
  const netting = new Set(withReversals);
  for (const row of totals) if (row.negative) netting.add(row.user_id);
  const overThreshold = totals.filter((row) => !netting.has(row.user_id) && row.total_cents > thresholdCents).map((row) => row.user_id);
  const prefixes = new Map((await selectPrefixTotals(tx, cutoff, overThreshold, thresholdCents, options)).map((row) => [row.user_id, row]));
  // A line written between the two reads may have made a payee's lines net: that payee is allocated in TypeScript.
  for (const row of prefixes.values()) if (row.negative) netting.add(row.user_id);

  const payees: PayeeAvailable[] = [];
  for (const row of totals) {
    if (netting.has(row.user_id)) continue;
    const prefix = prefixes.get(row.user_id);
    const sums = prefix ?? { ...row, within_count: row.line_count, within_cents: row.total_cents };
    payees.push({
      user_id: row.user_id,
      available_cents: sums.total_cents,
      via: 'sql',
      allocate: (rule) => {
        if (rule.maximum_cents !== undefined && rule.maximum_cents !== thresholdCents) throw new Error('the SQL prefix was computed for another maximum');
        const item = allocatePrefix(sums, rule);
        if (!item.ok) return item;
        const lines = (sums.lines ?? []).slice(0, item.line_count);
        if (options.lock && lines.length !== item.line_count) throw new AppError('CONFLICT', 'The ledger changed while the batch was prepared. Please prepare it again.');
        return { ...item, lines };
      },
    });
  }

  const lines = await selectNettingLines(tx, cutoff, [...netting], options);
  const byPayee = new Map<string, typeof lines>();
  for (const line of lines) {
    const own = byPayee.get(line.user_id);
    if (own) own.push(line);
    else byPayee.set(line.user_id, [line]);
  }
  for (const [userId, own] of byPayee) {
    const amounts = new Map(own.map((line) => [line.id, line.amount_cents]));
    payees.push({
      user_id: userId,
      available_cents: own.reduce((sum, line) => sum + line.amount_cents, 0),
      via: 'netting',
      allocate: (rule) => {
        const item = allocateLines(own, rule);
        if (!item.ok) return item;
        return { ok: true, amount_cents: item.amount_cents, line_count: item.line_ids.length, carried_cents: item.carried_cents, lines: item.line_ids.map((id) => ({ id, amount_cents: amounts.get(id)! })) };
      },
    });
  }
  return payees;
}
