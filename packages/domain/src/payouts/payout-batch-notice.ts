import { formatDollarsAndCents } from '../money.ts';
import type { NotificationLink } from '../notifications/notification-rules.ts';

export type PayoutBatchNotice = { title: string; message: string; data: { link: NotificationLink; payout_batch_id: string; item_count: number; total_cents: number; scheduled_week: string | null } };

/**
 * What each admin is told when the weekly schedule has prepared a batch (decision 070): the week,
 * how many payouts and how much in all, and that it waits for their review on /admin/payouts
 * (the notification links there). An empty week has nothing to review and is not announced.
 */
export function payoutBatchNotice(batch: { id: string; item_count: number; total_cents: number; scheduled_week: string | null }): PayoutBatchNotice {
  const count = batch.item_count === 1 ? '1 payout' : `${batch.item_count.toLocaleString('en-US')} payouts`;
  const week = batch.scheduled_week ? ` for the week of ${batch.scheduled_week}` : '';
  return {
    title: 'Payout batch ready for review',
    message: `The weekly payout batch${week} is prepared: ${count}, ${formatDollarsAndCents(batch.total_cents)} in all. Review it on Payouts, then approve or cancel it.`,
    data: { link: '/admin/payouts', payout_batch_id: batch.id, item_count: batch.item_count, total_cents: batch.total_cents, scheduled_week: batch.scheduled_week },
  };
}
