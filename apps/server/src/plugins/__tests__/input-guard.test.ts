import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ILL_FORMED_TEXT_MESSAGE, INPUT_TOO_DEEP_MESSAGE, NUL_CHARACTER_MESSAGE } from '@myeai/domain';
import type { RouteAccess } from '../../app-deps.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';

const NUL = 'a\u0000b';
const NUL_IN_URL = 'a%00b';
const REFUSED = { error: { code: 'VALIDATION', message: NUL_CHARACTER_MESSAGE } };

type OpenApiSchema = { type?: string | string[]; properties?: Record<string, OpenApiSchema>; anyOf?: OpenApiSchema[] };
type OpenApiDocument = { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> } }>> };

const isText = (schema: OpenApiSchema | undefined): boolean =>
  schema !== undefined && (schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string')) || (schema.anyOf ?? []).some(isText));

/** The text fields of a route's JSON body, from the OpenAPI document generated from the zod schemas. */
function textFieldsOf(document: OpenApiDocument, route: RouteAccess): string[] {
  const openApiPath = route.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
  const schema = document.paths[openApiPath]?.[route.method.toLowerCase()]?.requestBody?.content?.['application/json']?.schema;
  return Object.entries(schema?.properties ?? {})
    .filter(([, property]) => isText(property))
    .map(([name]) => name);
}

type Probe = { method: string; url: string; payload?: Record<string, string>; label: string };

/** Each route gets a NUL in each path parameter, in the query string and in each text field of its body. */
function probesFor(document: OpenApiDocument, route: RouteAccess): Probe[] {
  const params = [...route.url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)|\*/g)].map((match) => match[0]);
  const urlWith = (nulParam: string | null) =>
    route.url.replace(/:[A-Za-z_][A-Za-z0-9_]*|\*/g, (param) => (param === nulParam ? NUL_IN_URL : param === '*' ? 'swagger-ui.css' : randomUUID()));
  const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
  const probes: Probe[] = [
    ...params.map((param) => ({ method: route.method, url: urlWith(param), label: `path ${param}` })),
    { method: route.method, url: `${urlWith(null)}?probe=${NUL_IN_URL}`, label: 'query' },
  ];
  if (hasBody) {
    for (const field of textFieldsOf(document, route)) probes.push({ method: route.method, url: urlWith(null), payload: { [field]: NUL }, label: `body ${field}` });
  }
  return probes;
}

/** Rows of a raw query; PGlite and node-postgres both answer { rows }, which Drizzle's union type does not say. */
async function rowsOf<Row>(t: TestApp, query: SQL): Promise<Row[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const tables = await rowsOf<{ table_name: string }>(t, sql.raw("select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1"));
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = await rowsOf<{ n: number }>(t, sql.raw(`select count(*)::int as n from "${table_name}"`));
    counts[table_name] = row!.n;
  }
  return counts;
}

