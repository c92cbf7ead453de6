import { useQueryClient, type InvalidateQueryFilters } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveEvents } from './live-channel.tsx';

/**
 * The one way a feature refreshes its queries from live events (decision 047): events whose kind
 * `matches` invalidate `filters` once per burst (`coalesceMs` after the first; a replay after a
 * reconnect is one burst), so the screen shows the server's figures rather than patched ones.
 */
export function useLiveRefresh(matches: (kind: string) => boolean, filters: InvalidateQueryFilters, coalesceMs: number): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveEvents((event) => {
    if (!matches(event.kind) || timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries(filters);
    }, coalesceMs);
  });
}
