import { parsePrice } from './track-record.ts';

/**
 * Binance's public klines (GET /api/v3/klines, issue 32 item 1b; decision 068): the answer read
 * into candles for the price store, or refused whole. A kline is
 * [openTime, open, high, low, close, volume, closeTime, ...] with times in epoch milliseconds and
 * prices as decimal text. Binance stamps a kline with its open time; the store's `time` is the
 * instant the close applies (decision 062), which is closeTime + 1 ms (closeTime is the interval's
 * last millisecond). A kline still open at `now` (its close instant after `now`) is left out: its
 * close is not a price yet. Only the parsing is here; the adapter, its polling and the stand-in
 * server tests are not built yet.
 */
export type ProviderCandle = { time: Date; open: number; high: number; low: number; close: number };

export type KlinesRead = { ok: true; candles: ProviderCandle[] } | { ok: false; message: string };

export const KLINES_MESSAGES = {
  notArray: 'The provider did not answer a list of klines.',
  badKline: (index: number) => `Kline ${index} is not [openTime, open, high, low, close, volume, closeTime, ...] with positive prices.`,
  inconsistent: (index: number) => `Kline ${index} has a low above its open or close, or a high below them.`,
} as const;

export function readBinanceKlines(body: unknown, now: Date): KlinesRead {
  if (!Array.isArray(body)) return { ok: false, message: KLINES_MESSAGES.notArray };
  const candles: ProviderCandle[] = [];
  for (const [index, kline] of body.entries()) {
    if (!Array.isArray(kline) || kline.length < 7) return { ok: false, message: KLINES_MESSAGES.badKline(index) };
    const [openTime, ...rest] = kline as unknown[];
    const closeTime = rest[5];
    const prices = rest.slice(0, 4).map((value) => (typeof value === 'string' ? parsePrice(value) : null));
    if (!Number.isSafeInteger(openTime) || !Number.isSafeInteger(closeTime) || (closeTime as number) < (openTime as number) || prices.some((price) => price === null)) {
      return { ok: false, message: KLINES_MESSAGES.badKline(index) };
    }
    const [open, high, low, close] = prices as [number, number, number, number];
    if (low > Math.min(open, close) || high < Math.max(open, close)) return { ok: false, message: KLINES_MESSAGES.inconsistent(index) };
    const time = new Date((closeTime as number) + 1);
    if (time.getTime() > now.getTime()) continue;
    candles.push({ time, open, high, low, close });
  }
  return { ok: true, candles };
}
