import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, test } from 'vitest';
import { ACCESS, decideAccess, ROLES, type AccessName, type Role } from '@myeai/domain';
import type { RouteAccess } from '../../app-deps.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';

/**
 * The permission matrix: every /api route the app registers (app.accessTable, filled by the
 * access guard from each route's declared rule) x anonymous and each of the seven roles.
 * Nothing is skipped; wildcard segments are filled with a real file so the request reaches a route.
 */
const WILDCARD_FILLERS: Record<string, string> = {
  // @fastify/swagger-ui's static files: any name under the folder, here a file it ships.
  '/api/docs/static/*': '/api/docs/static/swagger-ui.css',
};

function concreteUrl(route: RouteAccess): string {
  const filled = WILDCARD_FILLERS[route.url];
  if (filled) return filled;
  if (route.url.includes('*')) throw new Error(`add a WILDCARD_FILLERS entry for ${route.url}`);
  return route.url.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, () => randomUUID());
}

// The table is read from a real app so the matrix follows whatever routes exist.
const probe = await createTestApp('pglite');
const ACCESS_TABLE: RouteAccess[] = [...probe.app.accessTable];
await probe.close();

type Who = 'anonymous' | Role;
const WHO: Who[] = ['anonymous', ...ROLES];

const cases = ACCESS_TABLE.flatMap((route) =>
  WHO.map((who) => ({
    method: route.method,
    url: route.url,
    access: route.access,
    who,
    expected: decideAccess(route.access, who === 'anonymous' ? null : { activeRole: who }),
  })),
);

describe('the access table', () => {
  test('lists the API routes with their rules', () => {
    expect(ACCESS_TABLE.length).toBeGreaterThan(10);
    expect(ACCESS_TABLE).toEqual(
      expect.arrayContaining([
        { method: 'GET', url: '/api/health', access: 'public' },
        { method: 'GET', url: '/api/landing', access: 'public' },
        { method: 'PUT', url: '/api/admin/landing', access: 'admin' },
        { method: 'GET', url: '/api/auth/profile', access: 'signedIn' },
        { method: 'POST', url: '/api/rbac/switch-role', access: 'signedIn' },
        { method: 'GET', url: '/api/profile/journey', access: 'signedIn' },
        { method: 'POST', url: '/api/auth/demo', access: 'public' },
      ]),
    );
  });

  test('every rule is a known access rule', () => {
    for (const route of ACCESS_TABLE) expect(Object.keys(ACCESS)).toContain(route.access);
  });

  test('every /api/admin route is admin only', () => {
    const adminRoutes = ACCESS_TABLE.filter((route) => route.url.startsWith('/api/admin/'));
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const route of adminRoutes) expect(route, `${route.method} ${route.url}`).toMatchObject({ access: 'admin' satisfies AccessName });
  });

  test('each method and path is listed once', () => {
    const keys = ACCESS_TABLE.map((route) => `${route.method} ${route.url}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe.each(testDatabaseKinds())('permission matrix on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('serves the same routes as the probe app', () => {
    expect(t.app.accessTable).toEqual(ACCESS_TABLE);
  });

  it('refuses before reading the body: a malformed body still gets 401 or 403, not 400', async () => {
    const request = { method: 'PUT' as const, url: '/api/admin/landing', headers: { 'content-type': 'application/json' }, payload: '{not json' };
    const anonymous = await t.inject(request);
    expect(anonymous.statusCode).toBe(401);
    const affiliate = await t.inject({ ...request, cookie: await t.signInAs('affiliate') });
    expect(affiliate.statusCode).toBe(403);
    const admin = await t.inject({ ...request, cookie: await t.signInAs('admin') });
    expect(admin.statusCode).toBe(400);
  });

  test.each(cases)('$method $url ($access) as $who: $expected', async ({ method, url, who, expected }) => {
    // A fresh session per request: a logout in one case must not sign out the next.
    const cookie = who === 'anonymous' ? undefined : await t.signInAs(who);
    const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
    const response = await t.inject({
      method: method as 'GET',
      url: concreteUrl({ method, url, access: 'public' }),
      cookie,
      ...(hasBody ? { payload: {} } : {}),
    });
    const summary = `${response.statusCode} ${response.body.slice(0, 200)}`;
    if (expected === 'unauthenticated') {
      expect(response.statusCode, summary).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    } else if (expected === 'forbidden') {
      expect(response.statusCode, summary).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    } else {
      expect([401, 403], summary).not.toContain(response.statusCode);
      expect(response.statusCode, summary).toBeLessThan(500);
    }
  });
});
