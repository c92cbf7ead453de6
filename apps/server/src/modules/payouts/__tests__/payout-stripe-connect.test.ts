import { and, count, eq, inArray, like } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, commissions, jobs, mailOutbox, notifications, payoutItems, payoutItemLines, payoutStripeAccounts, users } from '@myeai/db';
import { apiPath, payoutsPaths, PAYOUT_SETTINGS_DEFAULTS, stripeTransferKey, type PayoutBatchResponse } from '@myeai/domain';
import type { StripeSettings } from '../../../env.ts';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { FakeStripeServer } from '../../billing/__tests__/fake-stripe-server.ts';
import { STRIPE_TRANSFERS_JOB } from '../index.ts';
import { runStripeTransfers } from '../stripe-connect.service.ts';
import { addPayee } from './payees.ts';

const SECRET = 'whsec_connect_test';
/** The Connect endpoint's own secret: connected accounts' events (account.updated, their payout.*) come signed with it. */
const CONNECT_SECRET = 'whsec_connect_endpoint';
const KEY = 'b'.repeat(64);
const PRICES = { weekly: 'price_weekly', '4weeks': 'price_4weeks', '12weeks': 'price_12weeks', '52weeks': 'price_52weeks' } as const;
const signer = new Stripe('sk_test_signer');

/**
 * Stripe Connect, the second payout provider (issue 30 item 4, decision 069), against the local
 * Stripe-shaped server: "Connect with Stripe" creates the Express account once and an onboarding
 * link each time; the state is read on the return and kept by account.updated; approval queues
 * the transfers, one per item with the key payout-item-<id>; transfer webhooks settle the items
 * (a repeated event changes nothing); two approvals at once and a job run twice transfer once.
 */
