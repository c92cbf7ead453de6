import { createHmac } from 'node:crypto';
import { get } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, like } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents, commissions, conversions, jobs, leads, mailOutbox, openDatabase, type DatabaseHandle } from '@myeai/db';
import { FakeStripeServer } from '../modules/billing/__tests__/fake-stripe-server.ts';
import { multipartBody } from '../modules/leads/__tests__/multipart.ts';
import { createTestApp } from '../testing/test-app.ts';
import { createTestDatabase, testDatabaseKinds } from '../testing/test-database.ts';
import { runNodeScript, signInOn, startServerProcess, type ServerProcess } from '../testing/server-process.ts';

/**
 * The real server process, killed with SIGKILL in the middle of a write (kill-switch.ts: right
 * after a statement ran, before anything after it), then started again on the same database. Each
 * restart arms the kill of the next scenario, so four kills cost five starts: a 1,000-row CSV
 * import, a Stripe webhook, a conversion's commission writes, a 'mail.send' job. Then, on the
 * embedded database, backups taken from the running and the stopped server are restored.
 */
const ROWS = 1000;
const csv = ['name,email,phone,company', ...Array.from({ length: ROWS }, (_, i) => `Crash Lead ${i + 1},crash-${i + 1}@example.com,+4420000${String(i).padStart(4, '0')},Crash Co`)].join('\n');
const ADMIN = 'admin@demo.myeai.local';
const AFFILIATE = 'affiliate@demo.myeai.local';
const FREE_USER = 'free@demo.myeai.local';
const WEBHOOK_SECRET = 'whsec_crash_test';
const KILLS = {
  import: { match: 'insert into "leads"', nth: 1 },
  webhook: { match: 'insert into "billing_events"', nth: 1 },
  commission: { match: 'insert into "commissions"', nth: 1 },
  // Kills after the outbox row is marked sent and before the job is marked done: the rerun must not send again.
  // Marking it sent also stores the body as sent (with its footer, decision 059): the only update
  // of the outbox that sets "text_body", which drizzle writes first (columns in the table's order).
  job: { match: 'update "mail_outbox" set "text_body"', nth: 1 },
};
const signer = new Stripe('sk_test_signer');

type Database = { dataDir: string } | { url: string };
type Json = Record<string, unknown>;

async function call(server: ServerProcess, path: string, init: RequestInit & { cookie?: string } = {}): Promise<Response> {
  const { cookie, headers, ...rest } = init;
  return fetch(`${server.url}${path}`, { ...rest, headers: { ...(headers as Record<string, string>), ...(cookie ? { cookie } : {}) } });
}
/** A browser's top-level navigation (fetch cannot send Sec-Fetch-Mode: navigate); resolves with the status. */
function followLink(url: string): Promise<number | undefined> {
  return new Promise((done, fail) => {
    get(url, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' } }, (response) => {
      response.resume();
      done(response.statusCode);
    }).on('error', fail);
  });
}
const json = async (response: Response) => (await response.json()) as Json;

/** The outcome the parent checks after each kill: the process died of it, nothing answered. */
async function killedBy(server: ServerProcess, request: Promise<Response>): Promise<void> {
  const answered = await request.then(
    async (response) => `${response.status} ${await response.text()}`,
    () => undefined,
  );
  if (answered !== undefined) throw new Error(`The request was answered instead of killing the server: ${answered}`);
  expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
}

