import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveEvents } from '../../../lib/live-channel.tsx';
import { compassKeys } from '../api/compass-api.ts';

/** One refetch per burst (13 votes in a row, or a replay after a reconnect). */
const COALESCE_MS = 200;

/**
 * trading_compass_update and vote_update_subscriber say that figures changed; they carry none
 * (paid data stays behind the API), so the grid, the detail, the events and the history are
 * fetched again, each as the server lets this user see it. The plan is not touched.
 */
export function useCompassLive(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveEvents((event) => {
    if ((event.kind !== 'trading_compass_update' && event.kind !== 'vote_update_subscriber') || timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: compassKeys.all, predicate: (query) => query.queryKey[1] !== 'plan' });
    }, COALESCE_MS);
  });
}
