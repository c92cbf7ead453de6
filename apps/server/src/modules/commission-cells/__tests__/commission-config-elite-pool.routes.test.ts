import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, commissionCellMembers, commissionCells, commissions, traders, users } from '@myeai/db';
import { apiPath, CELL_MESSAGES, commissionCellsPaths, commissionConfigPaths, commissionNetworkPaths, DEFAULT_CELL_PAYOUT_CONFIG, elitePoolPaths } from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { getUserByEmail } from '../../auth/index.ts';
import { POOL_EMAILS } from '../../trading/__tests__/trading-helpers.ts';

type Pool = { elite_pool_enabled: boolean; elite_cell_id: string | null; candidates: { user_id: string; email: string; tier: string; in_pool: boolean; weight: number }[]; counts: Record<string, number>; problems: string[] };

describe.each(testDatabaseKinds())('commission configuration and Elite Pool on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  /** The demo pool's user ids in pool order: the lead, three seniors, nine regulars. */
  let poolIds: string[];
  let multi: string;

  const db = () => t.database.db;
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, cookie = admin) =>
    t.inject({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const audits = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));
  const config = (overrides: Record<string, unknown> = {}) => ({ engine_enabled: true, elite_pool_enabled: false, payout: DEFAULT_CELL_PAYOUT_CONFIG, ...overrides });
  const tiersOf = (ids: string[]) => ids.map((user_id, i) => ({ user_id, tier: i === 0 ? 'lead' : i <= 3 ? 'senior' : 'regular' }));
  const seatsOf = async (cellId: string) =>
    (await db().select().from(commissionCellMembers).where(eq(commissionCellMembers.cellId, cellId))).map((seat) => ({ user_id: seat.userId, position: seat.position })).sort((a, b) => a.position - b.position);

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
    poolIds = [];
    for (const email of POOL_EMAILS) poolIds.push((await getUserByEmail(db(), email))!.id);
    multi = (await getUserByEmail(db(), 'multi@demo.myeai.local'))!.id;
  });
  afterAll(() => t.close());

  it('answers the defaults before a save, refuses a configuration whose shares or levels do not add up, saves and audits a valid one', async () => {
    const first = await call('GET', commissionConfigPaths.config);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ engine_enabled: true, elite_pool_enabled: false, payout: DEFAULT_CELL_PAYOUT_CONFIG, stored: false });

    const badShares = await call('PUT', commissionConfigPaths.config, config({ payout: { ...DEFAULT_CELL_PAYOUT_CONFIG, lead_share_bp: 4700 } }));
    expect(badShares.statusCode).toBe(400);
    expect(badShares.body).toContain('The seat shares must add up to 100% (1 Lead + 3 Senior + 9 Regular now make 101%).');
    const badLevels = await call('PUT', commissionConfigPaths.config, config({ payout: { ...DEFAULT_CELL_PAYOUT_CONFIG, override_levels_bp: [100, 50, 30, 30, 0] } }));
    expect(badLevels.statusCode).toBe(400);
    expect(badLevels.body).toContain('The override levels must add up to the override pool (2%; they now make 2.1%).');
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'commission.config.update'))).toHaveLength(0);

    const payout = { lead_share_bp: 4000, senior_share_bp: 1100, regular_share_bp: 300, override_pool_bp: 300, override_levels_bp: [200, 100] };
    const saved = await call('PUT', commissionConfigPaths.config, config({ engine_enabled: false, payout }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ engine_enabled: false, elite_pool_enabled: false, payout, stored: true });
    expect((await call('GET', commissionConfigPaths.config)).json()).toMatchObject({ engine_enabled: false, payout });
    const [audit] = await audits('commission.config.update');
    expect(audit!.details).toMatchObject({ before: { engine_enabled: true, payout: DEFAULT_CELL_PAYOUT_CONFIG, stored: false }, after: { engine_enabled: false, payout } });
    // Back to the defaults for the rest.
    expect((await call('PUT', commissionConfigPaths.config, config())).statusCode).toBe(200);
  });

  it('refuses a pool that is not exactly 1 Lead + 3 Senior + 9 Regular from the dialog, and a trader save that breaks the mix from the System Command Center', async () => {
    const before = (await call('GET', elitePoolPaths.elitePool)).json() as Pool;
    expect(before.counts).toEqual({ lead: 1, senior: 3, regular: 9 });
    expect(before.problems).toEqual([]);

    const twelve = await call('PUT', elitePoolPaths.elitePool, { members: tiersOf(poolIds.slice(0, 12)) });
    expect(twelve.statusCode).toBe(400);
    expect(twelve.body).toContain('The Elite Pool needs exactly 13 members (now 12).');
    const twoLeads = tiersOf(poolIds).map((member, i) => (i === 1 ? { ...member, tier: 'lead' } : member));
    const mix = await call('PUT', elitePoolPaths.elitePool, { members: twoLeads });
    expect(mix.statusCode).toBe(400);
    expect(mix.body).toContain('The Elite Pool needs exactly 1 Lead (now 2): 1 Lead + 3 Senior + 9 Regular.');
    const duplicate = await call('PUT', elitePoolPaths.elitePool, { members: tiersOf([...poolIds.slice(0, 12), poolIds[4]!]) });
    expect(duplicate.statusCode).toBe(400);
    const notTrader = await call('PUT', elitePoolPaths.elitePool, { members: tiersOf([...poolIds.slice(0, 12), (await getUserByEmail(db(), 'affiliate@demo.myeai.local'))!.id]) });
    expect(notTrader.statusCode).toBe(400);
    expect(notTrader.json().error.message).toBe('Only active holders of the trader role can be in the Elite Pool.');

    // System Command Center: a regular raised to 9 % would make a fourth senior.
    const raise = await call('PUT', `/api/trading/admin/traders/${poolIds[12]}`, { weight: 9, specialization: null, kyc_verified: true, is_active: true });
    expect(raise.statusCode).toBe(409);
    expect(raise.json().error.message).toBe('The Elite Pool needs exactly 3 Senior (now 4): 1 Lead + 3 Senior + 9 Regular.');
    // Taking one out is allowed (12 of 13 breaks no tier), and putting them back too.
    expect((await call('PUT', `/api/trading/admin/traders/${poolIds[12]}`, { weight: 3, specialization: null, kyc_verified: true, is_active: false })).statusCode).toBe(200);
    expect((await call('PUT', `/api/trading/admin/traders/${poolIds[12]}`, { weight: 3, specialization: null, kyc_verified: true, is_active: true })).statusCode).toBe(200);
    expect(await audits('trading.elite_pool.update')).toHaveLength(0);
    const active = await db().select().from(traders).where(eq(traders.isActive, true));
    expect(active.map((row) => row.userId).sort()).toEqual([...poolIds].sort());
  });

  it('saves the whole pool in one audited action; with the elite pool on, the elite cell mirrors it by tier and revenue processed on it pays the traders', async () => {
    // Swap: "multi" (no profile yet) replaces the last regular; trader2 (a senior) becomes a regular and the first regular a senior.
    const members = tiersOf([poolIds[0]!, poolIds[4]!, poolIds[2]!, poolIds[3]!, poolIds[1]!, ...poolIds.slice(5, 12), multi]);
    const saved = await call('PUT', elitePoolPaths.elitePool, { members });
    expect(saved.statusCode, saved.body).toBe(200);
    const pool = saved.json() as Pool;
    expect(pool.counts).toEqual({ lead: 1, senior: 3, regular: 9 });
    expect(pool.elite_cell_id).toBeNull();
    const byId = new Map(pool.candidates.map((candidate) => [candidate.user_id, candidate]));
    expect(byId.get(poolIds[4]!)).toMatchObject({ tier: 'senior', weight: 9, in_pool: true });
    expect(byId.get(poolIds[1]!)).toMatchObject({ tier: 'regular', weight: 3, in_pool: true });
    expect(byId.get(multi)).toMatchObject({ tier: 'regular', in_pool: true });
    expect(byId.get(poolIds[12]!)).toMatchObject({ in_pool: false });
    const [audit] = await audits('trading.elite_pool.update');
    expect(audit!.details).toMatchObject({ after: expect.arrayContaining([expect.objectContaining({ user_id: multi, tier: 'regular' })]), elite_cell: null });
    expect((audit!.details as { before: unknown[] }).before).toHaveLength(13);

    // Switching the flag on creates the elite cell and seats the pool by tier (beside the demo seed's cells).
    const overviewBefore = (await call('GET', commissionConfigPaths.overview)).json();
    const enabled = await call('PUT', commissionConfigPaths.config, config({ elite_pool_enabled: true }));
    expect(enabled.statusCode, enabled.body).toBe(200);
    const eliteCell = enabled.json().elite_cell_id as string;
    expect(eliteCell).toEqual(expect.any(String));
    let seats = await seatsOf(eliteCell);
    expect(seats).toHaveLength(13);
    expect(seats[0]).toEqual({ user_id: poolIds[0], position: 0 });
    expect(seats.slice(1, 4).map((seat) => seat.user_id).sort()).toEqual([poolIds[2], poolIds[3], poolIds[4]].sort());
    expect(seats.slice(4).map((seat) => seat.user_id)).toContain(multi);
    const overview = (await call('GET', commissionConfigPaths.overview)).json();
    expect(overview.cells).toContainEqual(expect.objectContaining({ id: eliteCell, name: 'Elite Pool', member_count: 13, is_elite: true }));
    expect(overview).toMatchObject({
      total_cells: overviewBefore.total_cells + 1,
      active_cells: overviewBefore.active_cells + 1,
      locked_cells: overviewBefore.locked_cells,
      total_members: overviewBefore.total_members + 13,
    });

    // A System Command Center save moves the mirror in the same transaction: "multi" leaves, trader13 comes back.
    expect((await call('PUT', `/api/trading/admin/traders/${multi}`, { weight: 3, specialization: null, kyc_verified: false, is_active: false })).statusCode).toBe(200);
    expect((await seatsOf(eliteCell)).map((seat) => seat.user_id)).not.toContain(multi);
    expect((await call('PUT', `/api/trading/admin/traders/${poolIds[12]}`, { weight: 3, specialization: null, kyc_verified: true, is_active: true })).statusCode).toBe(200);
    seats = await seatsOf(eliteCell);
    expect(seats).toHaveLength(13);
    expect(seats.map((seat) => seat.user_id)).toContain(poolIds[12]);

    // Revenue on the elite cell pays the traders: $1,000 -> LEAD 45,080, each SENIOR 8,820, each REGULAR 2,940 cents.
    const run = await call('POST', commissionCellsPaths.processRevenue, { cell_id: eliteCell, amount_cents: 100_000, source: 'trading_fees', description: 'Elite', source_reference_id: `elite-${randomUUID()}` });
    expect(run.statusCode, run.body).toBe(200);
    const ledger = await db().select().from(commissions).where(and(isNotNull(commissions.cellRunId), eq(commissions.cellRunId, run.json().run_id)));
    expect(ledger).toHaveLength(13);
    const paid = new Map(ledger.map((line) => [line.userId, line.amountCents]));
    expect(paid.get(poolIds[0]!)).toBe(45_080);
    expect(paid.get(poolIds[4]!)).toBe(8_820);
    expect(paid.get(poolIds[1]!)).toBe(2_940);
    expect(ledger.reduce((sum, line) => sum + line.amountCents, 0) + run.json().calculation_result.unallocated_cents).toBe(100_000);

    // A dialog save that moves the mirror bumps the elite cell's version in its transaction, so a Network Manager
    // editor opened before it is refused (409, stale version) instead of writing over the seats it no longer shows.
    const versionOf = async () => (await db().select({ version: commissionCells.version }).from(commissionCells).where(eq(commissionCells.id, eliteCell)))[0]!.version;
    const stale = await versionOf();
    const inPool = ((await call('GET', elitePoolPaths.elitePool)).json() as Pool).candidates.filter((candidate) => candidate.in_pool);
    const senior = inPool.find((candidate) => candidate.tier === 'senior')!;
    const regular = inPool.find((candidate) => candidate.tier === 'regular')!;
    const swapped = inPool.map(({ user_id, tier }) => ({ user_id, tier: user_id === senior.user_id ? 'regular' : user_id === regular.user_id ? 'senior' : tier }));
    expect((await call('PUT', elitePoolPaths.elitePool, { members: swapped })).statusCode).toBe(200);
    expect(await versionOf()).toBeGreaterThan(stale);
    const staleLock = await call('PUT', apiPath(commissionNetworkPaths.lock, { id: eliteCell }), { version: stale });
    expect(staleLock.statusCode, staleLock.body).toBe(409);
    expect(staleLock.json()).toMatchObject({ error: { message: CELL_MESSAGES.stale } });
    expect((await db().select({ status: commissionCells.status }).from(commissionCells).where(eq(commissionCells.id, eliteCell)))[0]!.status).toBe('active');
    // Swapped back: the pool as the tests below expect it.
    const back = inPool.map(({ user_id, tier }) => ({ user_id, tier }));
    expect((await call('PUT', elitePoolPaths.elitePool, { members: back })).statusCode).toBe(200);
  });

  it('refuses a pool save while the elite cell is locked or a pool member sits in another cell, and writes nothing', async () => {
    const { elite_cell_id: eliteCell } = (await call('GET', commissionConfigPaths.config)).json();
    const members = tiersOf(poolIds);
    await db().update(commissionCells).set({ status: 'locked' }).where(eq(commissionCells.id, eliteCell));
    const before = await seatsOf(eliteCell);
    const locked = await call('PUT', elitePoolPaths.elitePool, { members: tiersOf([...poolIds.slice(0, 12), multi]) });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.message).toBe('The Elite Pool cell is locked. Unlock it before changing the Elite Pool.');
    expect(await seatsOf(eliteCell)).toEqual(before);
    expect((await db().select().from(traders).where(eq(traders.userId, multi)))[0]!.isActive).toBe(false);
    await db().update(commissionCells).set({ status: 'active' }).where(eq(commissionCells.id, eliteCell));

    const [other] = await db().insert(commissionCells).values({ name: 'Other', createdAt: TEST_NOW, updatedAt: TEST_NOW }).returning();
    await db().insert(commissionCellMembers).values({ cellId: other!.id, userId: multi, position: 4, assignedAt: TEST_NOW });
    const taken = await call('PUT', elitePoolPaths.elitePool, { members: tiersOf([...poolIds.slice(0, 12), multi]) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('multi@demo.myeai.local already holds a seat in the cell "Other"; a user holds at most one seat. Remove them from that cell first.');
    expect((await db().select().from(traders).where(eq(traders.userId, multi)))[0]!.isActive).toBe(false);
    const stillMembers = await db().select().from(users).where(eq(users.id, multi));
    expect(stillMembers).toHaveLength(1);
    // The full pool saved as it is still passes.
    expect((await call('PUT', elitePoolPaths.elitePool, { members })).statusCode).toBe(200);
  });

  it('lets the System Command Center bring a pool stored with too many Seniors back to the mix one trader at a time, never further from it', async () => {
    // Stored before the rule: two regulars at 9 % make five seniors.
    await db().update(traders).set({ weightTenths: 90 }).where(eq(traders.userId, poolIds[5]!));
    await db().update(traders).set({ weightTenths: 90 }).where(eq(traders.userId, poolIds[6]!));
    const save = (i: number, weight: number) => call('PUT', `/api/trading/admin/traders/${poolIds[i]}`, { weight, specialization: null, kyc_verified: true, is_active: true });
    expect((await save(5, 3)).statusCode).toBe(200);
    const further = await save(7, 9);
    expect(further.statusCode).toBe(409);
    expect(further.json().error.message).toBe('The Elite Pool needs exactly 3 Senior (now 5): 1 Lead + 3 Senior + 9 Regular.');
    expect((await save(6, 3)).statusCode).toBe(200);
    expect(((await call('GET', elitePoolPaths.elitePool)).json() as Pool).counts).toEqual({ lead: 1, senior: 3, regular: 9 });
  });
});
