import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ConsensusFinalTraderPayloadSchema } from '@myeai/domain';
import type { z } from 'zod';
import { useLiveEvents } from '../../../lib/live-channel.tsx';
import { traderDeskKeys } from '../api/trader-desk-api.ts';
import { describeTraderEvent } from '../countdown.ts';

export type WindowResult = z.infer<typeof ConsensusFinalTraderPayloadSchema>;

/** Results of windows closed while the page is open. */
const RESULTS_KEPT = 6;
/** One refetch per burst of events (13 votes in a row, or a replay after a reconnect). */
const COALESCE_MS = 200;

type TraderLiveOptions = { onAlert: (title: string, body: string, tag: string) => void };

/**
 * The trader desk's live events: each refreshes the windows from the server (decision 008: refresh,
 * do not patch), and position_initiated / consensus_final_trader raise a
 * desktop alert (shown only when permission was granted). The results of windows that closed while
 * the page is open are kept so their cards can show the outcome.
 */
export function useTraderLive({ onAlert }: TraderLiveOptions) {
  const queryClient = useQueryClient();
  const [results, setResults] = useState<WindowResult[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refreshProfile = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  const scheduleRefresh = (withProfile: boolean) => {
    refreshProfile.current ||= withProfile;
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: traderDeskKeys.windows });
      if (refreshProfile.current) void queryClient.invalidateQueries({ queryKey: traderDeskKeys.profile });
      refreshProfile.current = false;
    }, COALESCE_MS);
  };

  useLiveEvents((event) => {
    const notice = describeTraderEvent(event);
    if (!notice) return;
    scheduleRefresh(event.kind === 'consensus_final_trader');
    if (event.kind === 'consensus_final_trader') {
      const result = event.payload;
      setResults((list) => [result, ...list.filter((item) => item.window_id !== result.window_id)].slice(0, RESULTS_KEPT));
    }
    if (event.kind === 'position_initiated' || event.kind === 'consensus_final_trader') {
      onAlert(notice.title, notice.message, `${event.kind}:${event.payload.window_id}`);
    }
  });

  const dismissResult = (windowId: string) => setResults((list) => list.filter((item) => item.window_id !== windowId));
  return { results, dismissResult };
}
