import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, openDatabase, payoutBatches, payoutItems, payoutMethods, users, type Database, type DatabaseHandle } from '@myeai/db';
import { PayoutDetailsSchema, payoutsPaths } from '@myeai/domain';
import { fixedClock } from '../../../clock.ts';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { createTestDatabase, testDatabaseKinds } from '../../../testing/test-database.ts';
import { rotatePayoutDetailsKey } from '../index.ts';
import { openDetails, resealDetails, sealDetails } from '../payout-details-seal.ts';

const OLD = randomBytes(32).toString('hex');
const NEW = randomBytes(32).toString('hex');
const STRANGER = randomBytes(32).toString('hex');
const paypal = (email: string) => PayoutDetailsSchema.parse({ method: 'paypal', email });
const ROOT = resolve(import.meta.dirname, '../../../../../../');

describe('sealing under a key ring (decision 070)', () => {
  it('reads details under the current or the previous key, and says which key is missing', () => {
    const underOld = sealDetails(paypal('old@example.test'), OLD);
    expect(openDetails(underOld, { payoutDetailsKey: NEW, payoutDetailsKeyPrevious: OLD })).toEqual(paypal('old@example.test'));
    expect(openDetails(sealDetails(paypal('new@example.test'), NEW), { payoutDetailsKey: NEW, payoutDetailsKeyPrevious: OLD })).toEqual(paypal('new@example.test'));
    expect(openDetails(underOld, OLD)).toEqual(paypal('old@example.test'));
    expect(() => openDetails(underOld, NEW)).toThrow('sealed under another key than PAYOUT_DETAILS_KEY');
    expect(() => openDetails(underOld, { payoutDetailsKey: NEW, payoutDetailsKeyPrevious: STRANGER })).toThrow('neither PAYOUT_DETAILS_KEY nor PAYOUT_DETAILS_KEY_PREVIOUS');
    expect(() => openDetails(underOld, undefined)).toThrow('PAYOUT_DETAILS_KEY is not set');
  });

  it('reseals: previous -> new, plain -> sealed, new -> left as it is; neither key -> refused', () => {
    const underOld = sealDetails(paypal('a@example.test'), OLD);
    const resealed = resealDetails(underOld, { key: NEW, previousKey: OLD });
    expect(resealed.outcome).toBe('resealed');
    expect(openDetails(resealed.value, NEW)).toEqual(paypal('a@example.test'));
    expect(resealDetails(resealed.value, { key: NEW, previousKey: OLD })).toEqual({ outcome: 'current', value: resealed.value });
    const plain = resealDetails(sealDetails(paypal('b@example.test'), undefined), { key: NEW });
    expect(plain.outcome).toBe('sealed_plain');
    expect(plain.value.startsWith('enc:v1:')).toBe(true);
    expect(openDetails(plain.value, NEW)).toEqual(paypal('b@example.test'));
    expect(() => resealDetails(underOld, { key: NEW, previousKey: STRANGER })).toThrow('neither the new key nor the previous one');
    expect(() => resealDetails(underOld, { key: NEW })).toThrow('no previous key was given');
  });
});

