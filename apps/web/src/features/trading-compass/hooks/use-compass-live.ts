import { useLiveRefresh } from '../../../lib/use-live-refresh.ts';
import { compassKeys } from '../api/compass-api.ts';

/** One refetch per burst (13 votes in a row, or a replay after a reconnect). */
const COALESCE_MS = 200;

/**
 * trading_compass_update and vote_update_subscriber say that figures changed; they carry none
 * (paid data stays behind the API), so the grid, the detail, the events and the history are
 * fetched again, each as the server lets this user see it. The plan is not touched.
 */
export function useCompassLive(): void {
  useLiveRefresh(
    (kind) => kind === 'trading_compass_update' || kind === 'vote_update_subscriber',
    { queryKey: compassKeys.all, predicate: (query) => query.queryKey[1] !== 'plan' },
    COALESCE_MS,
  );
}
