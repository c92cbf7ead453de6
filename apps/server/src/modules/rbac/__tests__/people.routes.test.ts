import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { auditLog, commissions, referralCodeAliases, users } from '@myeai/db';
import { PEOPLE_MESSAGES, referralCodeNotReferrersMessage, type AdminUser, type AdminUsersPage, type LiveEvent, type MyTeam, type Role } from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { createUser, getUserByEmail } from '../../auth/index.ts';
import { SESSION_ENDED_CLOSE_CODE } from '../../live/index.ts';
import { userChangeFeedFor } from '../../changes/index.ts';

type Socket = { ws: WebSocket; closed: Promise<number>; next: (kind: string) => Promise<LiveEvent> };

function openSocket(t: TestApp, cookie: string): Promise<Socket> {
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${address.port}/ws`, { headers: { cookie } });
    const events: LiveEvent[] = [];
    const waiters: { kind: string; done: (event: LiveEvent) => void }[] = [];
    ws.on('message', (data) => {
      const event = JSON.parse(String(data)) as LiveEvent;
      events.push(event);
      for (const waiter of waiters.filter((w) => w.kind === event.kind)) waiter.done(event);
    });
    const closed = new Promise<number>((done) => ws.on('close', (code) => done(code)));
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        ws,
        closed,
        next: (kind) =>
          new Promise((done, fail) => {
            const seen = events.find((event) => event.kind === kind);
            if (seen) return done(seen);
            const timer = setTimeout(() => fail(new Error(`no ${kind} within 5 s`)), 5000);
            waiters.push({ kind, done: (event) => { clearTimeout(timer); done(event); } });
          }),
      }),
    );
  });
}

describe.each(testDatabaseKinds())('People Management and My Team on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  const sockets: WebSocket[] = [];

  const get = <T>(url: string, cookie: string) => t.inject({ method: 'GET', url, cookie }).then((r) => ({ status: r.statusCode, body: r.json() as T }));
  const post = (url: string, cookie: string, payload?: Record<string, unknown>) => t.inject({ method: 'POST', url, cookie, ...(payload === undefined ? {} : { payload }) });
  const person = async (name: string, roles: Role[] = ['newcomer'], ref?: string) => {
    const email = `${name.toLowerCase().replace(/\s+/g, '.')}@people.test`;
    const user = await createUser(t.database.db, t.clock, { email, name, roles, isDemo: true, ref: ref ?? null });
    return { id: user.id, email, code: user.referralCode, signIn: () => t.signIn(email) };
  };
  const auditOf = async (action: string, target: string) =>
    t.database.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.target, target)));

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await t.signInAs('admin');
    adminId = (await getUserByEmail(t.database.db, 'admin@demo.myeai.local'))!.id;
  });
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await t.close();
  });

  it('is for admins only (the route table), My Team for every role', async () => {
    for (const role of ['affiliate', 'trader', 'newcomer'] as const) {
      const cookie = await t.signInAs(role);
      expect((await get('/api/rbac/admin/users', cookie)).status).toBe(403);
      expect((await post(`/api/rbac/admin/users/${adminId}/roles`, cookie, { roles: ['newcomer'] })).statusCode).toBe(403);
      expect((await get('/api/rbac/my-team', cookie)).status).toBe(200);
    }
    expect((await get('/api/rbac/admin/users', '')).status).toBe(401);
  });

  it('pages, sorts, searches by name, e-mail and code, and filters by referrer on the server', async () => {
    // Read (and kept in memory) before the users exist: their sign-ups drop it (any user's change does).
    expect((await get<AdminUsersPage>('/api/rbac/admin/users?search=zyxw', admin)).body.total).toBe(0);
    const zed = await person('Zyxw Quasar');
    const one = await person('Zyxw Oneill', ['newcomer'], zed.code);
    const two = await person('Zyxw Twofold', ['newcomer'], zed.code);

    const byName = await get<AdminUsersPage>('/api/rbac/admin/users?search=quasar', admin);
    expect(byName.body.users.map((u) => u.id)).toEqual([zed.id]);
    expect((await get<AdminUsersPage>(`/api/rbac/admin/users?search=${encodeURIComponent(two.email)}`, admin)).body.users.map((u) => u.id)).toEqual([two.id]);
    expect((await get<AdminUsersPage>(`/api/rbac/admin/users?search=${one.code.toLowerCase()}`, admin)).body.users.map((u) => u.id)).toEqual([one.id]);
    expect((await get<AdminUsersPage>('/api/rbac/admin/users?search=zyxw', admin)).body.total).toBe(3);

    const team = await get<AdminUsersPage>(`/api/rbac/admin/users?referrer=${zed.id}&sort=name&order=asc`, admin);
    expect(team.body.users.map((u) => u.name)).toEqual(['Zyxw Oneill', 'Zyxw Twofold']);
    expect(team.body.users[0]).toMatchObject({ referred_by_user_id: zed.id, referred_by_name: 'Zyxw Quasar', referral_code_used: zed.code, current_status: 'active' });
    const direct = await get<AdminUsersPage>('/api/rbac/admin/users?referrer=direct&page_size=100', admin);
    expect(direct.body.users.every((u) => u.referred_by_user_id === null)).toBe(true);
    expect(direct.body.users.map((u) => u.id)).toContain(zed.id);

    const all = (await get<AdminUsersPage>('/api/rbac/admin/users?page_size=100&sort=email&order=asc', admin)).body;
    const pageTwo = (await get<AdminUsersPage>('/api/rbac/admin/users?page_size=10&page=2&sort=email&order=asc', admin)).body;
    expect(pageTwo.total).toBe(all.total);
    expect(pageTwo.users.map((u) => u.email)).toEqual(all.users.slice(10, 20).map((u) => u.email));
    expect(all.users.map((u) => u.email)).toEqual([...all.users.map((u) => u.email)].sort());

    const referrers = await get<{ referrers: { user_id: string; total_referrals: number }[] }>('/api/rbac/admin/available-referrers', admin);
    expect(referrers.body.referrers.find((r) => r.user_id === zed.id)?.total_referrals).toBe(2);
    expect((await get('/api/rbac/admin/users?referrer=nobody', admin)).status).toBe(400);
  });

  it('grants a role: the user’s next request sees it, their socket is told, one audit row holds before and after', async () => {
    const nico = await person('Nia Grant');
    const cookie = await nico.signIn();
    const socket = await openSocket(t, cookie);
    sockets.push(socket.ws);
    expect((await get<{ roles: string[] }>('/api/auth/profile', cookie)).body.roles).toEqual(['newcomer']);
    expect((await get('/api/leads', cookie)).status).toBe(403);

    const granted = await post(`/api/rbac/admin/users/${nico.id}/roles`, admin, { roles: ['newcomer', 'affiliate'] });
    expect(granted.statusCode).toBe(200);
    expect((granted.json() as { user: AdminUser }).user).toMatchObject({ roles: ['newcomer', 'affiliate'], active_role: 'affiliate' });

    expect((await get('/api/auth/profile', cookie)).body).toMatchObject({ roles: ['newcomer', 'affiliate'], active_role: 'affiliate' });
    expect((await get('/api/leads', cookie)).status).toBe(200);
    expect(await socket.next('account.updated')).toMatchObject({ payload: { roles: ['newcomer', 'affiliate'], active_role: 'affiliate', status: 'active' } });

    const audit = await auditOf('people.roles', nico.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: adminId, details: { before: { roles: ['newcomer'], active_role: 'newcomer' }, after: { roles: ['newcomer', 'affiliate'], active_role: 'affiliate' } } });
    // The same set again changes and records nothing.
    expect((await post(`/api/rbac/admin/users/${nico.id}/roles`, admin, { roles: ['affiliate', 'newcomer'] })).statusCode).toBe(200);
    expect(await auditOf('people.roles', nico.id)).toHaveLength(1);
  });

  it('refuses an empty role set and leaves the roles as they were', async () => {
    const user = await person('Ema Empty');
    const refused = await post(`/api/rbac/admin/users/${user.id}/roles`, admin, { roles: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('A user must keep at least one role.');
    expect((await t.database.db.select({ roles: users.roles }).from(users).where(eq(users.id, user.id)))[0]?.roles).toEqual(['newcomer']);
  });

  it('refuses a cycle however far up, and "none" removes the referral', async () => {
    const a = await person('Chain Alpha');
    const b = await person('Chain Beta', ['newcomer'], a.code);
    const c = await person('Chain Gamma', ['newcomer'], b.code);
    const d = await person('Chain Delta', ['newcomer'], c.code);

    for (const referrer of [b, c, d]) {
      const refused = await post(`/api/rbac/admin/users/${a.id}/referral`, admin, { referrer_user_id: referrer.id });
      expect(refused.statusCode).toBe(409);
      expect(refused.body).toContain('would become their own upline');
    }
    const self = await post(`/api/rbac/admin/users/${a.id}/referral`, admin, { referrer_user_id: a.id });
    expect(self.statusCode).toBe(400);
    expect(self.body).toContain('A user cannot be their own referrer.');
    expect((await get<AdminUsersPage>(`/api/rbac/admin/users?search=alpha`, admin)).body.users[0]?.referred_by_user_id).toBeNull();

    // The code used must be one of the chosen referrer's codes: any other text is refused and changes nothing.
    for (const typed of ['anything at all', c.code, 'LEGACY42']) {
      const refused = await post(`/api/rbac/admin/users/${d.id}/referral`, admin, { referrer_user_id: a.id, referral_code: typed });
      expect(refused.statusCode, typed).toBe(400);
      expect(refused.json().error.message).toBe(referralCodeNotReferrersMessage(a.code));
    }
    expect((await get<AdminUsersPage>(`/api/rbac/admin/users?search=delta`, admin)).body.users[0]).toMatchObject({ referred_by_user_id: c.id, referral_code_used: c.code });
    // Their current code as shared (prefix, any case) is stored as the code; an earlier code kept by the link migration is accepted as typed.
    const shared = await post(`/api/rbac/admin/users/${d.id}/referral`, admin, { referrer_user_id: a.id, referral_code: `myeai-${a.code.toLowerCase()}` });
    expect((shared.json() as { user: AdminUser }).user.referral_code_used).toBe(a.code);
    await t.database.db.insert(referralCodeAliases).values({ alias: 'LEGACY42', userId: a.id, createdAt: TEST_NOW });
    await post(`/api/rbac/admin/users/${d.id}/referral`, admin, { referrer_user_id: c.id });
    const moved = await post(`/api/rbac/admin/users/${d.id}/referral`, admin, { referrer_user_id: a.id, referral_code: 'LEGACY42', join_date: '2026-10-01' });
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as { user: AdminUser }).user).toMatchObject({ referred_by_user_id: a.id, referral_code_used: 'LEGACY42', referral_date: '2026-10-01T00:00:00.000Z' });
    const future = await post(`/api/rbac/admin/users/${d.id}/referral`, admin, { referrer_user_id: a.id, join_date: '2030-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.body).toContain('The join date cannot be in the future.');

    const removed = await post(`/api/rbac/admin/users/${d.id}/referral`, admin, { referrer_user_id: 'none' });
    expect((removed.json() as { user: AdminUser }).user).toMatchObject({ referred_by_user_id: null, referral_code_used: null, referral_date: null });
    const audit = await auditOf('people.referral', d.id);
    expect(audit.map((row) => row.details).slice(-2)).toEqual([
      { before: { referrer_user_id: c.id, referral_code: c.code, join_date: expect.any(String) }, after: { referrer_user_id: a.id, referral_code: 'LEGACY42', join_date: '2026-10-01T00:00:00.000Z' } },
      { before: { referrer_user_id: a.id, referral_code: 'LEGACY42', join_date: '2026-10-01T00:00:00.000Z' }, after: { referrer_user_id: null, referral_code: null, join_date: null } },
    ]);
  });

  it('suspension ends the user’s sessions and closes their sockets; reactivation lets them sign in again', async () => {
    const user = await person('Sue Spend', ['affiliate']);
    const first = await user.signIn();
    const second = await user.signIn();
    const socket = await openSocket(t, first);
    sockets.push(socket.ws);

    const suspended = await post(`/api/rbac/admin/users/${user.id}/suspend`, admin);
    expect(suspended.statusCode).toBe(200);
    expect((suspended.json() as { user: AdminUser }).user.account_status).toBe('suspended');
    expect(await socket.closed).toBe(SESSION_ENDED_CLOSE_CODE);
    expect((await get('/api/auth/profile', first)).status).toBe(401);
    expect((await get('/api/auth/profile', second)).status).toBe(401);
    expect((await post('/api/auth/demo', '', { email: user.email })).statusCode).toBe(401);
    expect((await auditOf('people.suspend', user.id))[0]?.details).toEqual({ before: { status: 'active' }, after: { status: 'suspended' }, sessions_revoked: 2 });

    expect((await post(`/api/rbac/admin/users/${user.id}/reactivate`, admin)).statusCode).toBe(200);
    expect((await get('/api/auth/profile', first)).status).toBe(401);
    expect((await get('/api/auth/profile', await user.signIn())).status).toBe(200);
    expect(await auditOf('people.reactivate', user.id)).toHaveLength(1);
  });

  it('rechecks the acting admin under the lock: an admin demoted while their request was on its way is refused 403 and nothing changes', async () => {
    const actor = await person('Ada Actor', ['admin']);
    const target = await person('Tom Target');
    const cookie = await actor.signIn();
    // The announcements of the writes so far (the actor made, signed in) reach this instance first:
    // one arriving after the warm-up would drop the warmed session, and the guard, not the lock, would refuse.
    await userChangeFeedFor(t.app.deps).sync(t.app.deps);
    // Warms the session cache: the next request passes the access guard from it.
    expect((await get('/api/rbac/admin/users?search=target', cookie)).status).toBe(200);
    // Another admin demotes the actor; the announcement has not reached this instance yet (a
    // request already past the guard sees the same): the triggers are held back for this write.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(users).set({ roles: ['affiliate'], activeRole: 'affiliate' }).where(eq(users.id, actor.id));
    });
    const attempts = [
      post(`/api/rbac/admin/users/${target.id}/roles`, cookie, { roles: ['newcomer', 'admin'] }),
      post(`/api/rbac/admin/users/${target.id}/suspend`, cookie),
      post(`/api/rbac/admin/users/${target.id}/referral`, cookie, { referrer_user_id: actor.id }),
    ];
    for (const refused of await Promise.all(attempts)) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error.message).toBe(PEOPLE_MESSAGES.actorNotAdmin);
    }
    const [stored] = await t.database.db.select({ roles: users.roles, status: users.status, referredBy: users.referredBy }).from(users).where(eq(users.id, target.id));
    expect(stored).toEqual({ roles: ['newcomer'], status: 'active', referredBy: null });
    for (const action of ['people.roles', 'people.suspend', 'people.referral']) expect(await auditOf(action, target.id)).toHaveLength(0);
  });

  it('never leaves no active admin: the last one keeps the role and cannot be suspended', async () => {
    const multiId = (await getUserByEmail(t.database.db, 'multi@demo.myeai.local'))!.id;
    // Two admins: one may lose the role.
    expect((await post(`/api/rbac/admin/users/${multiId}/roles`, admin, { roles: ['affiliate', 'trader'] })).statusCode).toBe(200);
    const demote = await post(`/api/rbac/admin/users/${adminId}/roles`, admin, { roles: ['affiliate'] });
    expect(demote.statusCode).toBe(409);
    expect(demote.body).toContain('You cannot remove the admin role from the last admin');
    const suspendSelf = await post(`/api/rbac/admin/users/${adminId}/suspend`, admin);
    expect(suspendSelf.statusCode).toBe(409);
    expect(suspendSelf.body).toContain('The last admin cannot be suspended');
    expect((await get<{ roles: string[]; status: string }>('/api/auth/profile', admin)).body).toMatchObject({ roles: ['admin'], status: 'active' });
    // A suspended admin does not count: with multi admin again but suspended, the demo admin is still the last.
    expect((await post(`/api/rbac/admin/users/${multiId}/roles`, admin, { roles: ['affiliate', 'trader', 'admin'] })).statusCode).toBe(200);
    expect((await post(`/api/rbac/admin/users/${multiId}/suspend`, admin)).statusCode).toBe(200);
    expect((await post(`/api/rbac/admin/users/${adminId}/roles`, admin, { roles: ['trader'] })).statusCode).toBe(409);
    expect((await post(`/api/rbac/admin/users/${multiId}/reactivate`, admin)).statusCode).toBe(200);
    // With another active admin, an admin still may not suspend themselves.
    const own = await post(`/api/rbac/admin/users/${adminId}/suspend`, admin);
    expect(own.statusCode).toBe(400);
    expect(own.body).toContain('You cannot suspend your own account.');
  });

  it('My Team lists my own members with status, join date, activity and the commission each gave rise to', async () => {
    const leader = await person('Tina Leader', ['affiliate']);
    const m1 = await person('Mona Member', ['newcomer'], leader.code);
    const m2 = await person('Mark Member', ['newcomer'], leader.code);
    await person('Otto Outsider');
    await t.database.db.update(users).set({ lastSeenAt: t.clock.now() }).where(eq(users.id, m1.id));
    await t.database.db.insert(commissions).values([
      { userId: leader.id, source: 'test', sourceReference: 'm1-a', productName: 'Kit', amountCents: 1250, earnedAt: t.clock.now(), originUserId: m1.id },
      { userId: leader.id, source: 'test', sourceReference: 'm1-b', productName: 'Kit', amountCents: 750, earnedAt: t.clock.now(), originUserId: m1.id },
      { userId: leader.id, source: 'test', sourceReference: 'none', productName: 'Kit', amountCents: 9999, earnedAt: t.clock.now() },
    ]);
    const cookie = await leader.signIn();
    const team = (await get<MyTeam>('/api/rbac/my-team', cookie)).body;
    expect(team).toMatchObject({ total_members: 2, active_members: 1, total_commission_cents: 2000, matching: 2 });
    expect(team.members.map((m) => [m.name, m.commission_earned_cents, m.is_active])).toEqual(
      expect.arrayContaining([
        ['Mona Member', 2000, true],
        ['Mark Member', 0, false],
      ]),
    );
    expect(team.members[0]).not.toHaveProperty('email');
    const searched = (await get<MyTeam>('/api/rbac/my-team?search=mona', cookie)).body;
    expect(searched.members.map((m) => m.user_id)).toEqual([m1.id]);
    expect(searched).toMatchObject({ matching: 1, total_members: 2 });
    // An e-mail is not searchable by the referrer.
    expect((await get<MyTeam>(`/api/rbac/my-team?search=${encodeURIComponent(m2.email)}`, cookie)).body.members).toEqual([]);
    // Another user's team is never mine.
    const traders = (await get<MyTeam>('/api/rbac/my-team', await t.signInAs('trader'))).body;
    expect(traders.members.map((m) => m.user_id)).not.toContain(m1.id);
    expect(traders.members.map((m) => m.user_id)).not.toContain(m2.id);
  });
});
