import { ACCURACY_LABEL } from './trading-rules.ts';

/**
 * A trader's scores, computed from counters kept on the trader row (updated when windows close),
 * so no screen has to scan votes. We have no price feed: accuracy is agreement with the
 * confirmed consensus (DESIGN.md section 4).
 */
export type TraderCounters = {
  /** Votes the trader cast in windows that have closed (a vote counts once its window closes). */
  votesCast: number;
  /** Windows that closed while the trader was in the active pool. */
  windowsSeen: number;
  /** The trader's votes in windows that confirmed a consensus. */
  scoredVotes: number;
  /** ...of which agreed with the confirmed bias. */
  agreedVotes: number;
  /** Sum over scored votes of (confidence when agreeing, 100 - confidence when not). */
  calibrationSum: number;
  /** Sum of the confidence of those votes. */
  confidenceSum: number;
};

export const EMPTY_TRADER_COUNTERS: TraderCounters = { votesCast: 0, windowsSeen: 0, scoredVotes: 0, agreedVotes: 0, calibrationSum: 0, confidenceSum: 0 };

export type TraderScores = {
  /** % of scored votes that agreed with the confirmed consensus (null: nothing scored yet). */
  accuracy: number | null;
  /** Confidence calibration: high when confident votes agree and doubtful ones do not. */
  consistency: number | null;
  /** % of closed windows the trader voted in, at most 100. */
  engagement: number | null;
  /** Mean confidence of the trader's votes. */
  avgConfidence: number | null;
};

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export function traderScores(c: TraderCounters): TraderScores {
  return {
    accuracy: c.scoredVotes > 0 ? oneDecimal((c.agreedVotes / c.scoredVotes) * 100) : null,
    consistency: c.scoredVotes > 0 ? oneDecimal(c.calibrationSum / c.scoredVotes) : null,
    engagement: c.windowsSeen > 0 ? oneDecimal(Math.min(100, (c.votesCast / c.windowsSeen) * 100)) : null,
    avgConfidence: c.votesCast > 0 ? oneDecimal(c.confidenceSum / c.votesCast) : null,
  };
}

/** The scores and counts a trader's profile answers carry (own profile and the admin's pool rows). */
export function traderScoreFields(c: TraderCounters) {
  const scores = traderScores(c);
  return {
    accuracy: scores.accuracy,
    consistency: scores.consistency,
    engagement: scores.engagement,
    avg_confidence: scores.avgConfidence,
    votes_cast: c.votesCast,
    scored_votes: c.scoredVotes,
    accuracy_label: ACCURACY_LABEL,
  };
}

/** What one vote adds to the score counters once its window closed (votesCast and confidenceSum move then too). */
export function scoreVote(vote: { confidence: number; agreed: boolean | null }): Pick<TraderCounters, 'scoredVotes' | 'agreedVotes' | 'calibrationSum'> {
  if (vote.agreed === null) return { scoredVotes: 0, agreedVotes: 0, calibrationSum: 0 };
  return { scoredVotes: 1, agreedVotes: vote.agreed ? 1 : 0, calibrationSum: vote.agreed ? vote.confidence : 100 - vote.confidence };
}

/** Leaderboard accuracy colours (spec 3 section 9): >= 70 green, >= 50 orange, below red. */
export function accuracyColor(accuracy: number | null): 'green' | 'orange' | 'red' | 'gray' {
  if (accuracy === null) return 'gray';
  if (accuracy >= 70) return 'green';
  if (accuracy >= 50) return 'orange';
  return 'red';
}

export type LeaderboardEntry = { traderId: string; accuracy: number | null; scoredVotes: number; votesCast: number };

/** Best accuracy first; untested traders last; more scored votes, then more votes, break ties. */
export function rankLeaderboard<T extends LeaderboardEntry>(entries: readonly T[]): T[] {
  return [...entries].sort(
    (a, b) =>
      (b.accuracy ?? -1) - (a.accuracy ?? -1) ||
      b.scoredVotes - a.scoredVotes ||
      b.votesCast - a.votesCast ||
      (a.traderId < b.traderId ? -1 : a.traderId > b.traderId ? 1 : 0),
  );
}
