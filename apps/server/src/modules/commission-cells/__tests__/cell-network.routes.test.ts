import { randomUUID } from 'node:crypto';
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, commissionCellMembers, commissionCells, commissionConfig, commissionRevenueRuns, users } from '@myeai/db';
import { CELL_CYCLE_MESSAGE, CELL_MESSAGES, DEFAULT_CELL_PAYOUT_CONFIG } from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';

const BASE = '/api/admin/commission';

type Cell = { id: string; name: string; status: string; version: number; elite_mirror: boolean; parent_cell_id: string | null; fill_count: number; fill_percent: number; members: { user_id: string; position: number; role: string; email: string }[] };
type CellAnswer = { status: string; message: string; cell: Cell };

describe.each(testDatabaseKinds())('Network Manager cell and seat API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let affiliate: string;

  const db = () => t.database.db;
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>, cookie = admin) =>
    t.inject({ method, url, cookie, ...(payload ? { payload } : {}) });

  async function addUser(name: string, status = 'active'): Promise<{ id: string; email: string }> {
    const email = `${name}-${randomUUID().slice(0, 6)}@network.test`;
    const [row] = await db()
      .insert(users)
      .values({ email, name, roles: ['affiliate'], activeRole: 'affiliate', status, referralCode: `NW${randomUUID().slice(0, 8).toUpperCase()}`, createdAt: TEST_NOW })
      .returning({ id: users.id });
    return { id: row!.id, email };
  }
  async function create(payload: Record<string, unknown>): Promise<Cell> {
    const response = await send('POST', `${BASE}/cells`, payload);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as CellAnswer).cell;
  }
  async function current(id: string): Promise<Cell> {
    const response = await send('GET', `${BASE}/cells/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Cell;
  }
  async function assign(cell: string, userId: string, position: number, version?: number) {
    return send('POST', `${BASE}/cells/${cell}/assign`, { user_id: userId, position, version: version ?? (await current(cell)).version });
  }
  const cellAudit = (cell: string) => db().select().from(auditLog).where(eq(auditLog.target, cell));

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
    affiliate = await t.signInAs('affiliate');
  });
  afterAll(() => t.close());

  it('creates a cell with a generated name when the name is blank, audited, and refuses non-admins', async () => {
    const response = await send('POST', `${BASE}/cells`, { name: '  ', description: 'First' });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json() as CellAnswer;
    expect(answer).toMatchObject({ status: 'success', message: CELL_MESSAGES.created });
    expect(answer.cell).toMatchObject({ status: 'active', version: 0, fill_count: 0, parent_cell_id: null, members: [] });
    expect(answer.cell.name).toBe(`Cell ${answer.cell.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`);
    expect(await cellAudit(answer.cell.id)).toMatchObject([{ action: 'commission.cell_created' }]);
    expect((await send('POST', `${BASE}/cells`, { name: 'x' }, affiliate)).statusCode).toBe(403);
    expect((await send('POST', `${BASE}/cells`, { parent_cell_id: randomUUID() })).statusCode).toBe(400);
  });

  it('refuses a parent that would make a cell its own ancestor, however far up', async () => {
    const a = await create({ name: 'Cycle A' });
    const b = await create({ name: 'Cycle B', parent_cell_id: a.id });
    const c = await create({ name: 'Cycle C', parent_cell_id: b.id });
    const d = await create({ name: 'Cycle D', parent_cell_id: c.id });
    for (const parent of [a.id, d.id, b.id]) {
      const response = await send('PUT', `${BASE}/cells/${a.id}`, { name: 'Cycle A', description: '', parent_cell_id: parent, version: a.version });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: { message: CELL_CYCLE_MESSAGE } });
    }
    expect((await current(a.id)).parent_cell_id).toBeNull();
    // A legal move: D under A directly, audited with before and after.
    const moved = await send('PUT', `${BASE}/cells/${d.id}`, { name: 'Cycle D2', description: 'moved', parent_cell_id: a.id, version: d.version });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as CellAnswer).cell).toMatchObject({ name: 'Cycle D2', parent_cell_id: a.id, version: d.version + 1 });
    const [entry] = (await cellAudit(d.id)).filter((row) => row.action === 'commission.cell_updated');
    expect(entry!.details).toMatchObject({ before: { parent_cell_id: c.id, name: 'Cycle D' }, after: { parent_cell_id: a.id, name: 'Cycle D2' } });
  });

  it('seats a user in at most one cell, fills by role and answers the grid', async () => {
    const one = await create({ name: 'Seats One' });
    const two = await create({ name: 'Seats Two' });
    const user = await addUser('seated');
    const first = await assign(one.id, user.id, 0);
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as CellAnswer).cell.members).toMatchObject([{ user_id: user.id, position: 0, role: 'LEAD', email: user.email }]);
    const again = await assign(two.id, user.id, 4);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { message: expect.stringContaining('a user sits in at most one cell') } });
    const taken = await assign(one.id, (await addUser('other')).id, 0);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { message: CELL_MESSAGES.seatTaken } });
    expect((await assign(one.id, (await addUser('off')).id, 13)).statusCode).toBe(400);
    const suspended = await assign(one.id, (await addUser('suspended', 'suspended')).id, 5);
    expect(suspended.statusCode).toBe(409);
    expect((await assign(one.id, randomUUID(), 5)).statusCode).toBe(404);
    const senior = await addUser('senior');
    expect((await assign(one.id, senior.id, 2)).statusCode).toBe(200);
    const cell = await current(one.id);
    expect(cell.members.map((member) => [member.position, member.role])).toEqual([[0, 'LEAD'], [2, 'SENIOR']]);
    expect(cell).toMatchObject({ fill_count: 2, fill_percent: 15.4 });
  });

  it('moves a member to an empty seat; the same seat or an occupied one is refused clearly', async () => {
    const cell = await create({ name: 'Moves' });
    const lead = await addUser('mover-lead');
    const regular = await addUser('mover-regular');
    await assign(cell.id, lead.id, 0);
    await assign(cell.id, regular.id, 4);
    const move = (userId: string, to: number, version: number) => send('PUT', `${BASE}/cells/${cell.id}/move`, { user_id: userId, to_position: to, version });
    let version = (await current(cell.id)).version;
    const same = await move(regular.id, 4, version);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ error: { message: 'The member already sits in this seat.' } });
    expect((await move(regular.id, 0, version)).statusCode).toBe(409);
    const ok = await move(regular.id, 1, version);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as CellAnswer).cell.members.find((member) => member.user_id === regular.id)).toMatchObject({ position: 1, role: 'SENIOR' });
    const [entry] = (await cellAudit(cell.id)).filter((row) => row.action === 'commission.member_moved');
    expect(entry!.details).toMatchObject({ before: { position: 4, role: 'REGULAR' }, after: { position: 1, role: 'SENIOR' } });
    version = (await current(cell.id)).version;
    const removed = await send('DELETE', `${BASE}/cells/${cell.id}/members/${regular.id}?version=${version}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as CellAnswer).cell.members).toHaveLength(1);
    expect((await send('DELETE', `${BASE}/cells/${cell.id}/members/${regular.id}?version=${version + 1}`)).statusCode).toBe(404);
  });

  it('a locked cell refuses assign, remove, move and process-revenue, until unlocked', async () => {
    const cell = await create({ name: 'Locked' });
    const lead = await addUser('locked-lead');
    await assign(cell.id, lead.id, 0);
    const locked = await send('PUT', `${BASE}/cells/${cell.id}/lock`, { version: (await current(cell.id)).version });
    expect(locked.statusCode, locked.body).toBe(200);
    const version = (locked.json() as CellAnswer).cell.version;
    expect((locked.json() as CellAnswer).cell.status).toBe('locked');
    const refusals = [
      await assign(cell.id, (await addUser('late')).id, 3, version),
      await send('DELETE', `${BASE}/cells/${cell.id}/members/${lead.id}?version=${version}`),
      await send('PUT', `${BASE}/cells/${cell.id}/move`, { user_id: lead.id, to_position: 1, version }),
    ];
    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(409);
      expect(refusal.json()).toMatchObject({ error: { message: CELL_MESSAGES.locked } });
    }
    const run = await send('POST', `${BASE}/process-revenue`, { cell_id: cell.id, amount_cents: 10_000, source_reference_id: `locked-${randomUUID()}` });
    expect(run.statusCode).toBe(409);
    expect(await db().select().from(commissionRevenueRuns).where(eq(commissionRevenueRuns.cellId, cell.id))).toHaveLength(0);
    expect((await current(cell.id)).members).toMatchObject([{ position: 0 }]);
    expect((await send('PUT', `${BASE}/cells/${cell.id}/lock`, { version })).statusCode).toBe(409);
    const unlocked = await send('PUT', `${BASE}/cells/${cell.id}/unlock`, { version });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect((unlocked.json() as CellAnswer).cell.status).toBe('active');
    expect((await cellAudit(cell.id)).map((row) => row.action).sort()).toEqual(['commission.cell_created', 'commission.cell_locked', 'commission.cell_unlocked', 'commission.member_assigned']);
  });

  it('a stale version is refused with 409: of two admins editing at once, one wins', async () => {
    const cell = await create({ name: 'Race' });
    const [u1, u2] = [await addUser('race-1'), await addUser('race-2')];
    const results = await Promise.all([assign(cell.id, u1.id, 5, cell.version), assign(cell.id, u2.id, 6, cell.version)]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((result) => result.statusCode === 409)!;
    expect(loser.json()).toMatchObject({ error: { message: CELL_MESSAGES.stale } });
    expect((await current(cell.id)).members).toHaveLength(1);
    const stale = await send('PUT', `${BASE}/cells/${cell.id}`, { name: 'Renamed', description: '', parent_cell_id: null, version: cell.version });
    expect(stale.statusCode).toBe(409);
    expect((await current(cell.id)).name).toBe('Race');
  });

  it('archives only an empty cell with no sub-cells; an archived cell is hidden but kept', async () => {
    const parent = await create({ name: 'Archive Parent' });
    const child = await create({ name: 'Archive Child', parent_cell_id: parent.id });
    const member = await addUser('archive-member');
    await assign(child.id, member.id, 0);
    let version = (await current(child.id)).version;
    const full = await send('POST', `${BASE}/cells/${child.id}/archive`, { version });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ error: { message: CELL_MESSAGES.archiveNotEmpty } });
    const withChild = await send('POST', `${BASE}/cells/${parent.id}/archive`, { version: parent.version });
    expect(withChild.json()).toMatchObject({ error: { message: CELL_MESSAGES.archiveHasChildren } });
    await send('DELETE', `${BASE}/cells/${child.id}/members/${member.id}?version=${version}`);
    version = (await current(child.id)).version;
    const archived = await send('POST', `${BASE}/cells/${child.id}/archive`, { version });
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await send('GET', `${BASE}/cells/${child.id}`)).statusCode).toBe(404);
    const list = (await send('GET', `${BASE}/cells`)).json() as { cells: Cell[] };
    expect(list.cells.map((cell) => cell.id)).not.toContain(child.id);
    const [row] = await db().select().from(commissionCells).where(eq(commissionCells.id, child.id));
    expect(row!.status).toBe('archived');
    expect((await send('POST', `${BASE}/cells/${parent.id}/archive`, { version: parent.version })).statusCode).toBe(200);
  });

  it('lists by status and by a piece of the name or id, with the stat cards', async () => {
    const cell = await create({ name: 'Findable Zeta' });
    const bySearch = (await send('GET', `${BASE}/cells?search=zeta`)).json() as { cells: Cell[] };
    expect(bySearch.cells.map((row) => row.id)).toEqual([cell.id]);
    const byId = (await send('GET', `${BASE}/cells?search=${cell.id.slice(0, 8).toUpperCase()}`)).json() as { cells: Cell[] };
    expect(byId.cells.map((row) => row.id)).toEqual([cell.id]);
    expect(((await send('GET', `${BASE}/cells?search=${encodeURIComponent('%')}`)).json() as { cells: Cell[] }).cells).toEqual([]);
    const locked = (await send('GET', `${BASE}/cells?status=locked`)).json() as { cells: Cell[] };
    expect(locked.cells.every((row) => row.status === 'locked')).toBe(true);
    expect((await send('GET', `${BASE}/cells?status=archived`)).statusCode).toBe(400);

    type Kind = { filled: number; seats: number };
    const analytics = (await send('GET', `${BASE}/analytics`)).json() as {
      total_cells: number;
      total_members: number;
      available_users: number;
      member_distribution: { lead: Kind; senior: Kind; regular: Kind };
      fill_analytics: { avg_fill_rate: number; full_cells: number; partial_cells: number; empty_cells: number };
    };
    const listed = (await send('GET', `${BASE}/cells`)).json() as { cells: Cell[] };
    const members = listed.cells.reduce((sum, row) => sum + row.fill_count, 0);
    expect(analytics.total_cells).toBe(listed.cells.length);
    expect(analytics.total_members).toBe(members);
    // Spec 3 section 3's contract names: member_distribution (filled seats per kind) and fill_analytics.
    const listedSeats = await db()
      .select({ position: commissionCellMembers.position })
      .from(commissionCellMembers)
      .where(inArray(commissionCellMembers.cellId, listed.cells.map((row) => row.id)));
    const filledOf = (test: (position: number) => boolean) => listedSeats.filter((seat) => test(seat.position)).length;
    expect(analytics.member_distribution).toEqual({
      lead: { filled: filledOf((p) => p === 0), seats: listed.cells.length },
      senior: { filled: filledOf((p) => p >= 1 && p <= 3), seats: listed.cells.length * 3 },
      regular: { filled: filledOf((p) => p >= 4), seats: listed.cells.length * 9 },
    });
    expect(analytics.member_distribution.lead.filled + analytics.member_distribution.senior.filled + analytics.member_distribution.regular.filled).toBe(members);
    expect(analytics.fill_analytics).toEqual({
      avg_fill_rate: Math.round((members * 1000) / (listed.cells.length * 13)) / 10,
      full_cells: listed.cells.filter((row) => row.fill_count === 13).length,
      partial_cells: listed.cells.filter((row) => row.fill_count > 0 && row.fill_count < 13).length,
      empty_cells: listed.cells.filter((row) => row.fill_count === 0).length,
    });
    expect(analytics.fill_analytics.full_cells + analytics.fill_analytics.partial_cells + analytics.fill_analytics.empty_cells).toBe(analytics.total_cells);
    const activeUsers = await db().select().from(users).where(eq(users.status, 'active'));
    const seats = await db().select().from(commissionCellMembers);
    const seated = new Set(seats.map((seat) => seat.userId));
    expect(analytics.available_users).toBe(activeUsers.filter((user) => !seated.has(user.id)).length);
  });

  it('searches users by e-mail or id, case-insensitive, first 20, with their seat', async () => {
    const user = await addUser('Searchable');
    const byEmail = (await send('GET', `${BASE}/users/search?q=${encodeURIComponent(user.email.toUpperCase())}`)).json() as { users: { id: string; seat: unknown }[] };
    expect(byEmail.users).toEqual([expect.objectContaining({ id: user.id, seat: null })]);
    const byId = (await send('GET', `${BASE}/users/search?q=${user.id.slice(0, 13).toUpperCase()}`)).json() as { users: { id: string }[] };
    expect(byId.users.map((row) => row.id)).toEqual([user.id]);
    for (let index = 0; index < 21; index++) await addUser(`bulk${index}`);
    const many = (await send('GET', `${BASE}/users/search?q=bulk`)).json() as { users: unknown[] };
    expect(many.users).toHaveLength(20);
  });

  it('the audit trail lists commission entries newest first, filtered by cell, with the admin', async () => {
    const cell = await create({ name: 'Audited' });
    const user = await addUser('audited');
    await assign(cell.id, user.id, 7);
    const trail = (await send('GET', `${BASE}/audit?cell_id=${cell.id}`)).json() as { records: { action: string; cell_id: string; cell_name: string; action_by: { email: string } | null; details: unknown }[] };
    // The test clock stands still, so both entries share one time: newest-first cannot order them here.
    expect(trail.records.map((record) => record.action).sort()).toEqual(['commission.cell_created', 'commission.member_assigned']);
    expect(trail.records.find((record) => record.action === 'commission.member_assigned')).toMatchObject({ cell_id: cell.id, cell_name: 'Audited', action_by: { email: expect.any(String) }, details: { after: { position: 7, role: 'REGULAR' } } });
    const all = (await send('GET', `${BASE}/audit`)).json() as { records: { action: string }[] };
    expect(all.records.every((record) => record.action.startsWith('commission.'))).toBe(true);
    const none = (await send('GET', `${BASE}/audit?cell_id=${randomUUID()}`)).json() as { records: unknown[] };
    expect(none.records).toEqual([]);
    expect(await db().select().from(auditLog).where(like(auditLog.action, 'commission.%'))).not.toHaveLength(0);
  });

  it('the elite cell refuses manual seat changes while it mirrors the Elite Pool (decision 38)', async () => {
    const cell = await create({ name: 'Elite mirror' });
    await db()
      .insert(commissionConfig)
      .values({ id: 1, engineEnabled: true, elitePoolEnabled: true, eliteCellId: cell.id, payout: DEFAULT_CELL_PAYOUT_CONFIG, updatedAt: TEST_NOW })
      .onConflictDoUpdate({ target: commissionConfig.id, set: { elitePoolEnabled: true, eliteCellId: cell.id } });
    try {
      expect((await current(cell.id)).elite_mirror).toBe(true);
      const refused = await assign(cell.id, (await addUser('not-elite')).id, 4);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: { message: CELL_MESSAGES.eliteMirror } });
    } finally {
      await db().update(commissionConfig).set({ elitePoolEnabled: false }).where(eq(commissionConfig.id, 1));
    }
    expect((await current(cell.id)).elite_mirror).toBe(false);
    expect((await assign(cell.id, (await addUser('after-elite')).id, 4)).statusCode).toBe(200);
  });
});
