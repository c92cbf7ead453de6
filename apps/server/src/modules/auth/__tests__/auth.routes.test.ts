import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';

describe.each(testDatabaseKinds())('auth on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('signs in a demo account and returns its profile', async () => {
    const cookie = await t.signIn('multi@demo.myeai.local');
    const response = await t.inject({ method: 'GET', url: '/api/auth/profile', cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: 'multi@demo.myeai.local', roles: ['affiliate', 'trader', 'admin'], active_role: 'affiliate' });
  });

  it('ends the session on logout', async () => {
    const cookie = await t.signIn('admin@demo.myeai.local');
    expect((await t.inject({ method: 'POST', url: '/api/auth/logout', cookie })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/auth/profile', cookie })).statusCode).toBe(401);
  });
});
