import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ActiveWindowListSchema,
  apiPath,
  OpenWindowResponseSchema,
  traderDeskPaths,
  TraderGridSchema,
  TraderProfileSchema,
  VoteResponseSchema,
  type VoteInput,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLiveFallbackInterval } from '../../../lib/live-channel.tsx';

/** Active windows poll every 30 s (spec 3 section 9), only while the live socket is down. */
export const WINDOWS_POLL_MS = 30_000;

export const traderDeskKeys = {
  all: ['trader-desk'] as const,
  profile: ['trader-desk', 'profile'] as const,
  windows: ['trader-desk', 'windows'] as const,
  /** Under `windows`: whatever refreshes the windows (a live event, an open, a vote) refreshes the grid's cells too. */
  grid: ['trader-desk', 'windows', 'grid'] as const,
};

export function useTraderProfile() {
  return useQuery({ queryKey: traderDeskKeys.profile, queryFn: () => apiRequest(apiPath(traderDeskPaths.profile), { schema: TraderProfileSchema }) });
}

/**
 * The open entry windows, with the offset between the server's clock and this browser's,
 * measured on arrival, so countdowns follow the server's closes_at whatever this clock says.
 */
export function useActiveWindows() {
  const refetchInterval = useLiveFallbackInterval(WINDOWS_POLL_MS);
  return useQuery({
    queryKey: traderDeskKeys.windows,
    queryFn: async () => {
      const list = await apiRequest(apiPath(traderDeskPaths.activeWindows), { schema: ActiveWindowListSchema });
      return { ...list, serverOffsetMs: Date.parse(list.server_time) - Date.now() };
    },
    refetchInterval,
  });
}

/** The market grid: active assets by timeframes, each cell's last result, standing consensus and open window (polled like the windows while the socket is down). */
export function useTraderGrid() {
  const refetchInterval = useLiveFallbackInterval(WINDOWS_POLL_MS);
  return useQuery({ queryKey: traderDeskKeys.grid, queryFn: () => apiRequest(apiPath(traderDeskPaths.grid), { schema: TraderGridSchema }), refetchInterval });
}

/** Nothing changes on screen until the server answers; then the windows are fetched again. */
export function useOpenWindow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { assetId: string; timeframeId: string }) =>
      apiRequest(apiPath(traderDeskPaths.openWindow), { method: 'POST', body: { asset_id: input.assetId, timeframe_id: input.timeframeId }, schema: OpenWindowResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: traderDeskKeys.windows }),
  });
}

export function useCastVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { windowId: string; vote: VoteInput }) =>
      apiRequest(apiPath(traderDeskPaths.vote, { id: input.windowId }), { method: 'POST', body: input.vote, schema: VoteResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: traderDeskKeys.all }),
  });
}