describe.each(testDatabaseKinds())('a NUL character in a request on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('in a body field: POST /api/auth/register answers 400 and creates no account', async () => {
    const response = await t.inject({ method: 'POST', url: '/api/auth/register', payload: { name: NUL, email: 'nul-name@example.com', password: 'a long enough password 42' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { ...REFUSED.error, details: [{ path: 'name', message: NUL_CHARACTER_MESSAGE }] } });
    const [users] = await rowsOf<{ n: number }>(t, sql`select count(*)::int as n from users where email = 'nul-name@example.com'`);
    expect(users!.n).toBe(0);
  });

  it('in a nested field, a path parameter and a query string: 400, the lead unchanged', async () => {
    const cookie = await t.signInAs('affiliate');
    const created = await t.inject({ method: 'POST', url: '/api/leads', cookie, payload: { name: 'Nora Null', email: 'nora@example.com' } });
    expect(created.statusCode).toBe(201);
    const lead = created.json<{ id: string; notes: string | null }>();

    const edit = await t.inject({ method: 'PUT', url: `/api/leads/${lead.id}`, cookie, payload: { name: 'Nora', email: 'nora@example.com', notes: `call ${NUL}` } });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toMatchObject({ error: { ...REFUSED.error, details: [{ path: 'notes' }] } });

    const byPath = await t.inject({ method: 'GET', url: `/api/leads/${NUL_IN_URL}`, cookie });
    expect(byPath.statusCode).toBe(400);
    expect(byPath.json()).toMatchObject({ error: { ...REFUSED.error, details: [{ path: 'id' }] } });

    const byQuery = await t.inject({ method: 'GET', url: `/api/leads?q=${NUL_IN_URL}`, cookie });
    expect(byQuery.statusCode).toBe(400);
    expect(byQuery.json()).toMatchObject({ error: { ...REFUSED.error, details: [{ path: 'q' }] } });

    const stored = await t.inject({ method: 'GET', url: `/api/leads/${lead.id}`, cookie });
    expect(stored.json()).toMatchObject({ name: 'Nora Null', notes: null });
  });

  it('a lone surrogate in a JSON body (stored as jsonb) answers 400, not 500, and changes nothing', async () => {
    const admin = await t.signInAs('admin');
    const before = (await t.inject({ method: 'GET', url: '/api/admin/referral-landing', cookie: admin })).body;
    const payload = '{"main_title":"Join","tagline":"\\ud800"}';
    const response = await t.inject({ method: 'PUT', url: '/api/admin/referral-landing', cookie: admin, headers: { 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'VALIDATION', message: ILL_FORMED_TEXT_MESSAGE, details: [{ path: 'tagline', message: ILL_FORMED_TEXT_MESSAGE }] } });
    expect((await t.inject({ method: 'GET', url: '/api/admin/referral-landing', cookie: admin })).body).toBe(before);
  });

  it('a body nested 50,000 deep answers 400, not 500', async () => {
    const payload = '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000);
    const response = await t.inject({ method: 'POST', url: '/api/support/requests', cookie: await t.signInAs('affiliate'), headers: { 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION', message: INPUT_TOO_DEEP_MESSAGE } });
  });

  it('still answers 401/403 first to a caller without access (the guard runs before it)', async () => {
    const anonymous = await t.inject({ method: 'PUT', url: '/api/admin/landing', payload: { community_name: NUL } });
    expect(anonymous.statusCode).toBe(401);
    const affiliate = await t.inject({ method: 'PUT', url: '/api/admin/landing', cookie: await t.signInAs('affiliate'), payload: { community_name: NUL } });
    expect(affiliate.statusCode).toBe(403);
  });

  it('every registered route refuses a NUL in each path parameter, the query string and each text field of its body, and nothing is written', async () => {
    // The admin role passes every access rule, so each request reaches the check.
    const admin = await t.signInAs('admin');
    const document = t.app.swagger() as unknown as OpenApiDocument;
    const probes = t.app.accessTable.flatMap((route) => probesFor(document, route).map((probe) => ({ ...probe, route: `${route.method} ${route.url}` })));
    expect(probes.filter((probe) => probe.label.startsWith('body')).length).toBeGreaterThan(50);

    const before = await rowCounts(t);
    const wrong: string[] = [];
    for (const probe of probes) {
      const response = await t.inject({ method: probe.method as 'GET', url: probe.url, cookie: admin, ...(probe.payload ? { payload: probe.payload } : {}) });
      const isRefused = response.statusCode === 400 && response.headers['content-type']?.toString().startsWith('application/json') && response.json<typeof REFUSED>().error.message === NUL_CHARACTER_MESSAGE;
      if (!isRefused) wrong.push(`${probe.route} (${probe.label}): ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect(await rowCounts(t)).toEqual(before);
    // The admin's session survived: POST /api/auth/logout with a NUL did not sign out.
    expect((await t.inject({ method: 'GET', url: '/api/auth/profile', cookie: admin })).statusCode).toBe(200);
  });
});
