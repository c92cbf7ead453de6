import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const preloadsOf = (link: string | string[] | number | undefined) =>
  typeof link === 'string' ? [...link.matchAll(/<([^>]+)>; rel=preload; as=fetch; crossorigin=anonymous/g)].map((match) => match[1]) : [];

describe('the web app’s HTML', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'myeai-web-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>MYEAI</title><meta name="myeai-build" content="build-1"><meta property="csp-nonce" nonce="PLACEHOLDER"><script type="module" src="/assets/a.js" nonce="PLACEHOLDER"></script>');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'a.js'), 'export {};');
    t = await createTestApp('pglite', { webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('names the Business Hub’s first reads as preloads for a signed-in viewer, by role, and the page then reads exactly those', async () => {
    const affiliate = await t.signIn('affiliate@demo.myeai.local');
    const admin = await t.signIn('admin@demo.myeai.local');
    const forAffiliate = await t.inject({ method: 'GET', url: '/dashboard', cookie: affiliate });
    const forAdmin = await t.inject({ method: 'GET', url: '/dashboard?from=login', cookie: admin });
    expect(forAffiliate.statusCode).toBe(200);
    expect(forAffiliate.body).toContain('<title>MYEAI</title>');
    expect(preloadsOf(forAffiliate.headers.link)).toEqual(['/api/dashboard/stats', '/api/video-widgets']);
    expect(preloadsOf(forAdmin.headers.link)).toEqual(['/api/dashboard/home', '/api/admin/video-widgets']);
    for (const [url, cookie] of [...preloadsOf(forAffiliate.headers.link).map((u) => [u, affiliate]), ...preloadsOf(forAdmin.headers.link).map((u) => [u, admin])]) {
      expect((await t.inject({ method: 'GET', url: url!, cookie })).statusCode, url).toBe(200);
    }
    // Per viewer: a shared cache must not hand one user's preloads to another.
    expect(forAffiliate.headers['cache-control']).toBe('private, no-cache');
  });

  it('names none for a visitor, a page without first reads, or a page the role may not open', async () => {
    const affiliate = await t.signIn('affiliate@demo.myeai.local');
    const responses = await Promise.all([
      t.inject({ method: 'GET', url: '/dashboard' }),
      t.inject({ method: 'GET', url: '/leads', cookie: affiliate }),
      t.inject({ method: 'GET', url: '/trading-admin', cookie: affiliate }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    for (const response of responses) expect(response.headers.link).toBeUndefined();
  });

  it('gives each page response a fresh nonce, in its policy and in place of the build’s placeholder, and serves /index.html only so', async () => {
    const pages = await Promise.all(['/', '/dashboard', '/index.html'].map((url) => t.inject({ method: 'GET', url, headers: { host: 'app.example:8443' } })));
    const nonces = pages.map((page) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(String(page.headers['content-security-policy']))?.[1]);
    expect(new Set(nonces).size).toBe(3);
    pages.forEach((page, index) => {
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('PLACEHOLDER');
      expect(page.body.split(`nonce="${nonces[index]}"`)).toHaveLength(3);
      expect(page.headers['content-security-policy']).toContain("connect-src 'self' ws://app.example:8443;");
    });
    const odd = await t.inject({ method: 'GET', url: '/', headers: { host: 'evil; script-src *' } });
    expect(odd.headers['content-security-policy']).toContain("connect-src 'self';");
    expect(odd.headers['content-security-policy']).not.toContain('script-src *');
  });

  it('answers HEAD on a page as GET without the body: same status and headers (preloads included)', async () => {
    const admin = await t.signIn('admin@demo.myeai.local');
    for (const [url, cookie] of [['/', undefined], ['/dashboard', admin], ['/trading-admin?tab=assets', admin]] as const) {
      const get = await t.inject({ method: 'GET', url, cookie });
      const head = await t.inject({ method: 'HEAD', url, cookie });
      expect(head.statusCode, url).toBe(200);
      expect(head.body, url).toBe('');
      for (const header of ['content-type', 'content-length', 'cache-control', 'etag', 'link']) expect(head.headers[header], `${url} ${header}`).toEqual(get.headers[header]);
    }
    const api = await t.inject({ method: 'HEAD', url: '/api/no-such-route' });
    expect(api.statusCode).toBe(404);
  });

  it.each(['/api/docs/static/index.html', '/api/docs/static/index.html?x=1', '/api/docs/static/index.html/', '/api/docs/static/index.html/?url=https://evil.example'])(
    '%s redirects once, to the API reference, never to itself',
    async (url) => {
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/api/docs/');
      const page = await t.inject({ method: 'GET', url: response.headers.location });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
    },
  );

  it('answers a missing /assets/ file 404 (not the page), and still serves the build’s own files', async () => {
    for (const url of ['/assets/index-OLDHASH.js', '/assets/nested/gone.css?v=1', '/assets/']) {
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^text\/plain/);
      expect(response.body, url).not.toContain('<title>MYEAI</title>');
    }
    const head = await t.inject({ method: 'HEAD', url: '/assets/index-OLDHASH.js' });
    expect(head.statusCode).toBe(404);
    const own = await t.inject({ method: 'GET', url: '/assets/a.js' });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toMatch(/javascript/);
    // A route that merely starts like the folder is still a page.
    expect((await t.inject({ method: 'GET', url: '/assets-overview' })).statusCode).toBe(200);
  });

  it('names the build it serves on every answer (page, file, API, error), as the page’s own meta tag says', async () => {
    const affiliate = await t.signIn('affiliate@demo.myeai.local');
    const answers = await Promise.all([
      t.inject({ method: 'GET', url: '/dashboard' }),
      t.inject({ method: 'HEAD', url: '/' }),
      t.inject({ method: 'GET', url: '/assets/a.js' }),
      t.inject({ method: 'GET', url: '/api/auth/profile', cookie: affiliate }),
      t.inject({ method: 'GET', url: '/api/auth/profile' }),
      t.inject({ method: 'GET', url: '/assets/gone.js' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 401, 404]);
    for (const answer of answers) expect(answer.headers['x-myeai-build']).toBe('build-1');
    expect(answers[0]!.body).toContain('<meta name="myeai-build" content="build-1">');
  });
});
