import { BIASES, type Bias } from './trading-rules.ts';

/** One counted vote: its bias and its weight in integer tenths (fixed mode: the trader's weight). */
export type WeightedVote = { bias: Bias; weightTenths: number };

/** Summed weight (tenths) and number of votes per bias. */
export type Tally = {
  weight: Record<Bias, number>;
  count: Record<Bias, number>;
  totalWeight: number;
  totalCount: number;
};

/** Shares in tenths of a percent; they sum to exactly 1000 whenever any weight was cast. */
export type Shares = Record<Bias, number>;

export type Thresholds = { confirmation: number; exit: number };

export function tallyVotes(votes: readonly WeightedVote[]): Tally {
  const weight: Record<Bias, number> = { long: 0, short: 0, neutral: 0 };
  const count: Record<Bias, number> = { long: 0, short: 0, neutral: 0 };
  for (const vote of votes) {
    if (!Number.isInteger(vote.weightTenths) || vote.weightTenths < 0) throw new RangeError(`invalid vote weight ${vote.weightTenths}`);
    weight[vote.bias] += vote.weightTenths;
    count[vote.bias] += 1;
  }
  return { weight, count, totalWeight: weight.long + weight.short + weight.neutral, totalCount: votes.length };
}

/**
 * Weighted shares of the votes cast, in tenths of a percent, rounded by largest remainder so
 * that they add up to exactly 100.0 % (all zero when no weight was cast). Ties in the remainder
 * go to long, then short, then neutral, so the result never depends on vote order.
 */
export function weightedShares(tally: Tally): Shares {
  const shares: Shares = { long: 0, short: 0, neutral: 0 };
  if (tally.totalWeight === 0) return shares;
  const remainders: { bias: Bias; remainder: number }[] = [];
  let assigned = 0;
  for (const bias of BIASES) {
    const exact = tally.weight[bias] * 1000;
    shares[bias] = Math.floor(exact / tally.totalWeight);
    assigned += shares[bias];
    remainders.push({ bias, remainder: exact % tally.totalWeight });
  }
  remainders.sort((a, b) => b.remainder - a.remainder || BIASES.indexOf(a.bias) - BIASES.indexOf(b.bias));
  for (let i = 0; assigned < 1000; i++, assigned++) shares[remainders[i]!.bias] += 1;
  return shares;
}

/** The bias with the strictly highest weight, or null when nothing was cast or the top is a tie. */
export function topBias(tally: Tally): Bias | null {
  if (tally.totalWeight === 0) return null;
  const sorted = [...BIASES].sort((a, b) => tally.weight[b] - tally.weight[a]);
  const [first, second] = sorted as [Bias, Bias, Bias];
  return tally.weight[first] > tally.weight[second] ? first : null;
}

/** Exact comparison (no rounding): weight / total >= threshold %. */
export function shareAtLeast(tally: Tally, bias: Bias, thresholdPercent: number): boolean {
  return tally.totalWeight > 0 && tally.weight[bias] * 100 >= thresholdPercent * tally.totalWeight;
}

/** Exact comparison (no rounding): weight / total < threshold %. */
export function shareBelow(tally: Tally, bias: Bias, thresholdPercent: number): boolean {
  return tally.totalWeight > 0 && tally.weight[bias] * 100 < thresholdPercent * tally.totalWeight;
}

export type ConsensusOutcomeEvent =
  | { type: 'consensus_exit'; bias: Bias; shareTenths: number }
  | { type: 'consensus_confirmed'; bias: Bias; shareTenths: number };

export type ConsensusDecision = {
  shares: Shares;
  /** Strict top of the shares (null: no weight cast, or a tie for the top). */
  topBias: Bias | null;
  /** The bias this window confirms: the strict top at or above the confirmation threshold. */
  confirmedBias: Bias | null;
  /** The standing consensus after this window (hysteresis state carried to the next window). */
  standingBias: Bias | null;
  /** Events to record, exits before confirmations. */
  events: ConsensusOutcomeEvent[];
};

/**
 * The decision at a window's close (DESIGN.md section 4, fixed and open mode alike):
 * - the strict top share at or above the confirmation threshold confirms its bias;
 * - the standing (previously confirmed) bias exits when its share falls below the exit
 *   threshold, or when another bias is confirmed in its place;
 * - between the two thresholds the standing bias holds (hysteresis);
 * - a window in which no weight was cast changes nothing.
 * Requires exit <= confirmation, so a share can never both confirm and exit.
 */
export function decideConsensus(tally: Tally, thresholds: Thresholds, standing: Bias | null): ConsensusDecision {
  if (thresholds.exit > thresholds.confirmation) throw new RangeError('the exit threshold must not be above the confirmation threshold');
  const shares = weightedShares(tally);
  const top = topBias(tally);
  if (tally.totalWeight === 0) return { shares, topBias: null, confirmedBias: null, standingBias: standing, events: [] };
  const confirmed = top !== null && shareAtLeast(tally, top, thresholds.confirmation) ? top : null;
  const events: ConsensusOutcomeEvent[] = [];
  let next = standing;
  if (standing !== null && ((confirmed !== null && confirmed !== standing) || shareBelow(tally, standing, thresholds.exit))) {
    events.push({ type: 'consensus_exit', bias: standing, shareTenths: shares[standing] });
    next = null;
  }
  if (confirmed !== null) {
    events.push({ type: 'consensus_confirmed', bias: confirmed, shareTenths: shares[confirmed] });
    next = confirmed;
  }
  return { shares, topBias: top, confirmedBias: confirmed, standingBias: next, events };
}

/**
 * Whether a window closes now: at closes_at by server time, or as soon as the whole pool has
 * voted (13 in fixed mode, the max consensus size in open mode).
 */
export function shouldCloseWindow(params: { now: Date; closesAt: Date; voteCount: number; poolSize: number }): boolean {
  return params.now.getTime() >= params.closesAt.getTime() || params.voteCount >= params.poolSize;
}

/** Agreement of a vote with its window's confirmed consensus; null when nothing was confirmed. */
export function agreesWithConsensus(voteBias: Bias, confirmedBias: Bias | null): boolean | null {
  return confirmedBias === null ? null : voteBias === confirmedBias;
}
