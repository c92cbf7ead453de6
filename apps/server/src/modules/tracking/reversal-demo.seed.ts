import type { Database } from '@myeai/db';
import type { Clock } from '../../clock.ts';
import { reverseConversion } from '../commissions/index.ts';
import { selectConversionByMerchantOrderId } from './tracking.queries.ts';

const DAY_MS = 86_400_000;

/**
 * The demo's one reversal (issue 31, decision 066): three days ago the merchant refunded half of
 * the demo affiliate's oldest sale (DEMO-1001, already paid), so /commissions, /earnings and the
 * finance view show a negative line netted against the next payout. Written through the merchant's
 * reversal service, keyed, so a second seed run writes nothing.
 */
export async function seedReversalDemo(db: Database, clock: Clock): Promise<void> {
  const conversion = await selectConversionByMerchantOrderId(db, 'DEMO-1001');
  if (!conversion) return;
  const at: Clock = { now: () => new Date(clock.now().getTime() - 3 * DAY_MS) };
  await reverseConversion(db, at, {
    conversion: { id: conversion.id, amountCents: conversion.amountCents },
    amountCents: Math.floor(conversion.amountCents / 2),
    reason: 'Partial refund of order DEMO-1001 (the customer returned one of two seats)',
    reversalId: 'RF-DEMO-1001',
  });
}
