import type { GridCell } from '../schemas/trading/compass.ts';
import type { Bias } from './trading-rules.ts';

/**
 * How a grid cell is presented (decision 050). Only a closed window that confirmed a bias shows a
 * percentage as a consensus; an open window shows its vote count and nothing of its shares; a
 * closed window below the threshold says "No consensus" (or that the standing bias holds).
 */
export type CellPresentation =
  | { kind: 'locked' }
  | { kind: 'empty' }
  | {
      kind: 'voting_open';
      /** "Voting open · 1/13". */
      label: string;
      votes: number;
      poolSize: number;
      /** The last closed window's result, when there is one. */
      last: ClosedResult | null;
    }
  | ({ kind: 'closed' } & ClosedResult);

export type ClosedResult =
  | { result: 'confirmed'; bias: Bias; percent: number; at: string | null }
  /** `holding`: the standing consensus that this window did not exit (between the thresholds). */
  | { result: 'no_consensus'; holding: Bias | null; at: string | null };

export function votingOpenLabel(votes: number, poolSize: number): string {
  return `Voting open · ${votes}/${poolSize}`;
}

function closedResult(cell: Extract<GridCell, { locked: false }>): ClosedResult | null {
  if (!cell.has_data) return null;
  const bias = cell.result_confirmed_bias;
  if (bias !== null && cell.top_percentage !== null) return { result: 'confirmed', bias, percent: cell.top_percentage, at: cell.last_updated };
  return { result: 'no_consensus', holding: cell.confirmed_bias, at: cell.last_updated };
}

export function cellPresentation(cell: GridCell): CellPresentation {
  if (cell.locked) return { kind: 'locked' };
  const last = closedResult(cell);
  if (cell.window_open && cell.open_votes !== null && cell.open_pool_size !== null) {
    return { kind: 'voting_open', label: votingOpenLabel(cell.open_votes, cell.open_pool_size), votes: cell.open_votes, poolSize: cell.open_pool_size, last };
  }
  return last ? { kind: 'closed', ...last } : { kind: 'empty' };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The age of a cell's figures in few characters, for a grid cell: "just now", "12 min ago",
 * "2 h ago", "3 d ago". A time ahead of the clock reads "just now"; null for none.
 */
export function compactAge(iso: string | null, nowMs: number): string | null {
  if (iso === null) return null;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  const elapsed = nowMs - at;
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  return `${Math.floor(elapsed / DAY)} d ago`;
}
