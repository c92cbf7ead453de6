import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminTraderListSchema,
  AdminTraderSchema,
  AssetListSchema,
  AssetSchema,
  ConsensusStatusSchema,
  DetailedWindowListSchema,
  FlowChartSchema,
  FlowFeedSchema,
  LeaderboardSchema,
  TimeframeListSchema,
  TimeframeSchema,
  TradingAdminStatsSchema,
  TradingSettingsSchema,
  type CreateAssetInput,
  type CreateTimeframeInput,
  type FlowRange,
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
  return useQuery({ queryKey: tradingAdminKeys.stats, queryFn: () => get('/api/trading/admin/stats', TradingAdminStatsSchema), refetchInterval });
}

export function useAdminAssets(includeInactive: boolean) {
  return useQuery({
    queryKey: tradingAdminKeys.assets(includeInactive),
    queryFn: () => get(`/api/trading/admin/assets?include_inactive=${includeInactive}`, AssetListSchema),
    placeholderData: keepPreviousData,
    select: (data) => data.assets,
  });
}

export function useAdminTimeframes(includeInactive: boolean) {
  return useQuery({
    queryKey: tradingAdminKeys.timeframes(includeInactive),
    queryFn: () => get(`/api/trading/admin/timeframes?include_inactive=${includeInactive}`, TimeframeListSchema),
    placeholderData: keepPreviousData,
    select: (data) => data.timeframes,
  });
}

export function useAdminTraders() {
  return useQuery({ queryKey: tradingAdminKeys.traders, queryFn: () => get('/api/trading/admin/traders', AdminTraderListSchema) });
}

export function useAdminSettings() {
  return useQuery({ queryKey: tradingAdminKeys.settings, queryFn: () => get('/api/trading/admin/settings', TradingSettingsSchema) });
}

export function useConsensusStatus() {
  const refetchInterval = useLiveFallbackInterval(ADMIN_POLL_MS);
  return useQuery({ queryKey: tradingAdminKeys.status, queryFn: () => get('/api/trading/admin/consensus/status', ConsensusStatusSchema), refetchInterval });
}

export function useLeaderboard() {
  const refetchInterval = useLiveFallbackInterval(ADMIN_POLL_MS);
  return useQuery({ queryKey: tradingAdminKeys.leaderboard, queryFn: () => get('/api/trading/admin/leaderboard', LeaderboardSchema), refetchInterval });
}

export function useFlowChart(range: FlowRange) {
  const refetchInterval = useLiveFallbackInterval(ADMIN_POLL_MS);
  return useQuery({
    queryKey: tradingAdminKeys.flow(range),
    queryFn: () => get(`/api/trading/admin/flow?range=${range}`, FlowChartSchema),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

export function useDetailedWindows() {
  const refetchInterval = useLiveFallbackInterval(ADMIN_POLL_MS);
  return useQuery({ queryKey: tradingAdminKeys.windows, queryFn: () => get('/api/trading/admin/windows/detailed?limit=6', DetailedWindowListSchema), refetchInterval });
}

export function useFlowFeed() {
  const refetchInterval = useLiveFallbackInterval(ADMIN_POLL_MS);
  return useQuery({ queryKey: tradingAdminKeys.feed, queryFn: () => get('/api/trading/admin/feed?limit=20', FlowFeedSchema), refetchInterval });
}

/** Every write refreshes the whole admin area from the server (no optimistic updates). */
function useAdminMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: tradingAdminKeys.all }) });
}

export const useCreateAsset = () => useAdminMutation((body: CreateAssetInput) => apiRequest('/api/trading/admin/assets', { method: 'POST', body, schema: AssetSchema }));
export const useUpdateAsset = () =>
  useAdminMutation(({ id, body }: { id: string; body: UpdateAssetInput }) => apiRequest(`/api/trading/admin/assets/${id}`, { method: 'PUT', body, schema: AssetSchema }));
export const useDeactivateAsset = () => useAdminMutation((id: string) => apiRequest(`/api/trading/admin/assets/${id}`, { method: 'DELETE', schema: AssetSchema }));

export const useCreateTimeframe = () =>
  useAdminMutation((body: CreateTimeframeInput) => apiRequest('/api/trading/admin/timeframes', { method: 'POST', body, schema: TimeframeSchema }));
export const useUpdateTimeframe = () =>
  useAdminMutation(({ id, body }: { id: string; body: UpdateTimeframeInput }) => apiRequest(`/api/trading/admin/timeframes/${id}`, { method: 'PUT', body, schema: TimeframeSchema }));
export const useDeactivateTimeframe = () => useAdminMutation((id: string) => apiRequest(`/api/trading/admin/timeframes/${id}`, { method: 'DELETE', schema: TimeframeSchema }));

export const useUpdateTrader = () =>
  useAdminMutation(({ userId, body }: { userId: string; body: UpdateTraderInput }) => apiRequest(`/api/trading/admin/traders/${userId}`, { method: 'PUT', body, schema: AdminTraderSchema }));

export const useUpdateSettings = () =>
  useAdminMutation((body: UpdateTradingSettingsInput) => apiRequest('/api/trading/admin/settings', { method: 'PUT', body, schema: TradingSettingsSchema }));
