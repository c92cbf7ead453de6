import { describe, expect, it } from 'vitest';
import { KLINES_MESSAGES, readBinanceKlines } from './binance-klines.ts';

// Two 1-hour klines as Binance's GET /api/v3/klines answers them (documented shape; values abridged).
const KLINE_A = [1764316800000, '91234.56000000', '91500.00000000', '91000.01000000', '91420.10000000', '812.34', 1764320399999, '7.4e7', 1200, '400.1', '3.6e7', '0'];
const KLINE_B = [1764320400000, '91420.10000000', '91600.00000000', '91300.00000000', '91310.00000000', '640.00', 1764323999999, '5.8e7', 980, '300.0', '2.7e7', '0'];

describe('readBinanceKlines', () => {
  it('reads klines into candles stamped at the instant their close applies, in 8-decimal units', () => {
    const read = readBinanceKlines([KLINE_A, KLINE_B], new Date('2026-11-28T10:00:00Z'));
    expect(read).toEqual({
      ok: true,
      candles: [
        { time: new Date(1764320400000), open: 9_123_456_000_000, high: 9_150_000_000_000, low: 9_100_001_000_000, close: 9_142_010_000_000 },
        { time: new Date(1764324000000), open: 9_142_010_000_000, high: 9_160_000_000_000, low: 9_130_000_000_000, close: 9_131_000_000_000 },
      ],
    });
  });

  it('leaves out a kline still open at now (no future price)', () => {
    const read = readBinanceKlines([KLINE_A, KLINE_B], new Date(1764323999999));
    expect(read.ok && read.candles.map((candle) => candle.time.getTime())).toEqual([1764320400000]);
  });

  it('refuses garbage whole: not a list, a short kline, a non-numeric or non-positive price, a low above the close', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    expect(readBinanceKlines({ code: -1121, msg: 'Invalid symbol.' }, now)).toEqual({ ok: false, message: KLINES_MESSAGES.notArray });
    expect(readBinanceKlines([KLINE_A, [1, '2']], now)).toEqual({ ok: false, message: KLINES_MESSAGES.badKline(1) });
    expect(readBinanceKlines([[...KLINE_A.slice(0, 4), 'abc', ...KLINE_A.slice(5)]], now)).toEqual({ ok: false, message: KLINES_MESSAGES.badKline(0) });
    expect(readBinanceKlines([[...KLINE_A.slice(0, 4), '0', ...KLINE_A.slice(5)]], now)).toEqual({ ok: false, message: KLINES_MESSAGES.badKline(0) });
    expect(readBinanceKlines([[...KLINE_A.slice(0, 3), '91450', ...KLINE_A.slice(4)]], now)).toEqual({ ok: false, message: KLINES_MESSAGES.inconsistent(0) });
  });
});
