import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';

describe.each(testDatabaseKinds())('health and API reference on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('GET /api/health reports the database in use', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: kind });
  });

  it('publishes an OpenAPI document listing every API route, and the interactive reference', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toMatch(/^3\./);
    for (const route of t.app.accessTable.filter((r) => !r.url.startsWith('/api/docs'))) {
      const path = route.url.replace(/:([A-Za-z_]\w*)/g, '{$1}');
      expect(document.paths[path]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
    const ui = await t.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBeLessThan(400);
  });

  it('an unknown API path answers a JSON 404', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
