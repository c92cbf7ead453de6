import { describe, expect, test } from 'vitest';
import { readServerEnv } from '../../../env.ts';

const PRICES = { STRIPE_PRICE_WEEKLY: 'price_w', STRIPE_PRICE_4WEEKS: 'price_4', STRIPE_PRICE_12WEEKS: 'price_12', STRIPE_PRICE_52WEEKS: 'price_52' };

describe('Stripe configuration', () => {
  test('without a secret key the embedded provider is used', () => {
    expect(readServerEnv({}).config.stripe).toBeUndefined();
  });

  test('a secret key brings the webhook secret, the four prices and the optional API base', () => {
    const { config } = readServerEnv({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_API_BASE: 'http://127.0.0.1:12111', ...PRICES });
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      publishableKey: 'pk_test_1',
      prices: { weekly: 'price_w', '4weeks': 'price_4', '12weeks': 'price_12', '52weeks': 'price_52' },
      apiBase: 'http://127.0.0.1:12111',
    });
  });

  test('a secret key without the rest stops the server with the names of what is missing', () => {
    expect(() => readServerEnv({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PRICE_WEEKLY: 'price_w' })).toThrow(
      'STRIPE_SECRET_KEY is set, so these must be set too: STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_4WEEKS, STRIPE_PRICE_12WEEKS, STRIPE_PRICE_52WEEKS',
    );
  });
});
