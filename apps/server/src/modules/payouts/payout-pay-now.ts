import {
  allocateLines,
  AppError,
  canPayNow,
  COMMISSION_HELD_MESSAGE,
  commissionInPayoutBatchMessage,
  holdingCutoff,
  PAY_NOW_REFUSALS,
  type CommissionStatus,
  type PayNowRefusal,
  type PayoutBatchResponse,
} from '@myeai/domain';
import { recordAudit } from '../audit/index.ts';
import { selectNettingLines, type LineRef } from './payout-allocation.queries.ts';
import { selectLineForPayNow } from './payout-pay-now.queries.ts';
import { stripeConnectConfigured } from './payout-provider.ts';
import { getPayoutBatch, itemMaximum, payeeSkipReason, toSettings, type PayoutDeps } from './payouts.service.ts';
import { insertPayoutBatch, insertPayoutItems, reserveLines, selectPayees, selectPayoutSettings } from './payouts.queries.ts';
import { selectStripeAccountStates } from './stripe-connect.queries.ts';

const refuse = (reason: PayNowRefusal): never => {
  throw new AppError('CONFLICT', PAY_NOW_REFUSALS[reason]);
};

/**
 * "Pay this one now" (issue 30 item 6, decision 070): the old admin action that moved a single
 * commission processing -> paid by hand is gone; an admin pays one line through a one-item payout
 * batch instead, prepared with the batch's rules and then approved and settled on /admin/payouts
 * like any batch (files or Stripe, statements, notifications, audit).
 *
 * The line: a pending one out of its holding period and not on a flag hold, or one moved to
 * processing before payouts existed (in no payout item). Never one's own, never a line in an open
 * payout item, a reversal, a paid or withheld line. The payee: active, with a payout method out
 * of its hold, enabled (a Stripe account verified). The item: the line whole, with the reversals
 * of it that are available and the payee's available clawbacks netted (allocateLines, decision
 * 066); within the wire threshold unless the method is wire or Stripe; more than 0. The minimum
 * payout does not apply: the admin chose to pay this line now. One transaction with the settings
 * row locked (as a preparation: a line is never in two batches) and the lines locked; audited.
 */
export async function payCommissionNow(deps: PayoutDeps, actorId: string, commissionId: string): Promise<PayoutBatchResponse> {
  return deps.db.transaction(async (tx) => {
    const settings = toSettings(await selectPayoutSettings(tx, { forUpdate: true }));
    const line = await selectLineForPayNow(tx, commissionId);
    if (!line) throw new AppError('NOT_FOUND', 'Commission not found.');
    if (line.user_id === actorId) throw new AppError('FORBIDDEN', PAY_NOW_REFUSALS.own);
    if (line.open_batch) throw new AppError('CONFLICT', commissionInPayoutBatchMessage({ id: line.open_batch.id, created_at: line.open_batch.created_at.toISOString() }));
    if (line.reverses_id || line.amount_cents < 0) refuse('reversal');
    if (!canPayNow({ status: line.status as CommissionStatus, amount_cents: line.amount_cents, in_payout_batch: false })) refuse('not_payable');
    const now = deps.clock.now();
    const cutoff = holdingCutoff(now, settings.holding_days);
    if (line.status === 'pending') {
      if (line.flag_hold) throw new AppError('CONFLICT', COMMISSION_HELD_MESSAGE);
      if (line.earned_at.getTime() > cutoff.getTime()) refuse('holding');
    }
    const [payee] = await selectPayees(tx, [line.user_id]);
    // The batch's rules for the payee, asked as a preparation asks them.
    const state = payee!.method?.method === 'stripe' ? (await selectStripeAccountStates(tx, [payee!.id])).get(payee!.id) : undefined;
    const reason = payeeSkipReason(payee!, settings, now, { connectOn: stripeConnectConfigured(deps.config), state });
    if (reason) refuse(reason);
    const method = payee!.method!;
    const maximum = itemMaximum(method.method, settings).maximum_cents;

    let lines: LineRef[];
    if (line.status === 'pending') {
      // The line with its own available reversals (one unit) and the payee's available clawbacks, netted as a batch nets them.
      const available = await selectNettingLines(tx, cutoff, [line.user_id], { lock: true });
      const ids = new Set(available.map((candidate) => candidate.id));
      const taken = available.filter(
        (candidate) => candidate.id === line.id || candidate.reverses_id === line.id || (candidate.amount_cents < 0 && !(candidate.reverses_id && ids.has(candidate.reverses_id))),
      );
      const allocation = allocateLines(taken, { minimum_cents: 0, ...(maximum === undefined ? {} : { maximum_cents: maximum }) });
      if (!allocation.ok || !allocation.line_ids.includes(line.id)) return refuse(!allocation.ok && allocation.reason === 'below_minimum' ? 'nothing_to_pay' : 'needs_wire');
      const amounts = new Map(taken.map((candidate) => [candidate.id, candidate.amount_cents]));
      lines = allocation.line_ids.map((id) => ({ id, amount_cents: amounts.get(id)! }));
    } else {
      // Moved to processing before payouts: it stays processing, now in an item that settles it.
      if (maximum !== undefined && line.amount_cents > maximum) refuse('needs_wire');
      lines = [{ id: line.id, amount_cents: line.amount_cents }];
    }
    const amount = lines.reduce((sum, candidate) => sum + candidate.amount_cents, 0);

    const batch = await insertPayoutBatch(tx, { status: 'prepared', createdAt: now, createdBy: actorId, completedAt: null, scheduledWeek: null });
    const [item] = await insertPayoutItems(tx, [
      { batchId: batch.id, userId: payee!.id, method: method.method, details: method.details, summary: method.summary, amountCents: amount, status: 'processing', createdAt: now },
    ]);
    const moved = await reserveLines(
      tx,
      lines.map((candidate) => ({ itemId: item!.id, commissionId: candidate.id, amountCents: candidate.amount_cents })),
      now,
    );
    if (moved !== (line.status === 'pending' ? lines.length : 0)) throw new AppError('CONFLICT', 'The ledger changed while the payout was prepared. Please try again.');
    await recordAudit(tx, deps.clock, {
      actorId,
      action: 'payout.pay_now',
      target: batch.id,
      details: { commission_id: line.id, user_id: payee!.id, status_before: line.status, amount_cents: amount, lines: lines.length, method: method.method },
    });
    return getPayoutBatch(tx, batch.id);
  });
}