// Each test starts one or two server processes (a few seconds each, more on a busy machine).
describe.each(testDatabaseKinds())('SIGKILL in the middle of writes, then a restart, on %s', { timeout: 180_000 }, (kind) => {
  const root = mkdtempSync(join(tmpdir(), 'myeai-crash-'));
  const dataDir = join(root, 'data');
  const stripe = new FakeStripeServer();
  let database: Database;
  let postgres: DatabaseHandle | undefined;
  let stripeEnv: Record<string, string>;
  let server: ServerProcess | undefined;
  const start = async (kill?: keyof typeof KILLS) => {
    server = await startServerProcess({ database, killAfter: kill && KILLS[kill], env: stripeEnv });
    return server;
  };
  /** Counts rows on the database the server process writes (PGlite: once the server has stopped). */
  const counted = async <T>(read: (db: DatabaseHandle['db'], handle: DatabaseHandle) => Promise<T>): Promise<T> => {
    if (postgres) return read(postgres.db, postgres);
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    try {
      return await read(handle.db, handle);
    } finally {
      await handle.close();
    }
  };

  beforeAll(async () => {
    stripeEnv = {
      STRIPE_SECRET_KEY: 'sk_test_crash',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_WEEKLY: 'price_weekly',
      STRIPE_PRICE_4WEEKS: 'price_4weeks',
      STRIPE_PRICE_12WEEKS: 'price_12weeks',
      STRIPE_PRICE_52WEEKS: 'price_52weeks',
      STRIPE_API_BASE: await stripe.start(),
    };
    if (kind === 'postgres') {
      postgres = await createTestDatabase('postgres');
      if (postgres.kind !== 'postgres') throw new Error('expected PostgreSQL');
      database = { url: postgres.connectionString };
    } else {
      database = { dataDir };
    }
    // The first start migrates and seeds the demo, whose leads, commissions and e-mails are writes
    // the kills below match: it runs unarmed. The e-mails the seed queued are dropped, so the job
    // scenario's kill meets the e-mail the test itself causes.
    const seeding = await startServerProcess({ database, env: stripeEnv });
    await seeding.stop();
    await counted((db) => db.delete(jobs).where(eq(jobs.name, 'mail.send')));
  }, 180_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) await server.stop();
    await stripe.stop();
    await postgres?.close();
    rmSync(root, { recursive: true, force: true });
  });

  // Shared along the chain: what the previous scenario submitted, to resubmit after the restart.
  const importCsv = (s: ServerProcess, cookie: string) => {
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'crash.csv', content: csv }]);
    return call(s, '/api/leads/import/csv', { method: 'POST', headers, cookie, body: new Uint8Array(payload) });
  };
  const importedLeads = async (s: ServerProcess, cookie: string) => (await json(await call(s, '/api/leads?q=crash-&page_size=1', { cookie }))).total;
  let webhook: { body: string; userId: string };
  const deliverWebhook = (s: ServerProcess) =>
    call(s, '/api/stripe/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload: webhook.body, secret: WEBHOOK_SECRET }) },
      body: webhook.body,
    });
  const subscriptionOf = async (s: ServerProcess) => json(await call(s, '/api/subscription/status', { cookie: await signInOn(s, FREE_USER) }));
  let sale: { body: string; secret: string; productId: string };
  const reportSale = (s: ServerProcess) => {
    const t = Math.floor(Date.now() / 1000);
    const signature = `t=${t},v1=${createHmac('sha256', sale.secret).update(`${t}.${sale.body}`).digest('hex')}`;
    return call(s, '/api/conversions', { method: 'POST', headers: { 'content-type': 'application/json', 'x-myeai-signature': signature }, body: sale.body });
  };

  it('a CSV import killed after its 1,000 rows were written leaves none of them, and a resubmission imports them exactly once', async () => {
    const first = await start('import');
    const cookie = await signInOn(first, AFFILIATE);
    expect(await importedLeads(first, cookie)).toBe(0);
    await killedBy(first, importCsv(first, cookie));

    const second = await start('webhook');
    const again = await signInOn(second, AFFILIATE);
    expect(await importedLeads(second, again)).toBe(0);
    const resubmitted = await importCsv(second, again);
    expect(resubmitted.status).toBe(200);
    expect((await json(resubmitted)).results).toMatchObject({ created: ROWS });
    expect((await json(await importCsv(second, again))).results).toMatchObject({ created: 0, skipped_duplicates: ROWS });
    expect(await importedLeads(second, again)).toBe(ROWS);
  });

  it('a Stripe webhook killed while it is applied changes nothing, and its redelivery applies it exactly once', async () => {
    const running = server!;
    const profile = await json(await call(running, '/api/auth/profile', { cookie: await signInOn(running, FREE_USER) }));
    const now = Math.floor(Date.now() / 1000);
    const subscription = {
      id: stripe.nextId('sub'),
      object: 'subscription',
      customer: 'cus_crash',
      status: 'trialing',
      metadata: { user_id: profile.id, plan: '4weeks' },
      trial_end: now + 7 * 86_400,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      created: now,
      livemode: false,
      items: { object: 'list', data: [{ id: 'si_crash', object: 'subscription_item', price: { id: 'price_4weeks' }, current_period_start: now, current_period_end: now + 7 * 86_400 }] },
    };
    stripe.subscriptions.set(subscription.id, subscription);
    webhook = {
      userId: profile.id as string,
      body: JSON.stringify({ id: stripe.nextId('evt'), object: 'event', type: 'customer.subscription.created', created: now, livemode: false, api_version: '2026-10-28.endive', data: { object: subscription } }),
    };
    const before = await subscriptionOf(running);
    expect(before).toMatchObject({ has_access: false });
    await killedBy(running, deliverWebhook(running));

    const restarted = await start('commission');
    expect(await subscriptionOf(restarted)).toEqual(before);
    expect(await json(await deliverWebhook(restarted))).toEqual({ received: true, outcome: 'applied' });
    expect(await json(await deliverWebhook(restarted))).toEqual({ received: true, outcome: 'duplicate' });
    expect(await subscriptionOf(restarted)).toMatchObject({ status: 'trial', plan: '4weeks', has_access: true });
  });

  it("a conversion killed between its writes (conversion and commission written, not committed) leaves neither, and a resubmission records one", async () => {
    const running = server!;
    const admin = await signInOn(running, ADMIN);
    const categories = (await json(await call(running, '/api/products/categories', { cookie: admin }))).categories as { id: string }[];
    const created = await call(running, '/api/admin/products', {
      method: 'POST',
      cookie: admin,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Crash Product', description: 'Sold while the server dies.', price_cents: 10_000, commission_rate_bp: 1_000, master_link: 'https://merchant.example/crash', image_url: null, category_id: categories[0]!.id }),
    });
    expect(created.status).toBe(201);
    const productId = (await json(created)).id as string;
    const secret = (await json(await call(running, `/api/admin/products/${productId}/conversion-secret`, { cookie: admin }))).conversion_secret as string;
    const profile = await json(await call(running, '/api/auth/profile', { cookie: await signInOn(running, AFFILIATE) }));
    expect(await followLink(`${running.url}/go/${productId}?ref=${String(profile.referral_code)}`)).toBe(302);
    sale = { productId, secret, body: JSON.stringify({ product_id: productId, order_id: 'CRASH-ORDER-1', amount_cents: 12_345, ref: profile.referral_code }) };
    // Every queued mail sent first, so that the next start's job kill can only be this sale's mail.
    for (let i = 0; i < 150; i += 1) {
      const mailbox = (await json(await call(running, '/api/admin/mailbox', { cookie: admin }))).items as { status: string }[];
      if (!mailbox.some((m) => m.status === 'queued')) break;
      await new Promise((settle) => setTimeout(settle, 200));
    }
    await killedBy(running, reportSale(running));

    const restarted = await start('job');
    // Recorded anew: had a conversion of the order survived, this would be a 'duplicate'.
    const resubmitted = await reportSale(restarted);
    expect(resubmitted.status).toBe(201);
    expect(await json(resubmitted)).toMatchObject({ status: 'created', commission: { amount_cents: 1_235, status: 'pending' } });
    // Its 'New commission earned' mail is sent by the job runner, which is killed mid-job.
    expect(await restarted.exited).toEqual({ code: null, signal: 'SIGKILL' });

    const last = await start();
    expect((await reportSale(last)).status).toBe(200);
    await last.stop();
    const [conversionRows, commissionRows] = await counted(async (db) => [
      (await db.select({ n: count() }).from(conversions).where(eq(conversions.productId, productId)))[0]!.n,
      (await db.select({ n: count() }).from(commissions).where(eq(commissions.productId, productId)))[0]!.n,
    ]);
    expect({ conversionRows, commissionRows }).toEqual({ conversionRows: 1, commissionRows: 1 });
  });

  it('a mail.send job killed after sending and before it was marked done is taken over when its lock expires and sends nothing again', async () => {
    await counted(async (db, handle) => {
      const [job] = await db.select().from(jobs).where(eq(jobs.status, 'running'));
      expect(job).toMatchObject({ name: 'mail.send', attempts: 1 });
      const outboxId = (job!.payload as { outboxId: string }).outboxId;
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
      expect(mail).toMatchObject({ status: 'sent', attempts: 1 });
      // The app opened again, at the moment the dead worker's lock runs out.
      const app = await createTestApp(kind, {}, { database: handle });
      app.clock.set(new Date(job!.lockedUntil!.getTime() + 1));
      try {
        expect(await app.runJobs()).toBeGreaterThanOrEqual(1);
      } finally {
        await app.close();
      }
      const [rerun] = await db.select().from(jobs).where(eq(jobs.id, job!.id));
      expect(rerun).toMatchObject({ status: 'succeeded', attempts: 2 });
      const [after] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
      expect(after).toMatchObject({ status: 'sent', attempts: 1 });
    });
    const events = await counted(async (db) => (await db.select({ n: count() }).from(billingEvents).where(and(eq(billingEvents.userId, webhook.userId), eq(billingEvents.type, 'customer.subscription.created'))))[0]!.n);
    expect(events).toBe(1);
    const imported = await counted(async (db) => (await db.select({ n: count() }).from(leads).where(like(leads.email, 'crash-%@example.com')))[0]!.n);
    expect(imported).toBe(ROWS);
  });

  if (kind === 'pglite') {
    it('is backed up while the server runs (admin download and npm run backup) and when it is stopped, and each backup restores into an empty folder with the rows', async () => {
      const running = await start();
      const admin = await signInOn(running, ADMIN);
      const download = await call(running, '/api/admin/backup', { cookie: admin });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="myeai-backup-.+\.tar\.gz"$/);
      // A gzip stream (its content is restored in backup.routes.test.ts).
      expect([...new Uint8Array(await download.arrayBuffer()).subarray(0, 2)]).toEqual([0x1f, 0x8b]);

      const whileRunning = join(root, 'while-running.tar.gz');
      const hot = await runNodeScript('apps/server/src/cli/backup.ts', [whileRunning], { DATA_DIR: dataDir });
      expect(hot.output).toContain(`from the running server, pid ${running.child.pid}`);
      expect(hot.code).toBe(0);

      expect(await running.stop()).toEqual({ code: 0, signal: null });
      const whileStopped = join(root, 'while-stopped.tar.gz');
      const cold = await runNodeScript('apps/server/src/cli/backup.ts', [whileStopped], { DATA_DIR: dataDir });
      expect(cold.output).toContain('server stopped');
      expect(cold.code).toBe(0);

      for (const [name, file] of [['running', whileRunning], ['stopped', whileStopped]] as const) {
        const target = join(root, `restored-${name}`);
        const restore = await runNodeScript('apps/server/src/cli/restore.ts', [file], { DATA_DIR: target });
        expect(restore.output).toContain(`into ${target}`);
        expect(restore.code).toBe(0);
        expect(readdirSync(target)).not.toContain('myeai.lock');
        const restored = await openDatabase({ kind: 'pglite', dataDir: target });
        const [row] = await restored.db.select({ n: count() }).from(leads).where(like(leads.email, 'crash-%@example.com'));
        const [sold] = await restored.db.select({ n: count() }).from(commissions).where(eq(commissions.productId, sale.productId));
        await restored.close();
        expect({ leads: row!.n, commissions: sold!.n }).toEqual({ leads: ROWS, commissions: 1 });
      }

      const occupied = join(root, 'occupied');
      mkdirSync(occupied);
      writeFileSync(join(occupied, 'notes.txt'), 'something else');
      const refused = await runNodeScript('apps/server/src/cli/restore.ts', [whileStopped], { DATA_DIR: occupied });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('is not empty: restore into an empty folder');
      expect(readdirSync(occupied)).toEqual(['notes.txt']);
    });

    it('refuses to start on a folder PGlite cannot open, with a message naming npm run restore', async () => {
      expect(existsSync(join(dataDir, 'global/pg_control'))).toBe(true);
      writeFileSync(join(dataDir, 'global/pg_control'), Buffer.alloc(8192, 0x41));
      const failure = await start().then(
        () => undefined,
        (error: Error & { exit: unknown; output: string }) => error,
      );
      expect(failure?.exit).toEqual({ code: 1, signal: null });
      expect(failure?.output).toContain(`The embedded database in ${dataDir} cannot be opened`);
      expect(failure?.output).toContain('npm run restore <file>');
    });
  }
});
