import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@myeai/db';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';

const LANDING = {
  figures: [{ label: 'Members (example)', value: '1,000+' }],
  community_url: 'https://t.me/myeai_community',
  community_name: 'the MYEAI Telegram community',
};

describe.each(testDatabaseKinds())('roles and ownership on %s', (kind) => {
  let t: TestApp;
  const get = (url: string, cookie: string) => t.inject({ method: 'GET', url, cookie });
  const profile = async (cookie: string) => (await get('/api/auth/profile', cookie)).json() as { id: string; email: string; roles: string[]; active_role: string };
  const switchRole = (cookie: string, payload: Record<string, unknown>) => t.inject({ method: 'POST', url: '/api/rbac/switch-role', cookie, payload });
  const editLanding = (cookie: string) => t.inject({ method: 'PUT', url: '/api/admin/landing', cookie, payload: LANDING });
  const activeRoleInDb = async (email: string) =>
    (await t.database.db.select({ activeRole: users.activeRole }).from(users).where(eq(users.email, email)))[0]?.activeRole;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('profile and journey answer with the caller’s own data only', async () => {
    const affiliate = await t.signIn('affiliate@demo.myeai.local');
    const trader = await t.signIn('trader@demo.myeai.local');
    const multi = await t.signIn('multi@demo.myeai.local');
    const traderProfile = await profile(trader);

    expect(await profile(affiliate)).toMatchObject({ email: 'affiliate@demo.myeai.local', roles: ['affiliate'] });
    expect(traderProfile).toMatchObject({ email: 'trader@demo.myeai.local', roles: ['trader'] });

    // The demo seed's newcomer and team were referred by the affiliate; every other demo account has a smaller circle of its own.
    const referredBy = async (email: string) => {
      const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return (await t.database.db.select({ id: users.id }).from(users).where(eq(users.referredBy, row!.id))).length;
    };
    const referred = await referredBy('affiliate@demo.myeai.local');
    expect(referred).toBeGreaterThan(await referredBy('trader@demo.myeai.local'));
    expect((await get('/api/profile/journey', affiliate)).json()).toMatchObject({ people_referred: referred, roles_held: 1 });
    expect((await get('/api/profile/journey', trader)).json()).toMatchObject({ people_referred: await referredBy('trader@demo.myeai.local'), roles_held: 1 });
    expect((await get('/api/profile/journey', multi)).json()).toMatchObject({ people_referred: await referredBy('multi@demo.myeai.local'), roles_held: 3 });

    // Naming another user in the query changes nothing: the session decides whose data it is.
    for (const query of [`id=${traderProfile.id}`, `user_id=${traderProfile.id}`, `userId=${traderProfile.id}`, 'email=trader@demo.myeai.local']) {
      const other = await get(`/api/auth/profile?${query}`, affiliate);
      expect(other.statusCode).toBe(200);
      expect(other.json()).toMatchObject({ email: 'affiliate@demo.myeai.local' });
      expect((await get(`/api/profile/journey?${query}`, affiliate)).json()).toMatchObject({ people_referred: referred });
    }
  });

  it('counts sign-ins per user', async () => {
    const before = ((await get('/api/profile/journey', await t.signIn('investor@demo.myeai.local'))).json() as { sign_ins: number }).sign_ins;
    await t.signIn('subscriber@demo.myeai.local');
    const investor = await t.signIn('investor@demo.myeai.local');
    expect((await get('/api/profile/journey', investor)).json()).toMatchObject({ sign_ins: before + 1 });
  });

  it('switching as multi@demo.myeai.local to trader shows in the profile and closes admin routes', async () => {
    const multi = await t.signIn('multi@demo.myeai.local');
    const switched = await switchRole(multi, { role: 'admin' });
    expect(switched.statusCode).toBe(200);
    expect((await editLanding(multi)).statusCode).toBe(200);

    const toTrader = await switchRole(multi, { role: 'trader' });
    expect(toTrader.statusCode).toBe(200);
    expect(toTrader.json()).toMatchObject({ status: 'success', user: { active_role: 'trader', roles: ['affiliate', 'trader', 'admin'] } });
    expect(await profile(multi)).toMatchObject({ active_role: 'trader' });
    const refused = await editLanding(multi);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });

    // The active role belongs to the user, so a new session starts in it too.
    expect(await profile(await t.signIn('multi@demo.myeai.local'))).toMatchObject({ active_role: 'trader' });

    expect((await switchRole(multi, { role: 'admin' })).statusCode).toBe(200);
    expect((await editLanding(multi)).statusCode).toBe(200);
  });

  it('refuses a role the caller does not hold (403) and leaves the active role unchanged', async () => {
    const trader = await t.signIn('trader@demo.myeai.local');
    for (const role of ['admin', 'affiliate', 'newcomer']) {
      const response = await switchRole(trader, { role });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    }
    expect(await profile(trader)).toMatchObject({ roles: ['trader'], active_role: 'trader' });
    expect((await editLanding(trader)).statusCode).toBe(403);

    const multi = await t.signIn('multi@demo.myeai.local');
    const activeBefore = (await profile(multi)).active_role;
    expect((await switchRole(multi, { role: 'investor' })).statusCode).toBe(403);
    expect(await profile(multi)).toMatchObject({ active_role: activeBefore });
  });

  it('refuses an unknown role with 400', async () => {
    const multi = await t.signIn('multi@demo.myeai.local');
    expect((await switchRole(multi, { role: 'superuser' })).statusCode).toBe(400);
    expect((await switchRole(multi, {})).statusCode).toBe(400);
  });

  it('a role switch by one user does not affect another, even when the request names the other user', async () => {
    const admin = await t.signIn('admin@demo.myeai.local');
    const multi = await t.signIn('multi@demo.myeai.local');
    const adminProfile = await profile(admin);
    const trader = await t.signIn('trader@demo.myeai.local');
    const traderProfile = await profile(trader);

    const response = await switchRole(multi, { role: 'affiliate', user_id: adminProfile.id, userId: adminProfile.id, email: 'admin@demo.myeai.local' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { email: 'multi@demo.myeai.local', active_role: 'affiliate' } });

    expect(await activeRoleInDb('admin@demo.myeai.local')).toBe('admin');
    expect(await profile(admin)).toMatchObject({ id: adminProfile.id, active_role: 'admin' });
    expect((await editLanding(admin)).statusCode).toBe(200);
    expect(await profile(trader)).toMatchObject({ id: traderProfile.id, active_role: 'trader' });
  });

  it('roles are set by the server only: a sign-up cannot choose its roles', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Eve', email: 'eve@example.com', password: 'correct horse battery', roles: ['admin'], active_role: 'admin', status: 'active' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ user: { roles: ['newcomer'], active_role: 'newcomer' } });
    const cookie = response.headers['set-cookie']!.toString().split(';')[0]!;
    expect((await switchRole(cookie, { role: 'admin' })).statusCode).toBe(403);
    expect((await editLanding(cookie)).statusCode).toBe(403);
  });

  it('signed out, neither profile, journey nor role switch answer (401)', async () => {
    for (const response of [
      await t.inject({ method: 'GET', url: '/api/auth/profile' }),
      await t.inject({ method: 'GET', url: '/api/profile/journey' }),
      await t.inject({ method: 'POST', url: '/api/rbac/switch-role', payload: { role: 'admin' } }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    }
  });
});
