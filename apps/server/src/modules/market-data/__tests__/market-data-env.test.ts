import { describe, expect, it } from 'vitest';
import { readServerEnv } from '../../../env.ts';

describe('MARKET_DATA_PROVIDER, MARKET_DATA_URL, MARKET_DATA_API_KEY (decision 071)', () => {
  it('is none by default: no provider is configured', () => {
    expect(readServerEnv({}).config.marketData).toBeUndefined();
    expect(readServerEnv({ MARKET_DATA_PROVIDER: 'none', MARKET_DATA_URL: 'http://127.0.0.1:9' }).config.marketData).toBeUndefined();
  });
  it('binance uses the public API unless a URL is given, with the key when there is one', () => {
    expect(readServerEnv({ MARKET_DATA_PROVIDER: 'binance' }).config.marketData).toEqual({ provider: 'binance', baseUrl: 'https://api.binance.com', apiKey: undefined, timeoutMs: 10_000 });
    expect(readServerEnv({ MARKET_DATA_PROVIDER: 'binance', MARKET_DATA_URL: 'http://127.0.0.1:8080/binance/', MARKET_DATA_API_KEY: 'k' }).config.marketData).toMatchObject({ baseUrl: 'http://127.0.0.1:8080/binance', apiKey: 'k' });
  });
  it('refuses an unknown provider and a URL that is not http(s)', () => {
    expect(() => readServerEnv({ MARKET_DATA_PROVIDER: 'twelvedata' })).toThrow(/MARKET_DATA_PROVIDER is none or binance/);
    expect(() => readServerEnv({ MARKET_DATA_PROVIDER: 'binance', MARKET_DATA_URL: 'ftp://x' })).toThrow(/MARKET_DATA_URL/);
  });
});
