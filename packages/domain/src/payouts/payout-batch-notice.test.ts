import { describe, expect, it } from 'vitest';
import { notificationTarget, notificationTargetLabel } from '../notifications/notification-rules.ts';
import { payoutBatchNotice } from './payout-batch-notice.ts';

describe("the admins' notice of a prepared weekly payout batch (decision 070)", () => {
  it('says the week, the count and the total, and links to /admin/payouts', () => {
    const notice = payoutBatchNotice({ id: 'b1', item_count: 1204, total_cents: 12_345_678, scheduled_week: '2026-11-23' });
    expect(notice.title).toBe('Payout batch ready for review');
    expect(notice.message).toBe('The weekly payout batch for the week of 2026-11-23 is prepared: 1,204 payouts, $123,456.78 in all. Review it on Payouts, then approve or cancel it.');
    expect(notice.data).toEqual({ link: '/admin/payouts', payout_batch_id: 'b1', item_count: 1204, total_cents: 12_345_678, scheduled_week: '2026-11-23' });
    expect(payoutBatchNotice({ id: 'b2', item_count: 1, total_cents: 5000, scheduled_week: null }).message).toBe('The weekly payout batch is prepared: 1 payout, $50.00 in all. Review it on Payouts, then approve or cancel it.');
  });

  it('the notification opens the payout batches; a link that is not a known screen opens nothing', () => {
    const notice = payoutBatchNotice({ id: 'b1', item_count: 2, total_cents: 10_000, scheduled_week: '2026-11-23' });
    const target = notificationTarget({ type: 'system', action_required: true, data: notice.data });
    expect(target).toBe('/admin/payouts');
    expect(notificationTargetLabel(target!)).toBe('Review the payout batch');
    expect(notificationTarget({ type: 'system', action_required: true, data: { link: 'https://evil.example/admin' } })).toBeNull();
    expect(notificationTarget({ type: 'system', action_required: false, data: { link: '//evil.example' } })).toBeNull();
    expect(notificationTarget({ type: 'system', action_required: false, data: { link: 'toString' } })).toBeNull();
    expect(notificationTargetLabel('/trader-dashboard')).toBe('Open the trader dashboard');
  });
});