describe.each(testDatabaseKinds())('Stripe Connect payouts on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripeServer;
  let admin: string;
  let stripe: StripeSettings;

  beforeAll(async () => {
    fake = new FakeStripeServer();
    const apiBase = await fake.start();
    stripe = { secretKey: 'sk_test_myeai', webhookSecret: SECRET, publishableKey: undefined, prices: { ...PRICES }, apiBase, connectWebhookSecret: CONNECT_SECRET };
    t = await createTestApp(kind, { stripe, stripeConnect: true, payoutDetailsKey: KEY });
    admin = await t.signInAs('admin');
    await t.clearQueues();
    // Holding 0 days and no details hold: the flow runs at the test clock's now.
    const saved = await t.inject({ method: 'PUT', url: payoutsPaths.adminSettings, cookie: admin, payload: { ...PAYOUT_SETTINGS_DEFAULTS, holding_days: 0, details_hold_hours: 0 } });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const call = async (method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown) => {
    const response = await t.inject({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.json() };
  };
  const nowS = () => Math.floor(t.clock.now().getTime() / 1000);
  const event = (type: string, object: unknown, extra: Record<string, unknown> = {}) => ({
    id: fake.nextId('evt'),
    object: 'event',
    type,
    created: nowS(),
    livemode: false,
    api_version: '2026-10-28.endive',
    data: { object: JSON.parse(JSON.stringify(object)) },
    ...extra,
  });
  /** Platform events (transfer.*) are signed with the account endpoint's secret, connected accounts' events with the Connect endpoint's. */
  const deliver = async (payloadObject: { type: string }) => {
    const payload = JSON.stringify(payloadObject);
    const secret = payloadObject.type.startsWith('transfer.') ? SECRET : CONNECT_SECRET;
    const header = signer.webhooks.generateTestHeaderString({ payload, secret, timestamp: nowS() });
    const response = await t.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
    return { status: response.statusCode, outcome: (response.json() as { outcome?: string }).outcome };
  };
  /** An affiliate with a confirmed address, these available lines and PayPal details; signed in. */
  const newPayee = async (lines: number[]) => {
    const payee = await addPayee(t.database.db, { label: 'Connect', lines, key: KEY });
    await t.database.db.update(users).set({ emailVerifiedAt: TEST_NOW, isDemo: true }).where(eq(users.id, payee.id));
    return { ...payee, cookie: await t.signIn(payee.email) };
  };
  const accountOf = async (userId: string) => (await t.database.db.select().from(payoutStripeAccounts).where(eq(payoutStripeAccounts.userId, userId)))[0]!;
  /** Connects the payee and lets Stripe verify them; the return from onboarding reads it. */
  const connectVerified = async (payee: { id: string; cookie: string }) => {
    expect((await call('POST', payoutsPaths.stripeConnect, payee.cookie, { page: 'commissions' })).status).toBe(200);
    const account = await accountOf(payee.id);
    fake.connect.finishOnboarding(account.accountId);
    expect((await call('POST', payoutsPaths.stripeRefresh, payee.cookie)).body.account.state).toBe('verified');
    return account.accountId;
  };
  const prepare = async () => {
    const prepared = await call('POST', payoutsPaths.adminBatches, admin, {});
    expect(prepared.status).toBe(200);
    return (prepared.body as PayoutBatchResponse).batch;
  };
  const itemOf = (batch: PayoutBatchResponse['batch'], userId: string) => batch.items.find((item) => item.user_id === userId)!;
  const transferRequests = (itemId: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/transfers' && r.idempotencyKey === stripeTransferKey(itemId));
  const item = async (id: string) => (await t.database.db.select().from(payoutItems).where(eq(payoutItems.id, id)))[0]!;
  const lineStatuses = async (itemId: string) =>
    (await t.database.db.select({ status: commissions.status }).from(commissions).innerJoin(payoutItemLines, eq(payoutItemLines.commissionId, commissions.id)).where(eq(payoutItemLines.itemId, itemId))).map((row) => row.status);
  const audits = async (action: string, target: string) => (await t.database.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.target, target))))[0]!.n;

  it('"Connect with Stripe" creates the Express account once and a fresh onboarding link each time; the return reads its state', async () => {
    const payee = await newPayee([5000]);
    expect((await call('GET', payoutsPaths.method, payee.cookie)).body.stripe_connect).toEqual({ account: null });

    const first = await call('POST', payoutsPaths.stripeConnect, payee.cookie, { page: 'commissions' });
    expect(first.status).toBe(200);
    const account = await accountOf(payee.id);
    expect(account).toMatchObject({ state: 'pending' });
    expect(first.body.url).toMatch(new RegExp(`^https://connect\\.stripe\\.test/setup/e/${account.accountId}/`));
    const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts' && r.params['metadata[user_id]'] === payee.id);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ idempotencyKey: `connect-account-${payee.id}`, params: { type: 'express', email: payee.email, 'capabilities[transfers][requested]': 'true' } });
    expect(fake.connect.accountLinks.at(-1)).toMatchObject({
      refresh_url: 'http://localhost:80/commissions?tab=payouts&stripe=refresh',
      return_url: 'http://localhost:80/commissions?tab=payouts&stripe=return',
    });

    // Again (the link expired, or from /earnings): the same account, a new link.
    const again = await call('POST', payoutsPaths.stripeConnect, payee.cookie, { page: 'earnings' });
    expect(again.body.url).not.toBe(first.body.url);
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts' && r.params['metadata[user_id]'] === payee.id)).toHaveLength(1);
    expect(fake.connect.accountLinks.at(-1)).toMatchObject({ return_url: 'http://localhost:80/earnings?stripe=return' });

    // Back from Stripe without finishing: pending, still PayPal.
    expect((await call('POST', payoutsPaths.stripeRefresh, payee.cookie)).body.account).toMatchObject({ state: 'pending', summary: `Stripe account ••••${account.accountId.slice(-4)}` });
    expect((await call('GET', payoutsPaths.method, payee.cookie)).body.method.method).toBe('paypal');

    // Finished and verified: the account is the payout method now, masked, the change mailed and audited.
    fake.connect.finishOnboarding(account.accountId);
    const back = await call('POST', payoutsPaths.stripeRefresh, payee.cookie);
    expect(back.body.account.state).toBe('verified');
    const method = (await call('GET', payoutsPaths.method, payee.cookie)).body;
    expect(method.method).toMatchObject({ method: 'stripe', summary: `Stripe account ••••${account.accountId.slice(-4)}` });
    expect(method.stripe_connect.account.state).toBe('verified');
    expect(JSON.stringify(method)).not.toContain(account.accountId);
    expect(await audits('payout.stripe.account', account.id)).toBe(1);
    expect(await audits('payout.stripe.account_state', account.id)).toBe(1);
    const mails = await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.userId, payee.id), eq(mailOutbox.kind, 'payout_method_changed')));
    expect(mails).toHaveLength(1);
    // Verified: the button opens the payee's Express dashboard (a login link), not onboarding again.
    const dashboard = await call('POST', payoutsPaths.stripeConnect, payee.cookie, { page: 'commissions' });
    expect(dashboard.body.url).toMatch(new RegExp(`^https://connect\\.stripe\\.test/express/${account.accountId}/`));
    expect(await audits('payout.stripe.dashboard_link', account.id)).toBe(1);

    // An address not confirmed cannot hold payout details, Stripe's either.
    const unconfirmed = await addPayee(t.database.db, { label: 'Unconfirmed', lines: [] });
    await t.database.db.update(users).set({ isDemo: true }).where(eq(users.id, unconfirmed.id));
    expect((await call('POST', payoutsPaths.stripeConnect, await t.signIn(unconfirmed.email))).status).toBe(409);
  });

  it('account.updated keeps the state current; the same event twice is a no-op; a restricted account waits in the batch', async () => {
    const payee = await newPayee([7000]);
    await call('POST', payoutsPaths.stripeConnect, payee.cookie);
    const account = await accountOf(payee.id);
    const verified = event('account.updated', fake.connect.finishOnboarding(account.accountId), { account: account.accountId });
    expect(await deliver(verified)).toEqual({ status: 200, outcome: 'applied' });
    expect((await accountOf(payee.id)).state).toBe('verified');
    const auditsBefore = await audits('payout.stripe.account_state', account.id);
    expect(await deliver(verified)).toEqual({ status: 200, outcome: 'duplicate' });
    expect(await audits('payout.stripe.account_state', account.id)).toBe(auditsBefore);

    // Stripe restricts it; an older "verified" event arriving late changes nothing (the account is read from Stripe).
    fake.connect.restrict(account.accountId);
    expect((await deliver(event('account.updated', fake.connect.accounts.get(account.accountId)))).outcome).toBe('applied');
    expect((await accountOf(payee.id)).state).toBe('restricted');
    expect((await deliver(event('account.updated', { ...fake.connect.accounts.get(account.accountId), payouts_enabled: true }))).outcome).toBe('duplicate');
    expect((await call('GET', payoutsPaths.method, payee.cookie)).body.method.method).toBe('stripe');
    const preview = await call('POST', payoutsPaths.adminBatches, admin, { dry_run: true });
    expect(preview.body.batch.skipped.find((s: { user_id: string }) => s.user_id === payee.id)).toMatchObject({ reason: 'stripe_not_ready', available_cents: 7000 });

    // An account that is not a payee's here is recorded and not read from Stripe.
    const before = fake.requests.length;
    expect((await deliver(event('account.updated', { id: 'acct_someone_else', object: 'account' }))).outcome).toBe('ignored');
    expect(fake.requests.length).toBe(before);

    // A bad signature is refused before anything is read.
    const forged = await t.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: JSON.stringify(verified) });
    expect(forged.statusCode).toBe(400);
    fake.connect.finishOnboarding(account.accountId);
    await deliver(event('account.updated', fake.connect.accounts.get(account.accountId)));
  });

  it('approval sends one transfer per Stripe item with its idempotency key; transfer webhooks settle paid or failed, once', async () => {
    const paid = await newPayee([5000, 2500]);
    const reversed = await newPayee([6000]);
    const manual = await newPayee([5500]);
    const paidAccount = await connectVerified(paid);
    const reversedAccount = await connectVerified(reversed);
    const batch = await prepare();
    const [a, b, c] = [itemOf(batch, paid.id), itemOf(batch, reversed.id), itemOf(batch, manual.id)];
    expect(a).toMatchObject({ method: 'stripe', amount_cents: 7500, method_summary: `Stripe account ••••${paidAccount.slice(-4)}` });
    expect(b).toMatchObject({ method: 'stripe', amount_cents: 6000 });
    expect(c).toMatchObject({ method: 'paypal', amount_cents: 5500 });

    expect((await call('POST', apiPath(payoutsPaths.adminApprove, { id: batch.id! }), admin)).status).toBe(200);
    // The transfers go with the job queue, after the approval committed.
    expect(transferRequests(a.id!)).toHaveLength(0);
    await t.runJobs();
    expect(transferRequests(a.id!)).toHaveLength(1);
    expect(transferRequests(a.id!)[0]!.params).toMatchObject({ amount: '7500', currency: 'usd', destination: paidAccount, 'metadata[payout_item_id]': a.id, transfer_group: `payout-batch-${batch.id}` });
    expect(transferRequests(b.id!)[0]!.params).toMatchObject({ amount: '6000', destination: reversedAccount });
    expect(fake.requests.filter((r) => r.path === '/v1/transfers' && r.params['metadata[payout_item_id]'] === c.id)).toHaveLength(0);
    const storedA = await item(a.id!);
    expect(storedA).toMatchObject({ status: 'processing' });
    expect(storedA.providerTransferId).toMatch(/^tr_/);
    expect(await audits('payout.item.transfer', a.id!)).toBe(1);
    // By hand, an admin may not fail a Stripe payout (its transfer may have left): reversing it at Stripe does.
    const byHand = await t.inject({ method: 'PATCH', url: apiPath(payoutsPaths.adminItem, { id: a.id! }), cookie: admin, payload: { status: 'failed', reason: 'Bounced' } });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.body).toContain('reverse the transfer at Stripe');
    expect(await item(a.id!)).toMatchObject({ status: 'processing' });

    // transfer.created: paid, its lines paid; the same event again changes nothing.
    const created = event('transfer.created', fake.connect.transfers.get(storedA.providerTransferId!));
    expect(await deliver(created)).toEqual({ status: 200, outcome: 'applied' });
    expect(await item(a.id!)).toMatchObject({ status: 'paid' });
    expect(await lineStatuses(a.id!)).toEqual(['paid', 'paid']);
    expect(await deliver(created)).toEqual({ status: 200, outcome: 'duplicate' });
    expect(await audits('payout.item.settle', a.id!)).toBe(1);
    // Another event id saying the same: nothing more either.
    expect((await deliver(event('transfer.created', fake.connect.transfers.get(storedA.providerTransferId!)))).outcome).toBe('duplicate');

    // Reversed whole at Stripe: failed with the reason, its lines available again.
    const storedB = await item(b.id!);
    expect((await deliver(event('transfer.reversed', fake.connect.reverse(storedB.providerTransferId!)))).outcome).toBe('applied');
    expect(await item(b.id!)).toMatchObject({ status: 'failed', reason: 'The transfer was reversed at Stripe' });
    expect(await lineStatuses(b.id!)).toEqual(['pending']);
    const balance = await call('GET', payoutsPaths.balance, reversed.cookie);
    expect(balance.body.available_cents).toBe(6000);

    // The manual item is the admin's, its file has no Stripe item.
    expect(await item(c.id!)).toMatchObject({ status: 'processing', providerTransferId: null });
    const file = await t.inject({ method: 'GET', url: `${apiPath(payoutsPaths.adminExport, { id: batch.id! })}?method=paypal`, cookie: admin });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(c.id);
    expect(file.body).not.toContain(a.id);

    // The payee's bank payout at Stripe failing: told, the payout item stays paid.
    const bankFailed = event('payout.failed', { id: 'po_test_1', object: 'payout', amount: 7500, currency: 'usd', status: 'failed', failure_code: 'account_closed', failure_message: 'The bank account has been closed.' }, { account: paidAccount });
    expect((await deliver(bankFailed)).outcome).toBe('applied');
    expect((await deliver(bankFailed)).outcome).toBe('duplicate');
    const told = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, paid.id), eq(notifications.title, 'Stripe could not pay your bank')));
    expect(told).toHaveLength(1);
    expect(await item(a.id!)).toMatchObject({ status: 'paid' });
  });

  it('two approvals at once queue one job, and a job run twice (a retry after a crash) makes one transfer per item', async () => {
    const payee = await newPayee([8000]);
    await connectVerified(payee);
    const batch = await prepare();
    const own = itemOf(batch, payee.id);
    const url = apiPath(payoutsPaths.adminApprove, { id: batch.id! });
    const answers = await Promise.all([call('POST', url, admin), call('POST', url, admin)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const queued = await t.database.db.select().from(jobs).where(and(eq(jobs.name, STRIPE_TRANSFERS_JOB), like(jobs.dedupeKey, `%${batch.id}`)));
    expect(queued).toHaveLength(1);

    // Two runs of the job side by side (the job retried while the first still runs): the key makes one transfer.
    await Promise.all([runStripeTransfers({ db: t.database.db, clock: t.clock, config: { stripe, stripeConnect: true, payoutDetailsKey: KEY } }, { batch_id: batch.id }), t.runJobs()]);
    await t.runJobs();
    const sent = transferRequests(own.id!);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(new Set([...fake.connect.transfers.values()].filter((tr) => (tr.metadata as Record<string, string>).payout_item_id === own.id).map((tr) => tr.id)).size).toBe(1);
    expect(await audits('payout.item.transfer', own.id!)).toBe(1);
  });

  it('a transfer Stripe refuses fails the item with Stripe\'s reason and its lines are available again', async () => {
    const payee = await newPayee([9000]);
    await connectVerified(payee);
    const batch = await prepare();
    const own = itemOf(batch, payee.id);
    fake.connect.balanceCents = 100;
    try {
      expect((await call('POST', apiPath(payoutsPaths.adminApprove, { id: batch.id! }), admin)).status).toBe(200);
      await t.runJobs();
    } finally {
      fake.connect.balanceCents = Number.MAX_SAFE_INTEGER;
    }
    expect(await item(own.id!)).toMatchObject({ status: 'failed', reason: 'Stripe refused the transfer: You have insufficient available funds in your Stripe account.', providerTransferId: null });
    expect(await lineStatuses(own.id!)).toEqual(['pending']);
    const stripeItems = await t.database.db.select({ id: payoutItems.id }).from(payoutItems).where(and(eq(payoutItems.batchId, batch.id!), inArray(payoutItems.status, ['processing'])));
    expect(stripeItems.every((row) => row.id !== own.id)).toBe(true);
  });
});

describe.each(testDatabaseKinds().slice(0, 1))('without STRIPE_CONNECT on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('the manual provider is all there is: no Stripe in the payout method, connect is 404', async () => {
    const cookie = await t.signIn('affiliate@demo.myeai.local');
    const method = await t.inject({ method: 'GET', url: payoutsPaths.method, cookie });
    expect(method.json().stripe_connect).toBeNull();
    expect((await t.inject({ method: 'POST', url: payoutsPaths.stripeConnect, cookie })).statusCode).toBe(404);
  });
});
