import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath, tradingAlertsPaths, TradingAlertsSchema } from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export const tradingAlertKeys = { all: ['trading-alerts'] as const };

/** The user's alert frequency, why they may not follow (if so), their picks and followed cells. */
export function useTradingAlerts() {
  return useQuery({ queryKey: tradingAlertKeys.all, queryFn: () => apiRequest(apiPath(tradingAlertsPaths.list), { schema: TradingAlertsSchema }) });
}

export type AlertCell = { assetId: string; timeframeId: string };

const cellPath = (cell: AlertCell) => apiPath(tradingAlertsPaths.follow, { asset_id: cell.assetId, timeframe_id: cell.timeframeId });

/** Follow (true) or unfollow (false) a cell; the answer is the new list. */
export function useSetFollowing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cell, follow }: { cell: AlertCell; follow: boolean }) =>
      apiRequest(cellPath(cell), { method: follow ? 'PUT' : 'DELETE', schema: TradingAlertsSchema }),
    onSuccess: (saved) => queryClient.setQueryData(tradingAlertKeys.all, saved),
  });
}
