import type { AssetClass, Bias } from './trading-rules.ts';

/**
 * The track record against the market (issue 32, decision 062): every consensus call and every
 * trader vote scored against real prices. Pure rules shared by the server (scoring, summaries)
 * and the web app (labels). Prices are integers in PRICE_SCALE units, never floats, so a stored
 * price reads back exactly as it was imported.
 */

/** Fixed-point scale of stored prices: 8 decimal places (1.08345 is 108_345_000). */
export const PRICE_DECIMALS = 8;
export const PRICE_SCALE = 10 ** PRICE_DECIMALS;

/** Below this many scored calls (or votes) a hit rate is shown as "too few calls to judge". */
export const MIN_CALLS_TO_JUDGE = 20;

/** Pseudo-calls at 50 % added to a record before ranking it (the shrunk estimate). */
export const SHRINK_PRIOR_WEIGHT = 20;

export const CALL_OUTCOMES = ['hit', 'miss', 'awaiting_prices'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const TRACK_RECORD_MESSAGES = {
  tooFew: 'Too few calls to judge',
  awaiting: 'Awaiting prices',
} as const;

// --- Prices ---------------------------------------------------------------------------------

/**
 * A decimal price text ("1.08345", "64250", "0.5") to PRICE_SCALE units, exactly (string digits,
 * no float arithmetic). Null when it is not a positive decimal with at most PRICE_DECIMALS places
 * or does not fit a safe integer.
 */
export function parsePrice(text: string): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (fraction.length > PRICE_DECIMALS) return null;
  const units = Number(BigInt(whole) * BigInt(PRICE_SCALE) + BigInt(fraction.padEnd(PRICE_DECIMALS, '0')));
  if (!Number.isSafeInteger(units) || units <= 0) return null;
  return units;
}

/** PRICE_SCALE units back to the shortest decimal text ("108345000" -> "1.08345"). */
export function formatPrice(units: number): string {
  const whole = Math.trunc(units / PRICE_SCALE);
  const fraction = String(units % PRICE_SCALE).padStart(PRICE_DECIMALS, '0').replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}

/** One candle's close, at the instant that close applies (the CSV's `time`). */
export type PricePoint = { time: Date; close: number };

/**
 * The price at instant `at`: the close of the latest candle whose time is at or before `at` and
 * no older than `maxAgeMs` (one timeframe). Null otherwise: no look-ahead, no stale price.
 * `points` must be sorted by time, oldest first.
 */
export function priceAt(points: readonly PricePoint[], at: Date, maxAgeMs: number): PricePoint | null {
  const target = at.getTime();
  let low = 0;
  let high = points.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((points[mid] as PricePoint).time.getTime() <= target) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  const point = found >= 0 ? (points[found] as PricePoint) : null;
  return point && target - point.time.getTime() <= maxAgeMs ? point : null;
}

// --- Scoring a call -------------------------------------------------------------------------

/** A call's horizon: one timeframe after its window closed. */
export function horizonOf(closedAt: Date, timeframeMinutes: number): Date {
  return new Date(closedAt.getTime() + timeframeMinutes * 60_000);
}

/**
 * A typical one-sigma daily move per asset class, in basis points (rounded long-run figures:
 * major forex pairs about 0.5 %, index futures about 1 %, gold and oil about 1.5 %, large stocks
 * about 1.8 %, bitcoin and ether about 3 %). Decision 062 explains the choice.
 */
export const DAILY_MOVE_BPS: Record<AssetClass, number> = { forex: 50, indices: 100, commodities: 150, stocks: 180, crypto: 300 };

/** The neutral band is this share of the typical move over the horizon. */
export const NEUTRAL_BAND_SHARE = 0.25;

/**
 * The default neutral band (bps) for an asset class and timeframe: a quarter of the typical move
 * over the horizon, the move scaled with the square root of time (a random walk), at least 1 bp.
 * EUR/USD H1: 50 x sqrt(60/1440) x 0.25 = 2.6 -> 3 bps; BTC/USD D1: 300 x 0.25 = 75 bps.
 */
