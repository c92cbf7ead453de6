import { binanceSymbolOf, PROVIDER_INTERVAL_MINUTES, PROVIDER_PAGE_SIZE, readBinanceKlines, type MarketDataProviderName, type ProviderCandle } from '@myeai/domain';
import type { MarketDataSettings } from '../../../env.ts';

export type ProviderAsset = { id: string; symbol: string; assetClass: string };

/**
 * A market data provider (issue 32 item 1b, decision 071): the candles of one catalogue asset
 * whose close applies after `since` and not after `now`, or an error (down, garbage, timeout).
 * Candles are stamped at the instant their close applies (decision 062).
 */
export interface MarketDataProvider {
  /** Also the `source` of the candles it stores. */
  readonly name: Exclude<MarketDataProviderName, 'none'>;
  readonly baseUrl: string;
  /** The provider's symbol for a catalogue asset, or null when it cannot price it (the asset is skipped). */
  symbolOf(asset: ProviderAsset): string | null;
  fetchCandles(asset: ProviderAsset, since: Date, now: Date): Promise<ProviderCandle[]>;
}

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
}

/**
 * Binance's public klines (GET /api/v3/klines): 5-minute klines from the one opening at `since`
 * (the last stored candle's close instant), one page of 1,000 per call, read by
 * `readBinanceKlines` (a kline still open at `now` is left out; garbage refuses the whole answer).
 */
export class BinanceKlinesProvider implements MarketDataProvider {
  readonly name = 'binance' as const;
  constructor(private readonly settings: Pick<MarketDataSettings, 'baseUrl' | 'apiKey' | 'timeoutMs'>) {}

  get baseUrl(): string {
    return this.settings.baseUrl;
  }

  symbolOf(asset: ProviderAsset): string | null {
    return binanceSymbolOf(asset);
  }

  async fetchCandles(asset: ProviderAsset, since: Date, now: Date): Promise<ProviderCandle[]> {
    const symbol = this.symbolOf(asset);
    if (!symbol) throw new ProviderError(`Binance does not price ${asset.symbol}.`);
    // Relative to the base URL, so a base with a path (a mirror, a proxy) keeps it.
    const url = new URL('api/v3/klines', `${this.settings.baseUrl}/`);
    url.search = new URLSearchParams({ symbol, interval: `${PROVIDER_INTERVAL_MINUTES}m`, startTime: String(since.getTime()), limit: String(PROVIDER_PAGE_SIZE) }).toString();
    let response: Response;
    try {
      response = await fetch(url, { headers: this.settings.apiKey ? { 'X-MBX-APIKEY': this.settings.apiKey } : {}, signal: AbortSignal.timeout(this.settings.timeoutMs) });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      // fetch says "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND...) is its cause's code.
      const cause = error instanceof Error ? ((error.cause as { code?: unknown } | undefined)?.code ?? error.message) : String(error);
      throw new ProviderError(timedOut ? `${symbol}: no answer within ${this.settings.timeoutMs} ms.` : `${symbol}: the provider could not be reached (${String(cause)}).`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new ProviderError(`${symbol}: the provider answered HTTP ${response.status}.`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new ProviderError(`${symbol}: the provider's answer is not JSON.`);
    }
    const read = readBinanceKlines(body, now);
    if (!read.ok) throw new ProviderError(`${symbol}: ${read.message}`);
    return read.candles;
  }
}

/** The provider configured by MARKET_DATA_PROVIDER, or none. */
export function providerFor(settings: MarketDataSettings | undefined): MarketDataProvider | undefined {
  if (!settings) return undefined;
  switch (settings.provider) {
    case 'binance':
      return new BinanceKlinesProvider(settings);
  }
}
