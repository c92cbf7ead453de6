import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions, jobs, openDatabase, payoutItems, payoutMethods, payoutStripeAccounts, users, type DatabaseHandle } from '@myeai/db';
import { maskStripeAccount, stripeTransferKey, type PayoutBatchResponse } from '@myeai/domain';
import { createTestDatabase, testDatabaseKinds } from '../../../testing/test-database.ts';
import { signInOn, startServerProcess, type ServerProcess } from '../../../testing/server-process.ts';
import { FakeStripeServer } from '../../billing/__tests__/fake-stripe-server.ts';
import { sealDetails } from '../payout-details-seal.ts';
import { STRIPE_TRANSFERS_JOB } from '../payout-provider.ts';

const DAY_MS = 86_400_000;
const PAYEES = 3;

/**
 * Issue 30 ("SIGKILL during execution: on restart every item is in exactly one state and no
 * transfer is sent twice"), Stripe Connect (decision 069): the real server approves a batch of
 * three Stripe payees and its transfers job is killed (SIGKILL) right after storing the second
 * transfer's id, before that commit: Stripe has made two transfers, the database knows one. After
 * a restart (the job's lock expired) the job sends the rest with the same idempotency keys: the
 * local Stripe-shaped server answers the repeated key with the transfer it made, so every item has
 * exactly one transfer and Stripe made exactly one per item.
 */
