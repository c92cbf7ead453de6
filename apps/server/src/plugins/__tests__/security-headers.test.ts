import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { securityHeaders } from '../security-headers.ts';

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

  it('are helmet’s, computed once, without a content security policy or COEP', () => {
    const headers = securityHeaders();
    expect(headers).toMatchObject(EXPECTED);
    expect(headers).not.toHaveProperty('content-security-policy');
    expect(headers).not.toHaveProperty('cross-origin-embedder-policy');
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
    for (const response of responses) expect(response.headers).toMatchObject(EXPECTED);
  });
});
