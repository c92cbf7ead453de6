import { useQuery } from '@tanstack/react-query';
import { apiPath, marketDataPaths, marketProviderPaths, MarketProviderStateSchema, NeutralBandsSchema, PriceCoverageSchema, PriceImportResponseSchema, type NeutralBandsInput, type PriceImportInput } from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';

export const marketDataKeys = {
  all: ['market-data'] as const,
  coverage: ['market-data', 'coverage'] as const,
};

/** Per catalogue asset: the stored candles and the calls scored or awaiting prices. */
export function usePriceCoverage() {
  return useQuery({ queryKey: marketDataKeys.coverage, queryFn: () => apiRequest(apiPath(marketDataPaths.coverage), { schema: PriceCoverageSchema }) });
}

/** Sends the CSV to the server: a preview (nothing stored) or the commit (the coverage is read again). */
export function usePriceImport() {
  return useRefreshingMutation(marketDataKeys.all, (input: Pick<PriceImportInput, 'csv' | 'mode' | 'on_errors'>) =>
    apiRequest(apiPath(marketDataPaths.importPrices), { method: 'POST', body: input, schema: PriceImportResponseSchema }),
  );
}

/** The market data provider: what is configured, its polls, and which assets it prices (decision 071). */
export function useProviderState() {
  return useQuery({ queryKey: [...marketDataKeys.all, 'provider'], queryFn: () => apiRequest(apiPath(marketProviderPaths.provider), { schema: MarketProviderStateSchema }) });
}

/** The neutral band of every asset class and timeframe. */
export function useNeutralBands() {
  return useQuery({ queryKey: [...marketDataKeys.all, 'bands'], queryFn: () => apiRequest(apiPath(marketProviderPaths.bands), { schema: NeutralBandsSchema }) });
}

/** Saves bands; the answer says how many calls and votes were scored again. */
export function useSaveNeutralBands() {
  return useRefreshingMutation(marketDataKeys.all, (input: NeutralBandsInput) => apiRequest(apiPath(marketProviderPaths.bands), { method: 'PUT', body: input, schema: NeutralBandsSchema }));
}
