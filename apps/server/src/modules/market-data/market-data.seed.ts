import type { DbOrTx } from '@myeai/db';
import { DAILY_MOVE_BPS, PRICE_CSV_COLUMNS, type AssetClass } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { hasPricesFrom, selectAssetClasses } from './market-data.queries.ts';
import { importPrices } from './market-data.service.ts';

const MINUTE = 60_000;
/** 5-minute candles price every timeframe (a candle is the price for one timeframe after it). */
const CANDLE_MS = 5 * MINUTE;
/** The demo history spans a week (trading-history.seed.ts); the prices start a day before it. */
const SPAN_MS = 8 * 24 * 60 * MINUTE;
export const DEMO_PRICE_SOURCE = 'demo';

/** Where each catalogue asset's demo series starts (about its level in late 2026), and its decimals. */
const START: Record<string, { price: number; decimals: number }> = {
  'EUR/USD': { price: 1.0834, decimals: 5 },
  'GBP/USD': { price: 1.2712, decimals: 5 },
  'USD/JPY': { price: 151.24, decimals: 3 },
  'BTC/USD': { price: 64_250, decimals: 2 },
  'ETH/USD': { price: 3_410, decimals: 2 },
  US500: { price: 5_420, decimals: 2 },
  NAS100: { price: 19_050, decimals: 2 },
  GER40: { price: 18_480, decimals: 2 },
  'XAU/USD': { price: 2_385, decimals: 2 },
  WTI: { price: 77.6, decimals: 2 },
  AAPL: { price: 226.4, decimals: 2 },
  TSLA: { price: 241.8, decimals: 2 },
};

/** A small seeded generator (mulberry32): the same series on every seed. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const seedOf = (symbol: string) => [...symbol].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16_777_619) >>> 0, 2_166_136_261);

/** A standard normal draw (Box-Muller). */
const normal = (random: () => number) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/**
 * One asset's 5-minute candles from `from` to `to` as CSV lines: a random walk whose 5-minute
 * moves have the asset class's typical daily move (the bands' DAILY_MOVE_BPS) scaled by the square
 * root of time, so about as many calls hit and miss as real prices would give. Seeded by the symbol:
 * the same walk on every seed, shifted to the seed's clock.
 */
export function demoCandleLines(symbol: string, assetClass: AssetClass, from: number, to: number): string[] {
  const start = START[symbol] ?? { price: 100, decimals: 2 };
  const random = randomSource(seedOf(symbol));
  const sigma = DAILY_MOVE_BPS[assetClass] / 10_000 / Math.sqrt(288);
  const unit = 10 ** start.decimals;
  const text = (value: number) => (value / unit).toFixed(start.decimals);
  let close = Math.round(start.price * unit);
  const lines: string[] = [];
  for (let time = from; time <= to; time += CANDLE_MS) {
    const open = close;
    close = Math.max(1, Math.round(open * Math.exp(sigma * normal(random))));
    const high = Math.max(open, close) + Math.round(Math.abs(normal(random)) * sigma * 0.5 * open);
    const low = Math.max(1, Math.min(open, close) - Math.round(Math.abs(normal(random)) * sigma * 0.5 * open));
    lines.push(`${symbol},${new Date(time).toISOString()},${text(open)},${text(high)},${text(low)},${text(close)}`);
  }
  return lines;
}

/**
 * The demo's price series (issue 32, decision 068): 5-minute candles of every catalogue asset over
 * the seeded week, imported through the admin's import (source "demo") so that the same code
 * stores them and scores the seeded calls and votes. Runs once: a database holding demo prices is
 * left alone.
 */
export async function seedMarketDataDemo(db: DbOrTx, clock: Clock, adminId: string): Promise<void> {
  if (await hasPricesFrom(db, DEMO_PRICE_SOURCE)) return;
  const now = clock.now().getTime();
  const to = Math.floor(now / CANDLE_MS) * CANDLE_MS;
  const from = to - SPAN_MS;
  const lines = [PRICE_CSV_COLUMNS.join(',')];
  for (const asset of await selectAssetClasses(db)) lines.push(...demoCandleLines(asset.symbol, asset.assetClass as AssetClass, from, to));
  await importPrices(db, clock, adminId, { csv: lines.join('\n'), mode: 'commit', on_errors: 'import_nothing', source: DEMO_PRICE_SOURCE });
}
