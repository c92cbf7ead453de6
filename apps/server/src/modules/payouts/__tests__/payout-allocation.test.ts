import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionReversals, commissions, payoutItemLines, payoutItems, payoutMethods, referralAttributions, users } from '@myeai/db';
import { allocateLines, balanceBucket, holdingCutoff, PAYOUT_SETTINGS_DEFAULTS, PayoutDetailsSchema, payoutsPaths, type PayoutBatchResponse } from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { availableByPayee, type PayeeAvailable } from '../payout-allocation.ts';
import { sealDetails } from '../payout-details-seal.ts';

const DAY_MS = 86_400_000;
const MINIMUM = PAYOUT_SETTINGS_DEFAULTS.minimum_cents; // 5000
const WIRE = PAYOUT_SETTINGS_DEFAULTS.wire_threshold_cents; // 100,000
const CUTOFF = holdingCutoff(TEST_NOW, PAYOUT_SETTINGS_DEFAULTS.holding_days);

type Line = { amount: number; daysAgo: number; status?: string; origin?: string };

/**
 * Decision 070: the batch's allocation in SQL (a running sum per payee, the prefix of whole lines
 * within the wire threshold, the minimum) agrees with the TypeScript rule on the same data. The
 * reference here reads the test payees' ledger rows and applies the domain line by line
 * (balanceBucket for "available", allocateLines for the item); the SQL path answers for every
 * payee without a reversal line, allocateLines itself for those with one. Boundaries: exactly
 * 5000 and 4999 cents, a line that would cross the threshold (and one that lands exactly on it),
 * the oldest line alone above it, a wire payee, lines earned at the same instant (by id), lines
 * still in their holding period or on a referral flag hold, a reversal of an unpaid line, a
 * clawback of a paid one, and payees with forty lines over the threshold.
 */
