import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_SCALE } from '@myeai/domain';
import { BinanceKlinesProvider, providerFor, ProviderError } from '../provider/market-data-provider.ts';
import { closeAt, startKlinesStandIn, type KlinesStandIn } from './binance-stand-in.ts';

const STEP = 5 * 60_000;
const BTC = { id: 'btc', symbol: 'BTC/USD', assetClass: 'crypto' };

/** The Binance adapter alone against the local stand-in (decision 071). */
describe('BinanceKlinesProvider', () => {
  let standIn: KlinesStandIn;
  const now = new Date('2026-11-23T12:00:00.000Z');
  beforeAll(async () => {
    standIn = await startKlinesStandIn(new Date(now.getTime() + 10 * 60_000));
  });
  afterAll(() => standIn.close());

  it('asks for 5-minute klines from `since` and reads them as candles stamped at their close instant, none after now', async () => {
    const provider = new BinanceKlinesProvider({ baseUrl: standIn.url, apiKey: undefined, timeoutMs: 5000 });
    const since = new Date(now.getTime() - 3 * STEP);
    const candles = await provider.fetchCandles(BTC, since, now);
    expect(standIn.requests.at(-1)).toMatchObject({ path: '/api/v3/klines', symbol: 'BTCUSDT', interval: '5m', startTime: since.getTime(), limit: 1000, apiKey: undefined });
    // Klines opening at since, +5, +10 close at +5, +10, +15 (= now); the ones opening at now and later are still open or in the future.
    expect(candles.map((candle) => candle.time.toISOString())).toEqual([1, 2, 3].map((k) => new Date(since.getTime() + k * STEP).toISOString()));
    expect(candles[0]!.close).toBe(Math.round(Number(closeAt('BTCUSDT', since.getTime() / STEP)) * 100) * (PRICE_SCALE / 100));
  });

  it('keeps the base URL path (a mirror) and sends the key when there is one', async () => {
    const provider = new BinanceKlinesProvider({ baseUrl: `${standIn.url}/mirror`, apiKey: 'key-1', timeoutMs: 5000 });
    await provider.fetchCandles(BTC, new Date(now.getTime() - STEP), now);
    expect(standIn.requests.at(-1)).toMatchObject({ path: '/mirror/api/v3/klines', apiKey: 'key-1' });
  });

  it('refuses an asset it cannot price, and answers a ProviderError for each recorded failure', async () => {
    const provider = new BinanceKlinesProvider({ baseUrl: standIn.url, apiKey: undefined, timeoutMs: 500 });
    await expect(provider.fetchCandles({ id: 'eur', symbol: 'EUR/USD', assetClass: 'forex' }, now, now)).rejects.toThrow(ProviderError);
    const failures: [KlinesStandIn['mode'], RegExp][] = [
      ['error_object', /did not answer a list of klines/],
      ['html', /not JSON/],
      ['short_kline', /Kline 0 is not/],
      ['down', /HTTP 503/],
      ['hang', /no answer within 500 ms/],
    ];
    for (const [mode, message] of failures) {
      standIn.mode = mode;
      await expect(provider.fetchCandles(BTC, now, now)).rejects.toThrow(message);
    }
    standIn.mode = 'good';
    // Nobody listening: the reason is named.
    const closed = await startKlinesStandIn(now);
    const gone = closed.url;
    await closed.close();
    await expect(new BinanceKlinesProvider({ baseUrl: gone, apiKey: undefined, timeoutMs: 500 }).fetchCandles(BTC, now, now)).rejects.toThrow(/could not be reached \(ECONNREFUSED\)/);
  });

  it('is built from the configuration, none without one', () => {
    expect(providerFor(undefined)).toBeUndefined();
    expect(providerFor({ provider: 'binance', baseUrl: 'https://api.binance.com', apiKey: undefined, timeoutMs: 10_000 })?.name).toBe('binance');
  });
});
