import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { API_DOCS_CONTENT_SECURITY_POLICY, contentSecurityPolicy, PLAIN_PAGE_STYLE, securityHeaders } from '../security-headers.ts';

const EXPECTED = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
};

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('are helmet’s, computed once, with our content security policy and without COEP', () => {
    const headers = securityHeaders();
    expect(headers).toMatchObject(EXPECTED);
    expect(headers['content-security-policy']).toBe(contentSecurityPolicy());
    expect(headers).not.toHaveProperty('cross-origin-embedder-policy');
  });

  it('has a policy that names each outside source and allows no inline script', () => {
    const plainPageStyle = `'sha256-${createHash('sha256').update(PLAIN_PAGE_STYLE).digest('base64')}'`;
    expect(contentSecurityPolicy({ nonce: 'abc', socketOrigin: 'wss://app.example' }).split('; ')).toEqual([
      "default-src 'self'",
      "base-uri 'self'",
      "object-src 'none'",
      "script-src 'self'",
      "script-src-attr 'none'",
      `style-src 'self' ${plainPageStyle} 'nonce-abc'`,
      "img-src 'self' data: blob: https:",
      "font-src 'self' data:",
      "connect-src 'self' wss://app.example",
      'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
      "form-action 'self' https://checkout.stripe.com",
      "frame-ancestors 'self'",
    ]);
    expect(API_DOCS_CONTENT_SECURITY_POLICY).toContain("style-src 'self' 'unsafe-inline';");
    expect(API_DOCS_CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
  });

  it('come with every response: public, signed-in, refused and unknown routes', async () => {
    const cookie = await t.signIn('affiliate@demo.myeai.local');
    const responses = await Promise.all([
      t.inject({ method: 'GET', url: '/api/health' }),
      t.inject({ method: 'GET', url: '/api/notifications', cookie }),
      t.inject({ method: 'GET', url: '/api/admin/jobs', cookie }),
      t.inject({ method: 'GET', url: '/api/no-such-route' }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 403, 404]);
    for (const response of responses) expect(response.headers).toMatchObject({ ...EXPECTED, 'content-security-policy': contentSecurityPolicy() });
  });
});
