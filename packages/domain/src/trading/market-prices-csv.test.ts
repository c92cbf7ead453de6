import { describe, expect, test } from 'vitest';
import { PRICE_CSV_MESSAGES, readPriceCsv } from './market-prices-csv.ts';

const ASSETS = new Map([
  ['EUR/USD', 'a-eur'],
  ['BTC/USD', 'a-btc'],
]);
const NOW = new Date('2026-11-28T00:00:00Z');
const HEADER = 'asset,time,open,high,low,close';

describe('readPriceCsv', () => {
  test('good rows become exact candles; symbols match whatever their case', () => {
    const read = readPriceCsv(`${HEADER}\neur/usd,2026-11-20T14:00:00Z,1.0801,1.0812,1.0799,1.08105\nBTC/USD,2026-11-20T14:00:00+00:00,64000,64500.5,63900,64250.25\n`, ASSETS, NOW);
    expect(read).toMatchObject({ ok: true, rowsRead: 2, errors: [], duplicates: [] });
    if (!read.ok) return;
    expect(read.candles[0]).toMatchObject({ line: 2, assetId: 'a-eur', close: 108_105_000, time: new Date('2026-11-20T14:00:00Z') });
    expect(read.candles[1]).toMatchObject({ line: 3, assetId: 'a-btc', close: 6_425_025_000_000 });
  });

  test('each bad row is reported with its line number; the good ones are kept', () => {
    const csv = [
      HEADER,
      'EUR/USD,2026-11-20T14:00:00Z,1.08,1.09,1.07,1.085',
      'XYZ,2026-11-20T14:00:00Z,1,1,1,1',
      'EUR/USD,2026-11-20 14:00,1,1,1,1',
      'EUR/USD,2026-11-20T15:00:00,1,1,1,1',
      'EUR/USD,2026-11-20T16:00:00Z,1,1,1,-1',
      'EUR/USD,2026-11-20T17:00:00Z,1,1,1,abc',
      'EUR/USD,2026-11-20T18:00:00Z,1,1.1,1.05,1.2',
      'EUR/USD,2026-11-29T00:00:00Z,1,1,1,1',
      'EUR/USD,2026-11-20T19:00:00Z,1,1',
    ].join('\n');
    const read = readPriceCsv(csv, ASSETS, NOW);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.candles.map((candle) => candle.line)).toEqual([2]);
    expect(read.errors).toEqual([
      { line: 3, message: PRICE_CSV_MESSAGES.unknownAsset('XYZ') },
      { line: 4, message: PRICE_CSV_MESSAGES.badTime },
      { line: 5, message: PRICE_CSV_MESSAGES.badTime },
      { line: 6, message: PRICE_CSV_MESSAGES.badPrice('close') },
      { line: 7, message: PRICE_CSV_MESSAGES.badPrice('close') },
      { line: 8, message: PRICE_CSV_MESSAGES.range },
      { line: 9, message: PRICE_CSV_MESSAGES.futureTime },
      { line: 10, message: PRICE_CSV_MESSAGES.columns },
    ]);
  });

  test('a repeated candle is read once; a repeat with other prices makes both lines errors', () => {
    const csv = [
      HEADER,
      'EUR/USD,2026-11-20T14:00:00Z,1,1,1,1',
      'EUR/USD,2026-11-20T14:00:00.000Z,1,1,1,1',
      'BTC/USD,2026-11-20T14:00:00Z,10,10,10,10',
      'BTC/USD,2026-11-20T14:00:00Z,11,11,11,11',
    ].join('\n');
    const read = readPriceCsv(csv, ASSETS, NOW);
    if (!read.ok) throw new Error(read.message);
    expect(read.candles.map((candle) => candle.line)).toEqual([2]);
    expect(read.duplicates).toEqual([{ line: 3, message: PRICE_CSV_MESSAGES.sameAsLine(2) }]);
    expect(read.errors).toEqual([
      { line: 4, message: PRICE_CSV_MESSAGES.conflictsLater },
      { line: 5, message: PRICE_CSV_MESSAGES.conflictingDuplicate(4) },
    ]);
  });

  test('a wrong header or an empty file is refused as a whole', () => {
    expect(readPriceCsv('symbol,time,close\nEUR/USD,2026-11-20T14:00:00Z,1', ASSETS, NOW)).toEqual({ ok: false, message: PRICE_CSV_MESSAGES.header });
    expect(readPriceCsv(`${HEADER}\n`, ASSETS, NOW)).toEqual({ ok: false, message: PRICE_CSV_MESSAGES.noRows });
  });
});
