import { useQuery } from '@tanstack/react-query';
import { apiPath, marketDataPaths, PriceCoverageSchema, PriceImportResponseSchema, type PriceImportInput } from '@myeai/domain';
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