describe.each(testDatabaseKinds())('rotating the payout details key on %s', { timeout: 120_000 }, (kind) => {
  let handle: DatabaseHandle;
  let db: Database;
  const clock = fixedClock(TEST_NOW);

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    db = handle.db;
  });
  afterAll(() => handle.close());

  /** A payee with a payout method sealed under `key` (undefined: plain), and a payout item snapshot of it in a batch. */
  async function payee(key: string | undefined, options: { item?: boolean } = {}) {
    const tag = randomUUID().slice(0, 8);
    const email = `rot-${tag}@example.test`;
    const [user] = await db.insert(users).values({ email, name: `Rotation ${tag}`, roles: ['affiliate'], activeRole: 'affiliate', referralCode: `RT${tag.toUpperCase()}`, createdAt: TEST_NOW }).returning({ id: users.id });
    const details = sealDetails(paypal(email), key);
    await db.insert(payoutMethods).values({ userId: user!.id, method: 'paypal', details, summary: 'PayPal r•••@example.test', createdAt: TEST_NOW, updatedAt: TEST_NOW, holdUntil: TEST_NOW });
    if (options.item) {
      const [batch] = await db.insert(payoutBatches).values({ status: 'prepared', createdAt: TEST_NOW }).returning({ id: payoutBatches.id });
      await db.insert(payoutItems).values({ batchId: batch!.id, userId: user!.id, method: 'paypal', details, summary: 'PayPal r•••@example.test', amountCents: 5000, status: 'processing', createdAt: TEST_NOW });
    }
    return { id: user!.id, email };
  }

  const stored = async () => ({
    methods: await db.select({ userId: payoutMethods.userId, details: payoutMethods.details }).from(payoutMethods),
    items: await db.select({ userId: payoutItems.userId, details: payoutItems.details }).from(payoutItems),
  });

  it('reseals every method and item snapshot under the new key in one go; a second run changes nothing', async () => {
    const underOld = await payee(OLD, { item: true });
    const alsoOld = await payee(OLD);
    const plain = await payee(undefined, { item: true });
    const underNew = await payee(NEW);
    const before = await stored();
    const newValue = before.methods.find((row) => row.userId === underNew.id)!.details;
    const total = { methods: before.methods.length, items: before.items.length };

    // A dry run counts and writes nothing.
    const dry = await rotatePayoutDetailsKey(db, clock, { key: NEW, previousKey: OLD }, { dryRun: true });
    expect(dry.methods.resealed).toBe(2);
    expect(dry.items.resealed).toBe(1);
    expect(await stored()).toEqual(before);

    const report = await rotatePayoutDetailsKey(db, clock, { key: NEW, previousKey: OLD });
    // The demo's methods are plain (its server had no key): sealed too.
    expect(report.methods).toEqual({ resealed: 2, current: 1, sealed_plain: total.methods - 3 });
    expect(report.items).toEqual({ resealed: 1, current: 0, sealed_plain: total.items - 1 });
    const after = await stored();
    for (const row of [...after.methods, ...after.items]) expect(row.details.startsWith('enc:v1:')).toBe(true);
    for (const person of [underOld, alsoOld, plain, underNew]) {
      const method = after.methods.find((row) => row.userId === person.id)!;
      expect(openDetails(method.details, NEW)).toEqual(paypal(person.email));
    }
    expect(openDetails(after.items.find((row) => row.userId === underOld.id)!.details, NEW)).toEqual(paypal(underOld.email));
    expect(openDetails(after.items.find((row) => row.userId === plain.id)!.details, NEW)).toEqual(paypal(plain.email));
    expect(() => openDetails(after.methods.find((row) => row.userId === underOld.id)!.details, OLD)).toThrow();
    // Already under the new key: the stored value is the same text.
    expect(after.methods.find((row) => row.userId === underNew.id)!.details).toBe(newValue);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'payout.key.rotate'));
    expect(audit).toMatchObject({ actorId: null, details: { methods: report.methods, items: report.items } });
    expect(JSON.stringify(audit!.details)).not.toContain(NEW);

    const again = await rotatePayoutDetailsKey(db, clock, { key: NEW, previousKey: OLD });
    expect(again.methods).toEqual({ resealed: 0, current: total.methods, sealed_plain: 0 });
    expect(again.items).toEqual({ resealed: 0, current: total.items, sealed_plain: 0 });
    expect(await stored()).toEqual(after);
  });

  it('a value under neither key stops the rotation with the row named, and nothing is written', async () => {
    const next = randomBytes(32).toString('hex');
    const stranger = await payee(STRANGER);
    await payee(NEW);
    const before = await stored();
    const strangerRow = (await db.select({ id: payoutMethods.id }).from(payoutMethods).where(eq(payoutMethods.userId, stranger.id)))[0]!;
    await expect(rotatePayoutDetailsKey(db, clock, { key: next, previousKey: NEW })).rejects.toThrow(`payout_methods ${strangerRow.id}: sealed under neither the new key nor the previous one. Nothing was changed.`);
    expect(await stored()).toEqual(before);
    await db.delete(payoutMethods).where(inArray(payoutMethods.userId, [stranger.id]));
    await expect(rotatePayoutDetailsKey(db, clock, { key: NEW, previousKey: NEW })).rejects.toThrow('The previous key is the new key');
  });
});

