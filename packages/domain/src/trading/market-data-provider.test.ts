import { describe, expect, it } from 'vitest';
import {
  bandKey,
  binanceSymbolOf,
  nextPollDelayMs,
  neutralBandBps,
  pollStartOf,
  PROVIDER_MAX_BACKOFF_MS,
  PROVIDER_POLL_MS,
} from './market-data-provider.ts';
import { defaultNeutralBandBps } from './track-record.ts';

describe('binanceSymbolOf', () => {
  it('maps the catalogue crypto assets quoted in USD to their USDT pair', () => {
    expect(binanceSymbolOf({ symbol: 'BTC/USD', assetClass: 'crypto' })).toBe('BTCUSDT');
    expect(binanceSymbolOf({ symbol: 'eth/usd', assetClass: 'crypto' })).toBe('ETHUSDT');
    expect(binanceSymbolOf({ symbol: 'SOL/USDT', assetClass: 'crypto' })).toBe('SOLUSDT');
  });
  it('skips what Binance cannot price: other classes and other quotes', () => {
    expect(binanceSymbolOf({ symbol: 'EUR/USD', assetClass: 'forex' })).toBeNull();
    expect(binanceSymbolOf({ symbol: 'XAU/USD', assetClass: 'commodities' })).toBeNull();
    expect(binanceSymbolOf({ symbol: 'AAPL', assetClass: 'stocks' })).toBeNull();
    expect(binanceSymbolOf({ symbol: 'BTC/EUR', assetClass: 'crypto' })).toBeNull();
    expect(binanceSymbolOf({ symbol: 'BTC', assetClass: 'crypto' })).toBeNull();
  });
});

describe('nextPollDelayMs', () => {
  it('polls every 5 minutes while the provider answers, doubles per failure, at most an hour', () => {
    expect(nextPollDelayMs(0)).toBe(PROVIDER_POLL_MS);
    expect(nextPollDelayMs(1)).toBe(10 * 60_000);
    expect(nextPollDelayMs(2)).toBe(20 * 60_000);
    expect(nextPollDelayMs(3)).toBe(40 * 60_000);
    expect(nextPollDelayMs(4)).toBe(PROVIDER_MAX_BACKOFF_MS);
    expect(nextPollDelayMs(500)).toBe(PROVIDER_MAX_BACKOFF_MS);
  });
});

describe('pollStartOf', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('starts at the last stored candle, or one page back with none, never after now', () => {
    expect(pollStartOf(new Date('2026-11-23T11:00:00Z'), now).toISOString()).toBe('2026-11-23T11:00:00.000Z');
    expect(pollStartOf(null, now).getTime()).toBe(now.getTime() - 1000 * 5 * 60_000);
    expect(pollStartOf(new Date('2026-11-24T00:00:00Z'), now).getTime()).toBe(now.getTime());
  });
});

describe('neutralBandBps', () => {
  const d1 = { id: 'd1', minutes: 1440 };
  it('answers the override of the asset class and timeframe, else the default', () => {
    const overrides = new Map([[bandKey('crypto', 'd1'), 120]]);
    expect(neutralBandBps(overrides, 'crypto', d1)).toBe(120);
    expect(neutralBandBps(overrides, 'forex', d1)).toBe(defaultNeutralBandBps('forex', 1440));
    expect(neutralBandBps(new Map(), 'crypto', d1)).toBe(75);
  });
});
