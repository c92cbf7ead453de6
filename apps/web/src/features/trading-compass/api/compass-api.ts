import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPath,
  AssetPicksSchema,
  compassPaths,
  EventListSchema,
  SentimentDetailSchema,
  SentimentGridSchema,
  SentimentHistorySchema,
  subscriptionsPaths,
  TraderBreakdownSchema,
  TradingSubscriptionSchema,
  TrackRecordSchema,
  trackRecordPaths,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLiveFallbackInterval } from '../../../lib/live-channel.tsx';
import { tradingAlertKeys } from '../../trading-alerts/index.ts';

/** The grid polls every 60 s (spec 3 section 9), only while the live socket is down. */
export const GRID_POLL_MS = 60_000;
export const RECENT_EVENTS = 5;
export const HISTORY_WINDOWS = 20;

export const compassKeys = {
  all: ['trading-compass'] as const,
  grid: ['trading-compass', 'grid'] as const,
  plan: ['trading-compass', 'plan'] as const,
  detail: (assetId: string, timeframeId: string) => ['trading-compass', 'detail', assetId, timeframeId] as const,
  events: (assetId: string) => ['trading-compass', 'events', assetId] as const,
  history: (assetId: string, timeframeId: string) => ['trading-compass', 'history', assetId, timeframeId] as const,
  picks: ['trading-compass', 'asset-picks'] as const,
  breakdown: (assetId: string, timeframeId: string) => ['trading-compass', 'breakdown', assetId, timeframeId] as const,
  trackRecord: (assetId: string, timeframeId: string) => ['trading-compass', 'track-record', assetId, timeframeId] as const,
};

/** The Market Sentiment Grid as the server lets this user see it (locked cells carry no figures). */
export function useCompassGrid() {
  const refetchInterval = useLiveFallbackInterval(GRID_POLL_MS);
  return useQuery({ queryKey: compassKeys.grid, queryFn: () => apiRequest(apiPath(compassPaths.grid), { schema: SentimentGridSchema }), refetchInterval });
}

export function useTradingPlan() {
  return useQuery({ queryKey: compassKeys.plan, queryFn: () => apiRequest(apiPath(subscriptionsPaths.tradingPlan), { schema: TradingSubscriptionSchema }) });
}

const cellQuery = (assetId: string, timeframeId: string) => `asset_id=${encodeURIComponent(assetId)}&timeframe_id=${encodeURIComponent(timeframeId)}`;

export function useSentimentDetail(assetId: string | null, timeframeId: string | null) {
  const refetchInterval = useLiveFallbackInterval(GRID_POLL_MS);
  return useQuery({
    queryKey: compassKeys.detail(assetId ?? '', timeframeId ?? ''),
    queryFn: () => apiRequest(`${apiPath(compassPaths.detail)}?${cellQuery(assetId!, timeframeId!)}`, { schema: SentimentDetailSchema }),
    enabled: assetId !== null && timeframeId !== null,
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/** The latest consensus events of the selected asset (spec 3 section 2.1: the first 5). */
export function useConsensusEvents(assetId: string | null) {
  const refetchInterval = useLiveFallbackInterval(GRID_POLL_MS);
  return useQuery({
    queryKey: compassKeys.events(assetId ?? ''),
    queryFn: () => apiRequest(`${apiPath(compassPaths.events)}?asset_id=${encodeURIComponent(assetId!)}&limit=${RECENT_EVENTS}`, { schema: EventListSchema }),
    enabled: assetId !== null,
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/** Shares of the pair's last closed windows, oldest first. */
export function useSentimentHistory(assetId: string | null, timeframeId: string | null) {
  return useQuery({
    queryKey: compassKeys.history(assetId ?? '', timeframeId ?? ''),
    queryFn: () => apiRequest(`${apiPath(compassPaths.history)}?${cellQuery(assetId!, timeframeId!)}&limit=${HISTORY_WINDOWS}`, { schema: SentimentHistorySchema }),
    enabled: assetId !== null && timeframeId !== null,
    placeholderData: keepPreviousData,
  });
}

export const TRACK_RECORD_CALLS = 8;

/** The consensus's record against the market on the pair, with its last calls (decision 062). */
export function useTrackRecord(assetId: string | null, timeframeId: string | null) {
  return useQuery({
    queryKey: compassKeys.trackRecord(assetId ?? '', timeframeId ?? ''),
    queryFn: () => apiRequest(`${apiPath(trackRecordPaths.consensus)}?${cellQuery(assetId!, timeframeId!)}&limit=${TRACK_RECORD_CALLS}`, { schema: TrackRecordSchema }),
    enabled: assetId !== null && timeframeId !== null,
    placeholderData: keepPreviousData,
  });
}

/** The assets the user's plan shows, and when the pick may change next (plans with an asset limit). */
export function useAssetPicks(enabled: boolean) {
  return useQuery({ queryKey: compassKeys.picks, queryFn: () => apiRequest(apiPath(compassPaths.assetPicks), { schema: AssetPicksSchema }), enabled });
}

/** Saves a pick; every compass read changes with it (grid rows, detail, events), and which cells may be followed. */
export function useSaveAssetPicks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assetIds: string[]) => apiRequest(apiPath(compassPaths.assetPicks), { method: 'PUT', body: { asset_ids: assetIds }, schema: AssetPicksSchema }),
    onSuccess: async (picks) => {
      queryClient.setQueryData(compassKeys.picks, picks);
      await Promise.all([queryClient.invalidateQueries({ queryKey: compassKeys.all }), queryClient.invalidateQueries({ queryKey: tradingAlertKeys.all })]);
    },
  });
}

/** The last closed window of the pair as weighted shares per trader tier (plans with the trader breakdown). */
export function useTraderBreakdown(assetId: string | null, timeframeId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: compassKeys.breakdown(assetId ?? '', timeframeId ?? ''),
    queryFn: () => apiRequest(`${apiPath(compassPaths.breakdown)}?${cellQuery(assetId!, timeframeId!)}`, { schema: TraderBreakdownSchema }),
    enabled: enabled && assetId !== null && timeframeId !== null,
    placeholderData: keepPreviousData,
  });
}
