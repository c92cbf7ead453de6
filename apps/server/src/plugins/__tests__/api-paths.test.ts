import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as domain from '@myeai/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * Every path the server registers is written once, as a `<area>Paths` constant beside the area's schemas in
 * @myeai/domain (docs/decisions/032), and the web app fills the same constant with apiPath. A route registered
 * with a literal the domain does not hold fails here.
 */
const DOMAIN_PATHS: ReadonlyMap<string, string> = new Map(
  Object.entries(domain)
    .filter(([name, value]) => name.endsWith('Paths') && typeof value === 'object' && value !== null)
    .flatMap(([name, paths]) => Object.entries(paths as Record<string, unknown>).map(([key, path]) => [path, `${name}.${key}`] as [unknown, string]))
    .filter((entry): entry is [string, string] => typeof entry[0] === 'string'),
);

/** Paths the server does not own: the OpenAPI document and Swagger UI come from @fastify/swagger-ui. */
const isThirdParty = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

describe('API paths', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('the domain constants are templates: one leading slash, no query, no trailing slash', () => {
    expect(DOMAIN_PATHS.size).toBeGreaterThan(100);
    const malformed = [...DOMAIN_PATHS].filter(([path]) => !/^\/[A-Za-z0-9_.\-/:]*$/.test(path) || (path.length > 1 && path.endsWith('/')) || path.includes('//'));
    expect(malformed).toEqual([]);
  });

  it('every route the server registers is one of the domain path constants', () => {
    const urls = [...new Set(t.app.routeList.map((route) => route.url))].filter((url) => !isThirdParty(url));
    expect(urls.length).toBeGreaterThan(100);
    const literals = urls.filter((url) => !DOMAIN_PATHS.has(url));
    expect(literals, 'Register these routes with a <area>Paths constant of @myeai/domain (packages/domain/src/schemas/<area>.ts)').toEqual([]);
  });

  it('every domain path constant is a route the server registers', () => {
    const registered = new Set(t.app.routeList.map((route) => route.url));
    const unrouted = [...DOMAIN_PATHS].filter(([path]) => !registered.has(path)).map(([path, name]) => `${name} ${path}`);
    expect(unrouted).toEqual([]);
  });
});
