import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveEvents } from '../../../lib/live-channel.tsx';
import { tradingAdminKeys } from '../api/trading-admin-api.ts';

const ADMIN_KINDS = new Set(['position_initiated', 'vote_update_admin', 'consensus_final_admin', 'trading_compass_update']);
/** One refetch per burst of events (13 votes in a row, or a replay after a reconnect). */
const COALESCE_MS = 250;

/** Live trading events refresh the admin screens from the server (stats, status, flow, windows, feed). */
export function useTradingAdminLiveRefresh(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveEvents((event) => {
    if (!ADMIN_KINDS.has(event.kind) || timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: tradingAdminKeys.all });
    }, COALESCE_MS);
  });
}