describe.each(testDatabaseKinds())('the server during a rotation, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { payoutDetailsKey: NEW, payoutDetailsKeyPrevious: OLD });
  });
  afterAll(() => t.close());

  it('exports a batch whose snapshots are under the previous key, and seals new details under the new one', async () => {
    const admin = await t.signInAs('admin');
    const tag = randomUUID().slice(0, 8);
    const [user] = await t.database.db.insert(users).values({ email: `rot-srv-${tag}@example.test`, name: `Rotation ${tag}`, roles: ['affiliate'], activeRole: 'affiliate', referralCode: `RS${tag.toUpperCase()}`, createdAt: TEST_NOW }).returning({ id: users.id });
    const [batch] = await t.database.db.insert(payoutBatches).values({ status: 'approved', createdAt: TEST_NOW, approvedAt: TEST_NOW }).returning({ id: payoutBatches.id });
    await t.database.db.insert(payoutItems).values({ batchId: batch!.id, userId: user!.id, method: 'paypal', details: sealDetails(paypal(`old-${tag}@example.test`), OLD), summary: 'PayPal o•••@example.test', amountCents: 5000, status: 'processing', createdAt: TEST_NOW });
    const file = await t.inject({ method: 'GET', url: `${payoutsPaths.adminBatches}/${batch!.id}/export?method=paypal`, cookie: admin });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(`old-${tag}@example.test`);

    const affiliate = await t.signInAs('affiliate');
    const saved = await t.inject({ method: 'PUT', url: payoutsPaths.method, cookie: affiliate, payload: { method: 'paypal', email: 'rotated@example.test' } });
    expect(saved.statusCode).toBe(200);
    const [row] = await t.database.db.select({ details: payoutMethods.details }).from(payoutMethods).innerJoin(users, eq(users.id, payoutMethods.userId)).where(eq(users.email, 'affiliate@demo.myeai.local'));
    expect(openDetails(row!.details, NEW)).toEqual(paypal('rotated@example.test'));
  });
});

describe.each(testDatabaseKinds())('npm run payouts:rotate-key on %s', { timeout: 180_000 }, (kind) => {
  const root = mkdtempSync(join(tmpdir(), 'myeai-rotate-key-'));
  let env: Record<string, string>;
  let postgres: DatabaseHandle | undefined;
  const withDb = async <T>(work: (db: Database) => Promise<T>): Promise<T> => {
    if (postgres) return work(postgres.db);
    const handle = await openDatabase({ kind: 'pglite', dataDir: join(root, 'data') });
    try {
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  };

  beforeAll(async () => {
    if (kind === 'postgres') {
      postgres = await createTestDatabase('postgres', { demoData: false });
      if (postgres.kind !== 'postgres') throw new Error('expected PostgreSQL');
      env = { DATABASE_URL: postgres.connectionString };
    } else {
      env = { DATA_DIR: join(root, 'data') };
    }
    await withDb(async (db) => {
      const [user] = await db.insert(users).values({ email: 'cli-payee@example.test', name: 'CLI payee', roles: ['affiliate'], activeRole: 'affiliate', referralCode: 'CLIPAYEE', createdAt: TEST_NOW }).returning({ id: users.id });
      await db.insert(payoutMethods).values({ userId: user!.id, method: 'paypal', details: sealDetails(paypal('cli-payee@example.test'), OLD), summary: 'PayPal c•••@example.test', createdAt: TEST_NOW, updatedAt: TEST_NOW, holdUntil: TEST_NOW });
    });
  }, 120_000);
  afterAll(async () => {
    await postgres?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const run = (extra: Record<string, string>, args: string[] = []) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/payouts-rotate-key.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env, ...extra },
    }).then(
      ({ stdout }) => ({ code: 0, out: stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, out: `${error.stdout}${error.stderr}` }),
    );

  it('refuses without the new key, dry-runs, rotates, and a second run changes nothing', async () => {
    expect(await run({})).toMatchObject({ code: 1, out: expect.stringContaining('PAYOUT_DETAILS_KEY (the new key) is not set') });
    const dry = await run({ PAYOUT_DETAILS_KEY: NEW, PAYOUT_DETAILS_KEY_PREVIOUS: OLD }, ['--dry-run']);
    expect(dry).toMatchObject({ code: 0, out: expect.stringContaining('Dry run, nothing written. Payout methods: 1 to reseal from the previous key') });
    const done = await run({ PAYOUT_DETAILS_KEY: NEW, PAYOUT_DETAILS_KEY_PREVIOUS: OLD });
    expect(done).toMatchObject({ code: 0, out: expect.stringContaining('Payout methods: 1 resealed from the previous key, 0 plain sealed, 0 already under the new key') });
    const again = await run({ PAYOUT_DETAILS_KEY: NEW, PAYOUT_DETAILS_KEY_PREVIOUS: OLD });
    expect(again).toMatchObject({ code: 0, out: expect.stringContaining('Payout methods: 0 resealed from the previous key, 0 plain sealed, 1 already under the new key') });
    const [row] = await withDb((db) => db.select({ details: payoutMethods.details }).from(payoutMethods));
    expect(openDetails(row!.details, NEW)).toEqual(paypal('cli-payee@example.test'));
  });
});