describe.each(testDatabaseKinds())('payout allocation in SQL agrees with allocateLines on %s', (kind) => {
  let t: TestApp;
  const payees = new Map<string, { label: string; wire: boolean }>();

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function addPayee(label: string, lines: Line[], options: { wire?: boolean } = {}): Promise<{ id: string; lineIds: string[] }> {
    const db = t.database.db;
    const tag = randomUUID().slice(0, 8);
    const [user] = await db
      .insert(users)
      .values({ email: `alloc-${tag}@example.test`, name: `${label} ${tag}`, roles: ['affiliate'], activeRole: 'affiliate', referralCode: `AL${tag.toUpperCase()}`, createdAt: TEST_NOW })
      .returning({ id: users.id, email: users.email });
    const rows = await db
      .insert(commissions)
      .values(
        lines.map((line) => ({
          userId: user!.id,
          source: 'conversion',
          sourceReference: `alloc-test-${randomUUID()}`,
          productName: 'Allocation test product',
          amountCents: line.amount,
          status: line.status ?? 'pending',
          earnedAt: new Date(TEST_NOW.getTime() - line.daysAgo * DAY_MS),
          originUserId: line.origin ?? null,
        })),
      )
      .returning({ id: commissions.id });
    const details = PayoutDetailsSchema.parse(
      options.wire ? { method: 'wire', iban: 'DE89370400440532013000', swift_bic: 'COBADEFFXXX', bank_name: 'Commerzbank', country: 'DE', account_holder: label } : { method: 'paypal', email: user!.email },
    );
    await db.insert(payoutMethods).values({
      userId: user!.id,
      method: details.method,
      details: sealDetails(details, undefined),
      summary: options.wire ? 'Wire •••3000' : 'PayPal a•••@example.test',
      createdAt: TEST_NOW,
      updatedAt: TEST_NOW,
      holdUntil: new Date(TEST_NOW.getTime() - DAY_MS),
    });
    payees.set(user!.id, { label, wire: Boolean(options.wire) });
    return { id: user!.id, lineIds: rows.map((row) => row.id) };
  }

  async function reverse(userId: string, originalId: string, amount: number, daysAgo: number): Promise<void> {
    const [reversal] = await t.database.db
      .insert(commissionReversals)
      .values({ kind: 'conversion', key: `alloc-test:${randomUUID()}`, subjectId: originalId, reason: 'Refunded', revenueCents: -amount, baseCents: -amount, linesCents: amount, createdAt: TEST_NOW })
      .returning({ id: commissionReversals.id });
    await t.database.db.insert(commissions).values({
      userId,
      source: 'reversal',
      sourceReference: `alloc-test-rev:${randomUUID()}`,
      productName: 'Allocation test product',
      amountCents: amount,
      status: 'pending',
      earnedAt: new Date(TEST_NOW.getTime() - daysAgo * DAY_MS),
      reversesId: originalId,
      reversalId: reversal!.id,
      reason: 'Refunded',
    });
  }

  /** The reference: the domain's rules line by line on the payees' ledger rows. */
  async function reference() {
    const ids = [...payees.keys()];
    const rows = await t.database.db.select().from(commissions).where(inArray(commissions.userId, ids));
    const flags = await t.database.db.select().from(referralAttributions).where(eq(referralAttributions.status, 'open'));
    const flagged = (row: (typeof rows)[number]) => flags.some((flag) => flag.userId === row.originUserId && flag.referrerId === row.userId);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const result = new Map<string, ReturnType<typeof allocateLines> & { available: number }>();
    for (const [userId, payee] of payees) {
      const available = rows
        .filter((row) => row.userId === userId)
        .filter((row) => {
          const original = row.reversesId ? byId.get(row.reversesId)! : null;
          const bucket = balanceBucket(
            { status: row.status, earned_at: row.earnedAt, amount_cents: row.amountCents, flag_hold: flagged(row), reverses: original ? { status: original.status, earned_at: original.earnedAt, flag_hold: flagged(original) } : null },
            CUTOFF,
          );
          return bucket === 'available';
        })
        .map((row) => ({ id: row.id, earned_at: row.earnedAt, amount_cents: row.amountCents, reverses_id: row.reversesId }));
      const allocation = allocateLines(available, payee.wire ? { minimum_cents: MINIMUM } : { minimum_cents: MINIMUM, maximum_cents: WIRE });
      result.set(userId, { ...allocation, available: available.reduce((sum, line) => sum + line.amount_cents, 0) });
    }
    return result;
  }

  function compare(got: readonly PayeeAvailable[], expected: Awaited<ReturnType<typeof reference>>, options: { lines: boolean }) {
    const mine = new Map(got.filter((payee) => payees.has(payee.user_id)).map((payee) => [payee.user_id, payee]));
    for (const [userId, want] of expected) {
      const payee = payees.get(userId)!;
      const own = mine.get(userId);
      if (want.available === 0 && !own) continue;
      expect(own, payee.label).toBeDefined();
      expect(own!.available_cents, payee.label).toBe(want.available);
      const item = own!.allocate(payee.wire ? { minimum_cents: MINIMUM } : { minimum_cents: MINIMUM, maximum_cents: WIRE });
      if (!want.ok) {
        expect(item, payee.label).toEqual({ ok: false, reason: want.reason, amount_cents: want.amount_cents });
        continue;
      }
      expect(item.ok, payee.label).toBe(true);
      if (!item.ok) continue;
      expect({ amount: item.amount_cents, count: item.line_count, carried: item.carried_cents }, payee.label).toEqual({ amount: want.amount_cents, count: want.line_ids.length, carried: want.carried_cents });
      if (options.lines || own!.via === 'netting') expect(item.lines.map((line) => line.id).sort(), payee.label).toEqual([...want.line_ids].sort());
    }
    return mine;
  }

  it('the same items, lines and reasons on a dry run (no lock) and a preparation (lines locked and listed)', async () => {
    await addPayee('exactly the minimum', [
      { amount: 3000, daysAgo: 20 },
      { amount: 2000, daysAgo: 21 },
    ]);
    await addPayee('a cent below the minimum', [
      { amount: 2999, daysAgo: 20 },
      { amount: 2000, daysAgo: 21 },
    ]);
    await addPayee('lands exactly on the threshold', [
      { amount: 60_000, daysAgo: 30 },
      { amount: 40_000, daysAgo: 29 },
      { amount: 1, daysAgo: 28 },
    ]);
    await addPayee('a line that would cross the threshold waits with the later ones', [
      { amount: 60_000, daysAgo: 30 },
      { amount: 40_001, daysAgo: 29 },
      { amount: 5000, daysAgo: 28 },
    ]);
    await addPayee('oldest line alone above the threshold', [
      { amount: 150_000, daysAgo: 30 },
      { amount: 2000, daysAgo: 29 },
    ]);
    await addPayee('wire: no threshold', [
      { amount: 150_000, daysAgo: 30 },
      { amount: 2000, daysAgo: 29 },
    ], { wire: true });
    await addPayee('same instant, by id', [
      { amount: 50_000, daysAgo: 25 },
      { amount: 50_000, daysAgo: 25 },
      { amount: 50_000, daysAgo: 25 },
    ]);
    await addPayee('one line still holding', [
      { amount: 4000, daysAgo: 20 },
      { amount: 3000, daysAgo: 5 },
    ]);
    // A line on a referral flag hold: its origin's sign-up with this earner has an open flag.
    const [origin] = await t.database.db
      .insert(users)
      .values({ email: `alloc-origin-${randomUUID().slice(0, 8)}@example.test`, name: 'Flagged sign-up', roles: ['affiliate'], activeRole: 'affiliate', referralCode: `AO${randomUUID().slice(0, 8).toUpperCase()}`, createdAt: TEST_NOW })
      .returning({ id: users.id });
    const flaggedPayee = await addPayee('one line on a flag hold', [
      { amount: 4500, daysAgo: 20 },
      { amount: 3000, daysAgo: 21, origin: origin!.id },
    ]);
    await t.database.db.insert(referralAttributions).values({ userId: origin!.id, referrerId: flaggedPayee.id, status: 'open', reasons: ['same_network'], createdAt: TEST_NOW });
    // Netting payees (decision 066): a reversal of an unpaid line travels with it; a clawback of a paid line reduces the payout.
    const unpaid = await addPayee('reversal of an unpaid line', [
      { amount: 6000, daysAgo: 30 },
      { amount: 4000, daysAgo: 29 },
    ]);
    await reverse(unpaid.id, unpaid.lineIds[0]!, -2500, 2);
    const clawback = await addPayee('clawback of a paid line', [
      { amount: 9000, daysAgo: 30 },
      { amount: 3000, daysAgo: 60, status: 'paid' },
    ]);
    await reverse(clawback.id, clawback.lineIds[1]!, -2000, 1);
    // Forty lines each, between $1 and $90, some at the same instant: well over the threshold.
    for (let p = 0; p < 4; p += 1) {
      await addPayee(
        `forty lines ${p}`,
        Array.from({ length: 40 }, (_, n) => ({ amount: 100 + ((p * 7919 + n * 104_729) % 8900), daysAgo: 15 + ((n * 7 + p) % 30) })),
        { wire: p === 3 },
      );
    }

    const expected = await reference();
    // The reference itself covers the boundaries it is meant to.
    const byLabel = (label: string) => expected.get([...payees].find(([, payee]) => payee.label === label)![0])!;
    expect(byLabel('exactly the minimum')).toMatchObject({ ok: true, amount_cents: 5000 });
    expect(byLabel('a cent below the minimum')).toMatchObject({ ok: false, reason: 'below_minimum', amount_cents: 4999 });
    expect(byLabel('lands exactly on the threshold')).toMatchObject({ ok: true, amount_cents: 100_000, carried_cents: 1 });
    expect(byLabel('a line that would cross the threshold waits with the later ones')).toMatchObject({ ok: true, amount_cents: 60_000, carried_cents: 45_001 });
    expect(byLabel('oldest line alone above the threshold')).toMatchObject({ ok: false, reason: 'needs_wire' });
    expect(byLabel('wire: no threshold')).toMatchObject({ ok: true, amount_cents: 152_000 });
    expect(byLabel('same instant, by id')).toMatchObject({ ok: true, amount_cents: 100_000 });
    expect(byLabel('one line still holding')).toMatchObject({ ok: false, reason: 'below_minimum', amount_cents: 4000 });
    expect(byLabel('one line on a flag hold')).toMatchObject({ ok: false, reason: 'below_minimum', amount_cents: 4500 });
    expect(byLabel('reversal of an unpaid line')).toMatchObject({ ok: true, amount_cents: 7500 });
    expect(byLabel('clawback of a paid line')).toMatchObject({ ok: true, amount_cents: 7000 });
    expect([0, 1, 2].map((p) => byLabel(`forty lines ${p}`)).every((item) => item.ok && item.carried_cents > 0)).toBe(true);

    // A dry run: nothing locked, no lines listed for the SQL path.
    const dry = compare(await availableByPayee(t.database.db, CUTOFF, WIRE, { lock: false }), expected, { lines: false });
    const nettingLabels = [...dry.values()].filter((payee) => payee.via === 'netting').map((payee) => payees.get(payee.user_id)!.label);
    expect(nettingLabels.sort()).toEqual(['clawback of a paid line', 'reversal of an unpaid line']);
    // A preparation: the lines locked and listed, in one transaction (nothing written here).
    await t.database.db.transaction(async (tx) => {
      compare(await availableByPayee(tx, CUTOFF, WIRE, { lock: true }), expected, { lines: true });
    });
  });

  it('the preview and the batch prepared through the API pay exactly those lines', async () => {
    const admin = await t.signInAs('admin');
    const expected = await reference();
    const preview = (await t.inject({ method: 'POST', url: payoutsPaths.adminBatches, cookie: admin, payload: { dry_run: true } })).json<PayoutBatchResponse>();
    const prepared = (await t.inject({ method: 'POST', url: payoutsPaths.adminBatches, cookie: admin, payload: { dry_run: false } })).json<PayoutBatchResponse>();
    for (const [userId, want] of expected) {
      const label = payees.get(userId)!.label;
      const inPreview = preview.batch.items.find((item) => item.user_id === userId);
      const inBatch = prepared.batch.items.find((item) => item.user_id === userId);
      if (!want.ok) {
        expect(inPreview, label).toBeUndefined();
        expect(inBatch, label).toBeUndefined();
        if (want.amount_cents !== 0) expect(preview.batch.skipped.find((skip) => skip.user_id === userId), label).toMatchObject({ reason: want.reason, available_cents: want.amount_cents });
        continue;
      }
      expect(inPreview, label).toMatchObject({ amount_cents: want.amount_cents, line_count: want.line_ids.length });
      expect(inBatch, label).toMatchObject({ amount_cents: want.amount_cents, line_count: want.line_ids.length });
      const links = await t.database.db.select().from(payoutItemLines).innerJoin(payoutItems, eq(payoutItems.id, payoutItemLines.itemId)).where(eq(payoutItems.id, inBatch!.id!));
      expect(links.map((link) => link.payout_item_lines.commissionId).sort(), label).toEqual([...want.line_ids].sort());
      expect(links.reduce((sum, link) => sum + link.payout_item_lines.amountCents, 0), label).toBe(want.amount_cents);
    }
  });
});
