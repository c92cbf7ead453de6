import type { LiveEvent } from '@myeai/domain';
import { formatPercent } from '../../lib/percent.ts';

/**
 * Milliseconds until `closesAt` by the server's clock: the browser's clock (which ticks here)
 * plus the offset between the two measured when the window list arrived.
 */
export function remainingMs(closesAt: string, browserNowMs: number, serverOffsetMs: number): number {
  return Date.parse(closesAt) - (browserNowMs + serverOffsetMs);
}

/** "mm:ss" while time is left (minutes may exceed 59: a D1 window shows "120:00"), else "Closed". */
export function formatCountdown(ms: number): string {
  if (!(ms > 0)) return 'Closed';
  const seconds = Math.ceil(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** "Waiting for 3 more traders to vote" while the pool is not complete; null once it is. */
export function waitingText(totalVotes: number, poolSize: number): string | null {
  const missing = poolSize - totalVotes;
  if (missing <= 0) return null;
  return `Waiting for ${missing} more ${missing === 1 ? 'trader' : 'traders'} to vote`;
}

const BIAS_WORD = { long: 'LONG', short: 'SHORT', neutral: 'NEUTRAL' } as const;

export type TraderNotice = { id: number; kind: 'position_initiated' | 'vote_update_trader' | 'consensus_final_trader'; title: string; message: string; at: string };

/** The line a trader reads for a live trading event (desktop alerts, and which events refresh the windows); null for other kinds. */
export function describeTraderEvent(event: LiveEvent): TraderNotice | null {
  switch (event.kind) {
    case 'position_initiated': {
      const p = event.payload;
      const minutes = Math.max(1, Math.round(p.time_remaining_seconds / 60));
      return {
        id: event.id,
        kind: event.kind,
        title: 'Position initiated',
        message: `${p.asset_symbol} ${p.timeframe_code}: ${p.initiator} opened an entry window for ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}. Cast your vote before it closes.`,
        at: p.opened_at,
      };
    }
    case 'vote_update_trader': {
      const p = event.payload;
      return { id: event.id, kind: event.kind, title: 'Vote received', message: `${p.asset_symbol} ${p.timeframe_code}: ${p.total_votes}/${p.pool_size} traders voted.`, at: p.at };
    }
    case 'consensus_final_trader': {
      const p = event.payload;
      const result =
        p.consensus_reached && p.final_bias && p.consensus_percentage !== null
          ? `${BIAS_WORD[p.final_bias]} consensus confirmed at ${formatPercent(p.consensus_percentage)}`
          : 'no consensus reached';
      return { id: event.id, kind: event.kind, title: 'Consensus final', message: `${p.asset_symbol} ${p.timeframe_code}: ${result} (${p.total_votes} votes).`, at: p.closed_at };
    }
    default:
      return null;
  }
}
