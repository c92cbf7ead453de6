import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '@myeai/db';
import { notificationTarget } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { runScheduledPayoutBatch } from '../payout-schedule.service.ts';
import { addPayee } from './payees.ts';

// TEST_NOW is Monday 2026-11-23 12:00 UTC; the default schedule is Friday 09:00 UTC.
const FRIDAY = new Date('2026-11-27T09:00:00.000Z');
const NEXT_FRIDAY = new Date('2026-12-04T09:00:00.000Z');

/**
 * Decision 070: when the weekly schedule has prepared a batch, every active admin gets an in-app
 * notification with the batch's count and total that links to /admin/payouts; once per batch
 * (the job run again adds nothing); an empty week, an on-demand preparation, and non-admins get none.
 */
describe.each(testDatabaseKinds())('admins told of the weekly payout batch on %s', (kind) => {
  let t: TestApp;
  let admins: string[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    admins = (await t.database.db.select({ id: users.id }).from(users).where(and(sql`'admin' = any(${users.roles})`, eq(users.status, 'active')))).map((row) => row.id);
  });
  afterAll(() => t.close());

  const notices = () => t.database.db.select().from(notifications).where(sql`${notifications.sourceKey} like 'payout-batch:%'`);

  it("each admin is told the week's count and total once, with a link to the batches", async () => {
    expect(admins.length).toBeGreaterThan(0);
    const first = await addPayee(t.database.db, { label: 'Notice', lines: [3000, 2500] });
    const second = await addPayee(t.database.db, { label: 'Notice', lines: [7000] });
    // An on-demand dry run tells nobody.
    const admin = await t.signInAs('admin');
    await t.inject({ method: 'POST', url: '/api/admin/payout-batches', cookie: admin, payload: { dry_run: true } });
    expect(await notices()).toHaveLength(0);

    t.clock.set(FRIDAY);
    const run = await runScheduledPayoutBatch(t.app.deps, FRIDAY);
    expect(run.status).toBe('prepared');
    if (run.status !== 'prepared') return;
    const preview = (await t.inject({ method: 'GET', url: `/api/admin/payout-batches/${run.batch_id}`, cookie: admin })).json<{ batch: { total_cents: number; items: { user_id: string; amount_cents: number }[] } }>().batch;
    // The demo's own available lines are in the batch too: the notice says what the batch holds.
    expect(preview.items.find((item) => item.user_id === first.id)?.amount_cents).toBe(5500);
    expect(preview.items.find((item) => item.user_id === second.id)?.amount_cents).toBe(7000);

    const sent = await notices();
    expect(sent.map((row) => row.userId).sort()).toEqual([...admins].sort());
    const total = `$${(preview.total_cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    for (const row of sent) {
      expect(row).toMatchObject({ type: 'system', title: 'Payout batch ready for review', actionRequired: true, sourceKey: `payout-batch:${run.batch_id}:prepared` });
      expect(row.message).toBe(`The weekly payout batch for the week of 2026-11-23 is prepared: ${preview.items.length} payouts, ${total} in all. Review it on Payouts, then approve or cancel it.`);
      expect(row.data).toEqual({ link: '/admin/payouts', payout_batch_id: run.batch_id, item_count: preview.items.length, total_cents: preview.total_cents, scheduled_week: '2026-11-23' });
      expect(notificationTarget({ type: row.type, action_required: row.actionRequired, data: row.data as Record<string, unknown> })).toBe('/admin/payouts');
    }
    // The admin reads it in the notifications API as any notification.
    const listed = (await t.inject({ method: 'GET', url: '/api/notifications', cookie: admin })).json<{ items: { title: string; data: unknown }[] }>();
    expect(listed.items.find((item) => item.title === 'Payout batch ready for review')).toMatchObject({ data: { link: '/admin/payouts' } });

    // The same week again prepares nothing and tells nobody again.
    expect((await runScheduledPayoutBatch(t.app.deps, FRIDAY)).status).toBe('already_prepared');
    expect(await notices()).toHaveLength(admins.length);
  });

  it('an empty week is not announced', async () => {
    t.clock.set(NEXT_FRIDAY);
    const run = await runScheduledPayoutBatch(t.app.deps, NEXT_FRIDAY);
    expect(run).toMatchObject({ status: 'prepared', items: 0 });
    expect(await notices()).toHaveLength(admins.length);
  });
});
