import { describe, expect, expectTypeOf, test } from 'vitest';
import { apiPath, type PathParamNames } from './api-paths.ts';
import { affiliateLinkPath } from './products/product-rules.ts';
import { shortLinkPath } from './referrals/referral-rules.ts';
import { trackingPaths } from './schemas/products.ts';
import { referralsPaths } from './schemas/referrals.ts';

describe('apiPath (fills the :param placeholders of an API path template)', () => {
  test('a template without placeholders is returned as it is', () => {
    expect(apiPath('/api/leads')).toBe('/api/leads');
  });

  test('each placeholder takes its value, in any position and order of the params', () => {
    expect(apiPath('/api/leads/:id', { id: 'a1' })).toBe('/api/leads/a1');
    expect(apiPath('/api/leads/:id/stage', { id: 'a1' })).toBe('/api/leads/a1/stage');
    expect(apiPath('/api/trading/alerts/follows/:asset_id/:timeframe_id', { timeframe_id: 'tf', asset_id: 'btc' })).toBe(
      '/api/trading/alerts/follows/btc/tf',
    );
    expect(apiPath('/api/admin/jobs/:id/retry', { id: 42 })).toBe('/api/admin/jobs/42/retry');
  });

  test('a value is URI-encoded, so it stays one path segment and cannot add a query', () => {
    expect(apiPath('/api/leads/:id', { id: 'a/b?c=1#d e' })).toBe('/api/leads/a%2Fb%3Fc%3D1%23d%20e');
    expect(apiPath('/api/leads/:id', { id: '..' })).toBe('/api/leads/..');
    expect(apiPath('/api/leads/:id', { id: 'é' })).toBe('/api/leads/%C3%A9');
  });

  test('a missing or empty value throws instead of calling another route', () => {
    const fill = apiPath as (template: string, params?: Record<string, unknown>) => string;
    expect(() => fill('/api/leads/:id')).toThrow('apiPath: no value for :id in /api/leads/:id');
    expect(() => fill('/api/leads/:id', {})).toThrow(':id');
    expect(() => fill('/api/leads/:id', { id: '' })).toThrow(':id');
    expect(() => fill('/api/leads/:id', { id: undefined })).toThrow(':id');
    expect(() => fill('/api/leads/:id', { id: null })).toThrow(':id');
    expect(() => fill('/api/a/:x/:y', { x: '1' })).toThrow(':y');
    // An inherited property is no value.
    expect(() => fill('/api/objects/:toString')).toThrow(':toString');
  });

  test('0 is a value', () => {
    expect(apiPath('/api/admin/jobs/:id/retry', { id: 0 })).toBe('/api/admin/jobs/0/retry');
  });

  test('the params a template needs are known to the type checker', () => {
    expectTypeOf<PathParamNames<'/api/leads'>>().toEqualTypeOf<never>();
    expectTypeOf<PathParamNames<'/api/leads/:id/stage'>>().toEqualTypeOf<'id'>();
    expectTypeOf<PathParamNames<'/api/a/:x/b/:y'>>().toEqualTypeOf<'x' | 'y'>();
    // @ts-expect-error the :id param is required
    expect(() => apiPath('/api/leads/:id')).toThrow();
    // @ts-expect-error a param the template does not name
    expect(apiPath('/api/leads/:id', { id: 'a', other: 'b' })).toBe('/api/leads/a');
  });
});

describe('the link builders of the rules agree with the route constants', () => {
  // product-rules and referral-rules cannot import the schema files (which import them), so they
  // write /go and /r themselves; these checks keep them on the routes the server registers.
  test.each(['3f1c2b9e-0000-4000-8000-000000000001', 'a/b c'])('affiliate link of %s', (productId) => {
    expect(affiliateLinkPath(productId, 'AB12 CD')).toBe(`${apiPath(trackingPaths.productLink, { productId })}?ref=AB12%20CD`);
  });

  test.each(['AB12CD', 'with space/slash'])('short link of %s', (code) => {
    expect(shortLinkPath(code)).toBe(apiPath(referralsPaths.shortLink, { code }));
  });
});
