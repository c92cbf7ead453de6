import { useLiveRefresh } from '../../../lib/use-live-refresh.ts';
import { tradingAdminKeys } from '../api/trading-admin-api.ts';

const ADMIN_KINDS = new Set(['position_initiated', 'vote_update_admin', 'consensus_final_admin', 'trading_compass_update']);
/** One refetch per burst of events (13 votes in a row, or a replay after a reconnect). */
const COALESCE_MS = 250;

/** Live trading events refresh the admin screens from the server (stats, status, flow, windows, feed). */
export function useTradingAdminLiveRefresh(): void {
  useLiveRefresh((kind) => ADMIN_KINDS.has(kind), { queryKey: tradingAdminKeys.all }, COALESCE_MS);
}