export function defaultNeutralBandBps(assetClass: AssetClass, timeframeMinutes: number): number {
  const move = DAILY_MOVE_BPS[assetClass] * Math.sqrt(timeframeMinutes / 1440);
  return Math.max(1, Math.round(move * NEUTRAL_BAND_SHARE));
}

/** The change from `from` to `to` in hundredths of a basis point, rounded half away from zero (for display and storage). */
export function changeHundredthsBps(from: number, to: number): number {
  const numerator = BigInt(to - from) * 1_000_000n;
  const denominator = BigInt(from);
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const roundsAway = remainder * 2n >= denominator || remainder * 2n <= -denominator;
  return Number(roundsAway ? quotient + (numerator < 0n ? -1n : 1n) : quotient);
}

/** The direction the market took over the call: compared exactly (integers), never on the rounded change. */
export function marketDirection(from: number, to: number, bandBps: number): Bias {
  const moved = BigInt(to - from) * 10_000n;
  const band = BigInt(bandBps) * BigInt(from);
  if (moved > band) return 'long';
  if (moved < -band) return 'short';
  return 'neutral';
}

/** What the market did over one window's horizon, shared by its call and every vote in it. */
export type MarketMove = {
  priceAtClose: PricePoint | null;
  priceAtHorizon: PricePoint | null;
  /** Hundredths of a basis point (null while awaiting prices). */
  changeHundredthsBps: number | null;
  /** The direction the move counts as (null while awaiting prices). */
  direction: Bias | null;
};

/**
 * The prices at a window's close and at its horizon (one timeframe later), and the move between
 * them. Awaiting prices (direction null) when either end has no price, or the horizon has not
 * passed at `now`: a call is never scored from a price that could not have been known.
 */
export function marketMove(window: { closedAt: Date; timeframeMinutes: number; bandBps: number }, points: readonly PricePoint[], now: Date): MarketMove {
  const maxAge = window.timeframeMinutes * 60_000;
  const horizon = horizonOf(window.closedAt, window.timeframeMinutes);
  const atClose = priceAt(points, window.closedAt, maxAge);
  const atHorizon = horizon.getTime() <= now.getTime() ? priceAt(points, horizon, maxAge) : null;
  if (!atClose || !atHorizon) return { priceAtClose: atClose, priceAtHorizon: atHorizon, changeHundredthsBps: null, direction: null };
  return {
    priceAtClose: atClose,
    priceAtHorizon: atHorizon,
    changeHundredthsBps: changeHundredthsBps(atClose.close, atHorizon.close),
    direction: marketDirection(atClose.close, atHorizon.close, window.bandBps),
  };
}

/** A call hits when the market moved the way it said (long above the band, short below minus the band, neutral inside it, edges included). */
export function outcomeOf(bias: Bias, direction: Bias | null): CallOutcome {
  if (direction === null) return 'awaiting_prices';
  return bias === direction ? 'hit' : 'miss';
}

export type ScoredCall = MarketMove & { outcome: CallOutcome };

/** Scores one call (a window's confirmed bias or one vote) against the prices. */
export function scoreCall(call: { bias: Bias; closedAt: Date; timeframeMinutes: number; bandBps: number }, points: readonly PricePoint[], now: Date): ScoredCall {
  const move = marketMove(call, points, now);
  return { ...move, outcome: outcomeOf(call.bias, move.direction) };
}

/**
 * A vote's Brier score in ten-thousandths (0 best, 10000 worst): its confidence (0-100) read as
 * the probability that it is right, against 1 for a hit and 0 for a miss. Exact in integers:
 * (confidence/100 - o)^2 x 10000 = (confidence - 100 o)^2.
 */
export function brierTenThousandths(confidence: number, outcome: 'hit' | 'miss'): number {
  const gap = confidence - (outcome === 'hit' ? 100 : 0);
  return gap * gap;
}

// --- Summaries ------------------------------------------------------------------------------

/** z for a two-sided 95 % interval. */
const Z95 = 1.959963984540054;

/** The Wilson score interval (95 %, no continuity correction) of hits out of n, as proportions. */
export function wilsonInterval(hits: number, n: number): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = hits / n;
  const z2 = Z95 * Z95;
  const centre = p + z2 / (2 * n);
  const spread = Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const denominator = 1 + z2 / n;
  return { low: Math.max(0, (centre - spread) / denominator), high: Math.min(1, (centre + spread) / denominator) };
}