describe.each(testDatabaseKinds())('SIGKILL while a batch is paid through Stripe Connect, on %s', { timeout: 240_000 }, (kind) => {
  const root = mkdtempSync(join(tmpdir(), 'myeai-stripe-payout-crash-'));
  const fake = new FakeStripeServer();
  let database: { dataDir: string } | { url: string };
  let postgres: DatabaseHandle | undefined;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;
  let payees: { id: string; accountId: string }[] = [];

  const withDb = async <T>(work: (db: DatabaseHandle['db']) => Promise<T>): Promise<T> => {
    if (postgres) return work(postgres.db);
    const handle = await openDatabase({ kind: 'pglite', dataDir: join(root, 'data') });
    try {
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  };

  beforeAll(async () => {
    env = {
      STRIPE_SECRET_KEY: 'sk_test_payout_crash',
      STRIPE_WEBHOOK_SECRET: 'whsec_payout_crash',
      STRIPE_PRICE_WEEKLY: 'price_weekly',
      STRIPE_PRICE_4WEEKS: 'price_4weeks',
      STRIPE_PRICE_12WEEKS: 'price_12weeks',
      STRIPE_PRICE_52WEEKS: 'price_52weeks',
      STRIPE_API_BASE: await fake.start(),
      STRIPE_CONNECT: '1',
    };
    if (kind === 'postgres') {
      postgres = await createTestDatabase('postgres');
      if (postgres.kind !== 'postgres') throw new Error('expected PostgreSQL');
      database = { url: postgres.connectionString };
    } else {
      database = { dataDir: join(root, 'data') };
    }
    const first = await startServerProcess({ database, env });
    await first.stop();
    payees = await withDb(async (db) => {
      const now = Date.now();
      const made: { id: string; accountId: string }[] = [];
      for (let i = 0; i < PAYEES; i += 1) {
        const [person] = await db
          .insert(users)
          .values({ email: `stripe-crash-${i}@payouts.test`, name: `Stripe crash payee ${i}`, roles: ['affiliate'], activeRole: 'affiliate', referralCode: `SC${randomUUID().slice(0, 8).toUpperCase()}`, createdAt: new Date(now - 90 * DAY_MS), emailVerifiedAt: new Date(now - 90 * DAY_MS) })
          .returning({ id: users.id });
        await db.insert(commissions).values({ userId: person!.id, productId: null, source: 'conversion', sourceReference: `stripe-crash-${i}-${randomUUID()}`, productName: 'Crash test product', amountCents: 6000 + i, rateBp: null, status: 'pending', earnedAt: new Date(now - 30 * DAY_MS) });
        // The payee's verified Express account, at Stripe and here.
        const accountId = (fake.connect.route('POST', '/v1/accounts', { type: 'express' })!.body as { id: string }).id;
        fake.connect.finishOnboarding(accountId);
        await db.insert(payoutStripeAccounts).values({ userId: person!.id, accountId, state: 'verified', createdAt: new Date(now - 60 * DAY_MS), updatedAt: new Date(now - 60 * DAY_MS) });
        await db.insert(payoutMethods).values({ userId: person!.id, method: 'stripe', details: sealDetails({ method: 'stripe', account_id: accountId }, undefined), summary: maskStripeAccount(accountId), createdAt: new Date(now - 60 * DAY_MS), updatedAt: new Date(now - 60 * DAY_MS), holdUntil: new Date(now - 58 * DAY_MS) });
        made.push({ id: person!.id, accountId });
      }
      return made;
    });
  }, 180_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) await server.stop();
    await postgres?.close();
    await fake.stop();
    rmSync(root, { recursive: true, force: true });
  });

  const post = async (s: ServerProcess, path: string, body: unknown = {}) =>
    fetch(`${s.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: await signInOn(s, 'admin@demo.myeai.local') }, body: JSON.stringify(body) });
  const transfersOf = (itemId: string) => [...fake.connect.transfers.values()].filter((transfer) => (transfer.metadata as Record<string, string>).payout_item_id === itemId);
  const keyRequests = (itemId: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/transfers' && r.idempotencyKey === stripeTransferKey(itemId));

  it('killed after the second transfer was sent, before its id was stored: after the restart each item has exactly one transfer', async () => {
    server = await startServerProcess({ database, env, killAfter: { match: 'set "provider_transfer_id"', nth: 2 } });
    const prepared = await post(server, '/api/admin/payout-batches', { dry_run: false });
    expect(prepared.status).toBe(200);
    const { batch } = (await prepared.json()) as PayoutBatchResponse;
    const items = batch.items.filter((item) => payees.some((payee) => payee.id === item.user_id));
    expect(items.map((item) => item.method)).toEqual(['stripe', 'stripe', 'stripe']);
    expect((await post(server, `/api/admin/payout-batches/${batch.id}/approve`)).status).toBe(200);
    // The job runs after the approval committed, and dies in the middle.
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });

    const sentBefore = items.filter((item) => transfersOf(item.id!).length > 0).length;
    expect(sentBefore).toBe(2);
    await withDb(async (db) => {
      const stored = await db.select().from(payoutItems).where(inArray(payoutItems.id, items.map((item) => item.id!)));
      expect(stored.every((item) => item.status === 'processing')).toBe(true);
      expect(stored.filter((item) => item.providerTransferId !== null)).toHaveLength(1);
      // The job is still claimed by the dead worker; its lock runs out (here at once, instead of after its lock time).
      await db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.name, STRIPE_TRANSFERS_JOB));
    });

    server = await startServerProcess({ database, env });
    const deadline = Date.now() + 60_000;
    while (items.some((item) => transfersOf(item.id!).length === 0) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 200));
    // The job stores the last answer just after Stripe made the transfer.
    const settled = async () => withDb(async (db) => db.select().from(payoutItems).where(inArray(payoutItems.id, items.map((item) => item.id!))));
    if (postgres) {
      while ((await settled()).some((item) => item.providerTransferId === null) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 200));
    } else {
      // PGlite is the server's alone while it runs: give the job its last commit, then stop it (SIGTERM lets a running job finish).
      await new Promise((done) => setTimeout(done, 1500));
    }
    await server.stop();

    const stored = await settled();
    for (const item of items) {
      const made = transfersOf(item.id!);
      expect(made).toHaveLength(1);
      expect(stored.find((row) => row.id === item.id)!.providerTransferId).toBe(made[0]!.id);
      expect(made[0]!.amount).toBe(item.amount_cents);
    }
    // The transfer sent before the kill was asked for again with its key, and Stripe answered the same transfer.
    expect(items.map((item) => keyRequests(item.id!).length).sort()).toEqual([1, 1, 2]);
  });
});
