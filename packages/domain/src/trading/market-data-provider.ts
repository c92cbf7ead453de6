import type { AssetClass } from './trading-rules.ts';
import { defaultNeutralBandBps } from './track-record.ts';

/**
 * The market data provider's rules (issue 32 items 1b and 2, decision 071): which catalogue assets
 * a provider can price, how often it is polled and how it backs off, when admins are alerted, and
 * the neutral band in force for an asset class and timeframe.
 */

export const MARKET_DATA_PROVIDERS = ['none', 'binance'] as const;
export type MarketDataProviderName = (typeof MARKET_DATA_PROVIDERS)[number];

/** Binance's public REST API (klines need no key). */
export const BINANCE_DEFAULT_URL = 'https://api.binance.com';

/** The quote currency a catalogue "/USD" crypto asset is read in on Binance (USD itself is not traded there). */
const BINANCE_USD_QUOTE = 'USDT';

/**
 * The Binance symbol of a catalogue asset, or null when Binance cannot price it: crypto assets
 * quoted in USD (BTC/USD -> BTCUSDT, ETH/USD -> ETHUSDT; USDT tracks the dollar within a few bps,
 * far inside every crypto band). Forex, indices, commodities and stocks are not on Binance.
 */
export function binanceSymbolOf(asset: { symbol: string; assetClass: string }): string | null {
  if (asset.assetClass !== 'crypto') return null;
  const match = /^([A-Z0-9]{2,10})\/(USD|USDT)$/.exec(asset.symbol.trim().toUpperCase());
  return match ? `${match[1]}${BINANCE_USD_QUOTE}` : null;
}

/** Candles asked for per asset and poll: 5-minute klines are a price for every timeframe (decision 062). */
export const PROVIDER_INTERVAL_MINUTES = 5;
/** Klines per request (Binance's maximum): 1,000 five-minute candles, about 3.5 days. */
export const PROVIDER_PAGE_SIZE = 1000;
/** How often the provider is polled while it answers. */
export const PROVIDER_POLL_MS = 5 * 60_000;
/** The longest wait between polls while it fails. */
export const PROVIDER_MAX_BACKOFF_MS = 60 * 60_000;
/** Admins are alerted when this many polls in a row have failed (once per outage). */
export const PROVIDER_ALERT_AFTER_FAILURES = 3;
/** A request taking longer than this is a failure (tests lower it). */
export const PROVIDER_DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The wait before the next poll after `consecutiveFailures` failed polls in a row: the poll
 * interval while it answers, doubled per failure (10, 20, 40 minutes), at most an hour.
 */
export function nextPollDelayMs(consecutiveFailures: number): number {
  if (consecutiveFailures <= 0) return PROVIDER_POLL_MS;
  return Math.min(PROVIDER_MAX_BACKOFF_MS, PROVIDER_POLL_MS * 2 ** Math.min(consecutiveFailures, 20));
}

/**
 * Where a poll of one asset starts: its last stored candle (any source), or, for an asset with
 * none, one page of candles back from now. Never after now.
 */
export function pollStartOf(lastStored: Date | null, now: Date): Date {
  const firstPage = now.getTime() - PROVIDER_PAGE_SIZE * PROVIDER_INTERVAL_MINUTES * 60_000;
  const from = lastStored === null ? firstPage : lastStored.getTime();
  return new Date(Math.min(from, now.getTime()));
}

/** Bounds of an admin-set neutral band, in basis points (0.01 % to 50 %). */
export const NEUTRAL_BAND_MIN_BPS = 1;
export const NEUTRAL_BAND_MAX_BPS = 5000;

/** The key of a band override: asset class and timeframe id. */
export const bandKey = (assetClass: string, timeframeId: string) => `${assetClass}|${timeframeId}`;

/** The band in force: the admin's override for the asset class and timeframe, else the default (decision 062). */
export function neutralBandBps(overrides: ReadonlyMap<string, number>, assetClass: AssetClass, timeframe: { id: string; minutes: number }): number {
  return overrides.get(bandKey(assetClass, timeframe.id)) ?? defaultNeutralBandBps(assetClass, timeframe.minutes);
}