/** A Bayesian average toward 50 %: `SHRINK_PRIOR_WEIGHT` pseudo-calls at even odds, so 3 of 3 does not beat 200 of 300. */
export function shrunkHitRate(hits: number, n: number, priorWeight: number = SHRINK_PRIOR_WEIGHT): number {
  return (hits + priorWeight * 0.5) / (n + priorWeight);
}

const onePlace = (value: number) => Math.round(value * 1000) / 10;

export type TrackRecordSummary = {
  scored: number;
  hits: number;
  /** Percent with one decimal; null when nothing is scored. */
  hit_rate: number | null;
  ci_low: number | null;
  ci_high: number | null;
  /** False under MIN_CALLS_TO_JUDGE scored calls: show "too few calls to judge". */
  enough_to_judge: boolean;
};

/** Counts and the 95 % interval of a set of outcomes; awaiting calls are not scored. Order does not matter. */
export function summarizeOutcomes(outcomes: Iterable<CallOutcome>): TrackRecordSummary {
  let scored = 0;
  let hits = 0;
  for (const outcome of outcomes) {
    if (outcome === 'awaiting_prices') continue;
    scored += 1;
    if (outcome === 'hit') hits += 1;
  }
  return summarizeCounts(hits, scored);
}

/** The summary of `hits` out of `scored` calls (counted by the database for long records). */
export function summarizeCounts(hits: number, scored: number): TrackRecordSummary {
  if (scored === 0) return { scored, hits, hit_rate: null, ci_low: null, ci_high: null, enough_to_judge: false };
  const interval = wilsonInterval(hits, scored);
  return { scored, hits, hit_rate: onePlace(hits / scored), ci_low: onePlace(interval.low), ci_high: onePlace(interval.high), enough_to_judge: scored >= MIN_CALLS_TO_JUDGE };
}

/** "61% of 128 calls, 52–69%" or "Too few calls to judge" (with the count so far). */
export function trackRecordHeadline(summary: TrackRecordSummary): string {
  if (!summary.enough_to_judge || summary.hit_rate === null || summary.ci_low === null || summary.ci_high === null) {
    return `${TRACK_RECORD_MESSAGES.tooFew} (${summary.scored} scored)`;
  }
  return `${Math.round(summary.hit_rate)}% of ${summary.scored} calls, ${Math.round(summary.ci_low)}–${Math.round(summary.ci_high)}%`;
}

/** Calibration bins of stated confidence: 0-19, 20-39, 40-59, 60-79, 80-100. */
export const CALIBRATION_BINS = [
  { from: 0, to: 19 },
  { from: 20, to: 39 },
  { from: 40, to: 59 },
  { from: 60, to: 79 },
  { from: 80, to: 100 },
] as const;

export type CalibrationBin = { from: number; to: number; votes: number; hits: number; mean_confidence: number | null; hit_rate: number | null };

/** Stated confidence against the observed hit rate, per bin (scored votes only). */
export function calibrationBins(votes: Iterable<{ confidence: number; outcome: CallOutcome; count?: number }>): CalibrationBin[] {
  const bins = CALIBRATION_BINS.map((bin) => ({ ...bin, votes: 0, hits: 0, confidenceSum: 0 }));
  for (const vote of votes) {
    if (vote.outcome === 'awaiting_prices') continue;
    const bin = bins.find((candidate) => vote.confidence >= candidate.from && vote.confidence <= candidate.to);
    if (!bin) continue;
    // `count`: that many votes of this confidence and outcome (the database's grouped counts).
    const n = vote.count ?? 1;
    bin.votes += n;
    bin.confidenceSum += vote.confidence * n;
    if (vote.outcome === 'hit') bin.hits += n;
  }
  return bins.map(({ from, to, votes: count, hits, confidenceSum }) => ({
    from,
    to,
    votes: count,
    hits,
    mean_confidence: count === 0 ? null : Math.round((confidenceSum / count) * 10) / 10,
    hit_rate: count === 0 ? null : onePlace(hits / count),
  }));
}
