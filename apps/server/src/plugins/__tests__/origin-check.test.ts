import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';

const LANDING = { figures: [{ label: 'Members', value: '10' }], community_url: null, community_name: 'our community' };

describe.each(testDatabaseKinds())('cross-site request refusal on %s', (kind) => {
  let t: TestApp;
  const HOST = 'myeai.example';
  beforeAll(async () => {
    t = await createTestApp(kind, { publicUrl: 'https://app.myeai.example' });
  });
  afterAll(() => t.close());

  it.each(['https://evil.example', 'null', 'https://myeai.example.evil.example', 'not a url'])(
    'refuses a state-changing request with Origin %s (403) and does not act on it',
    async (origin) => {
      const cookie = await t.signInAs('admin');
      const before = (await t.inject({ method: 'GET', url: '/api/landing' })).json();

      const edit = await t.inject({ method: 'PUT', url: '/api/admin/landing', cookie, payload: LANDING, headers: { host: HOST, origin } });
      expect(edit.statusCode).toBe(403);
      expect(edit.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: 'Cross-site request refused.' } });
      expect((await t.inject({ method: 'GET', url: '/api/landing' })).json()).toEqual(before);

      const logout = await t.inject({ method: 'POST', url: '/api/auth/logout', cookie, headers: { host: HOST, origin } });
      expect(logout.statusCode).toBe(403);
      expect((await t.inject({ method: 'GET', url: '/api/auth/profile', cookie })).statusCode).toBe(200);

      const signIn = await t.inject({ method: 'POST', url: '/api/auth/demo', payload: { email: 'admin@demo.myeai.local' }, headers: { host: HOST, origin } });
      expect(signIn.statusCode).toBe(403);
      expect(signIn.cookies).toHaveLength(0);
    },
  );

  it('accepts the same origin as the Host header and the configured public URL', async () => {
    const cookie = await t.signInAs('admin');
    for (const origin of [`https://${HOST}`, 'https://app.myeai.example']) {
      const response = await t.inject({ method: 'PUT', url: '/api/admin/landing', cookie, payload: LANDING, headers: { host: HOST, origin } });
      expect(response.statusCode, origin).toBe(200);
    }
  });

  it('accepts requests without an Origin header (same-site navigation, non-browser clients)', async () => {
    const cookie = await t.signInAs('admin');
    expect((await t.inject({ method: 'PUT', url: '/api/admin/landing', cookie, payload: LANDING, headers: { host: HOST } })).statusCode).toBe(200);
  });

  it('lets reads through from any origin', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/landing', headers: { host: HOST, origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(200);
  });
});
