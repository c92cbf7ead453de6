import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminTraderListSchema,
  AdminTraderSchema,
  apiPath,
  AssetListSchema,
  AssetSchema,
  ConsensusStatusSchema,
  DetailedWindowListSchema,
  FlowChartSchema,
  FlowFeedSchema,
  LeaderboardSchema,
  PerformanceWeightsBacktestSchema,
  performanceWeightsPaths,
  TimeframeListSchema,
  TimeframeSchema,
  tradingAdminStatsPaths,
  TradingAdminStatsSchema,
  tradingFlowPaths,
  tradingMarketPaths,
  tradingSettingsPaths,
  TradingSettingsSchema,
  type CreateAssetInput,
  type CreateTimeframeInput,
  type FlowRange,
  tradingTradersPaths,
  type UpdateAssetInput,
  type UpdateTimeframeInput,
  type UpdateTraderInput,
  type UpdateTradingSettingsInput,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLiveFallbackInterval } from '../../../lib/live-channel.tsx';

/** Admin data polls every 60 s (spec 3 section 9) only while the live socket is down. */
export const ADMIN_POLL_MS = 60_000;

export const tradingAdminKeys = {
  all: ['trading-admin'] as const,
  stats: ['trading-admin', 'stats'] as const,
  assets: (includeInactive: boolean) => ['trading-admin', 'assets', includeInactive] as const,
  timeframes: (includeInactive: boolean) => ['trading-admin', 'timeframes', includeInactive] as const,
  traders: ['trading-admin', 'traders'] as const,
  settings: ['trading-admin', 'settings'] as const,
  status: ['trading-admin', 'status'] as const,
  leaderboard: ['trading-admin', 'leaderboard'] as const,
  flow: (range: FlowRange) => ['trading-admin', 'flow', range] as const,
  windows: ['trading-admin', 'windows'] as const,
  feed: ['trading-admin', 'feed'] as const,
};

const get = <T extends Parameters<typeof apiRequest>[1]['schema']>(path: string, schema: T) => apiRequest(path, { schema });

export function useAdminStats() {
  const refetchInterval = useLiveFallbackInterval(ADMIN_POLL_MS);
  return useQuery({ queryKey: tradingAdminKeys.stats, queryFn: () => get(apiPath(tradingAdminStatsPaths.stats), TradingAdminStatsSchema), refetchInterval });
}

export function useAdminAssets(includeInactive: boolean) {
  return useQuery({
    queryKey: tradingAdminKeys.assets(includeInactive),
    queryFn: () => get(`${apiPath(tradingMarketPaths.adminAssets)}?include_inactive=${includeInactive}`, AssetListSchema),
    placeholderData: keepPreviousData,
    select: (data) => data.assets,
  });
}

export function useAdminTimeframes(includeInactive: boolean) {
  return useQuery({
    queryKey: tradingAdminKeys.timeframes(includeInactive),
    queryFn: () => get(`${apiPath(tradingMarketPaths.adminTimeframes)}?include_inactive=${includeInactive}`, TimeframeListSchema),
    placeholderData: keepPreviousData,
    select: (data) => data.timeframes,
  });
}

export function useAdminTraders() {
  return useQuery({ queryKey: tradingAdminKeys.traders, queryFn: () => get(apiPath(tradingTradersPaths.list), AdminTraderListSchema) });
}

export function useAdminSettings() {
  return useQuery({ queryKey: tradingAdminKeys.settings, queryFn: () => get(apiPath(tradingSettingsPaths.settings), TradingSettingsSchema) });
}

export function useConsensusStatus() {
  const refetchInterval = useLiveFallbackInterval(ADMIN_POLL_MS);
  return useQuery({ queryKey: tradingAdminKeys.status, queryFn: () => get(apiPath(tradingAdminStatsPaths.consensusStatus), ConsensusStatusSchema), refetchInterval });
}

export function useLeaderboard() {
  const refetchInterval = useLiveFallbackInterval(ADMIN_POLL_MS);
  return useQuery({ queryKey: tradingAdminKeys.leaderboard, queryFn: () => get(apiPath(tradingAdminStatsPaths.leaderboard), LeaderboardSchema), refetchInterval });
}

export function useFlowChart(range: FlowRange) {
  const refetchInterval = useLiveFallbackInterval(ADMIN_POLL_MS);
  return useQuery({
    queryKey: tradingAdminKeys.flow(range),
    queryFn: () => get(`${apiPath(tradingFlowPaths.flow)}?range=${range}`, FlowChartSchema),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

export function useDetailedWindows() {
  const refetchInterval = useLiveFallbackInterval(ADMIN_POLL_MS);
  return useQuery({ queryKey: tradingAdminKeys.windows, queryFn: () => get(`${apiPath(tradingFlowPaths.detailedWindows)}?limit=6`, DetailedWindowListSchema), refetchInterval });
}

export function useFlowFeed() {
  const refetchInterval = useLiveFallbackInterval(ADMIN_POLL_MS);
  return useQuery({ queryKey: tradingAdminKeys.feed, queryFn: () => get(`${apiPath(tradingFlowPaths.feed)}?limit=20`, FlowFeedSchema), refetchInterval });
}

/** Every write refreshes the whole admin area from the server (no optimistic updates). */
function useAdminMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: tradingAdminKeys.all }) });
}

export const useCreateAsset = () => useAdminMutation((body: CreateAssetInput) => apiRequest(apiPath(tradingMarketPaths.adminAssets), { method: 'POST', body, schema: AssetSchema }));
export const useUpdateAsset = () =>
  useAdminMutation(({ id, body }: { id: string; body: UpdateAssetInput }) => apiRequest(apiPath(tradingMarketPaths.adminAsset, { id }), { method: 'PUT', body, schema: AssetSchema }));
export const useDeactivateAsset = () => useAdminMutation((id: string) => apiRequest(apiPath(tradingMarketPaths.adminAsset, { id }), { method: 'DELETE', schema: AssetSchema }));

export const useCreateTimeframe = () =>
  useAdminMutation((body: CreateTimeframeInput) => apiRequest(apiPath(tradingMarketPaths.adminTimeframes), { method: 'POST', body, schema: TimeframeSchema }));
export const useUpdateTimeframe = () =>
  useAdminMutation(({ id, body }: { id: string; body: UpdateTimeframeInput }) => apiRequest(apiPath(tradingMarketPaths.adminTimeframe, { id }), { method: 'PUT', body, schema: TimeframeSchema }));
export const useDeactivateTimeframe = () => useAdminMutation((id: string) => apiRequest(apiPath(tradingMarketPaths.adminTimeframe, { id }), { method: 'DELETE', schema: TimeframeSchema }));

export const useUpdateTrader = () =>
  useAdminMutation(({ userId, body }: { userId: string; body: UpdateTraderInput }) => apiRequest(apiPath(tradingTradersPaths.one, { userId }), { method: 'PUT', body, schema: AdminTraderSchema }));

export const useUpdateSettings = () =>
  useAdminMutation((body: UpdateTradingSettingsInput) => apiRequest(apiPath(tradingSettingsPaths.settings), { method: 'PUT', body, schema: TradingSettingsSchema }));

/** The performance-weights backtest (decision 072): run on demand (it re-derives every stored window), never polled. */
export function usePerformanceWeightsBacktest() {
  return useQuery({
    queryKey: ['trading-admin', 'performance-weights-backtest'] as const,
    enabled: false,
    queryFn: () => get(apiPath(performanceWeightsPaths.backtest), PerformanceWeightsBacktestSchema),
  });
}
