import { PREVIEW_DATA_DELAY_MS } from '../trial/access-level.ts';

/**
 * Constants of the trading side (spec 3 sections 3, 5, 9; DESIGN.md sections 3-4). Pure data,
 * read by the server (validation, engine) and the web app (forms, labels) alike.
 */

export const BIASES = ['long', 'short', 'neutral'] as const;
export type Bias = (typeof BIASES)[number];

export const ASSET_CLASSES = ['forex', 'crypto', 'indices', 'commodities', 'stocks'] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

export const ASSET_CLASS_LABELS: Record<AssetClass, string> = {
  forex: 'Forex',
  crypto: 'Crypto',
  indices: 'Indices',
  commodities: 'Commodities',
  stocks: 'Stocks',
};

export const SPECIALIZATIONS = ['scalper', 'momentum', 'intraday', 'positional'] as const;
export type Specialization = (typeof SPECIALIZATIONS)[number];

export const SPECIALIZATION_LABELS: Record<Specialization, string> = {
  scalper: 'Scalper',
  momentum: 'Momentum',
  intraday: 'Intraday',
  positional: 'Positional',
};

export const CONSENSUS_MODES = ['fixed', 'open'] as const;
export type ConsensusMode = (typeof CONSENSUS_MODES)[number];

/** An entry window takes votes while open; the database checks the same two values. */
export const ENTRY_WINDOW_STATUSES = ['open', 'closed'] as const;
export type EntryWindowStatus = (typeof ENTRY_WINDOW_STATUSES)[number];

export const CONSENSUS_EVENT_TYPES = ['window_opened', 'consensus_confirmed', 'consensus_exit'] as const;
export type ConsensusEventType = (typeof CONSENSUS_EVENT_TYPES)[number];

/** Traffic light of a grid cell: green long, red short, orange neutral, grey no data (spec 3 section 4). */
export const TRAFFIC_LIGHTS = ['green', 'red', 'orange', 'grey'] as const;
export type TrafficLight = (typeof TRAFFIC_LIGHTS)[number];

export function trafficLightOf(bias: Bias | null): TrafficLight {
  if (bias === 'long') return 'green';
  if (bias === 'short') return 'red';
  if (bias === 'neutral') return 'orange';
  return 'grey';
}

/** Timeframes that need a plan (spec 3 sections 2.1 and 6). */
export const PREMIUM_TIMEFRAME_CODES = ['H1', 'H4', 'D1', 'W1', 'W4'] as const;

export function isPremiumTimeframe(code: string): boolean {
  return (PREMIUM_TIMEFRAME_CODES as readonly string[]).includes(code.toUpperCase());
}

/** The Elite Pool of fixed mode: exactly 13 traders, 1 lead, 3 senior, 9 regular. */
export const ELITE_POOL = { size: 13, lead: 1, senior: 3, regular: 9 } as const;

/** Weights are stored as integer tenths of a percent: 0 to 100.0 in steps of 0.1. */
export const WEIGHT_TENTHS_MAX = 1000;
/** Default weight of a trader profile that was never edited (spec 3 section 9: weight 3). */
export const DEFAULT_WEIGHT_TENTHS = 30;

export const THRESHOLD_RANGES = {
  confirmation: { min: 45, max: 70, default: 50 },
  exit: { min: 35, max: 50, default: 47 },
} as const;

export const MAX_CONSENSUS_SIZE_RANGE = { min: 1, max: 20, default: 12 } as const;

/** The open-mode daily submission window, in New York wall-clock time (DESIGN.md section 3 item 15). */
export const SUBMISSION_TIME_ZONE = 'America/New_York';
export const DEFAULT_SUBMISSION_WINDOW = { start: '06:00', end: '08:00' } as const;

export const VOTE_CONFIDENCE_DEFAULT = 50;
export const VOTE_NOTE_MAX = 500;

/** Preview access sees the compass as it was this long ago (spec 3 sections 4 and 9); one constant with the trial module's. */
export const PREVIEW_DELAY_MS = PREVIEW_DATA_DELAY_MS;
/** The newcomer trial sees at most this many assets and only the last 24 hours. */
export const TRIAL_ASSET_LIMIT = 3;
export const TRIAL_HISTORY_MS = 24 * 60 * 60 * 1000;

/** A trader counts as active on the flow chart when seen within this time (spec 3 section 2.8). */
export const TRADER_ACTIVE_WITHIN_MS = 60 * 60 * 1000;

/** Lists of spec 3 section 9. */
export const RECENT_EVENTS_DEFAULT = 5;
export const LEADERBOARD_SIZE = 10;
export const FLOW_FEED_SIZE = 20;
export const FLOW_RECENT_WINDOWS = 6;

/** What the UI must say next to every accuracy figure (DESIGN.md section 4). */
export const ACCURACY_LABEL = 'Agreement with confirmed consensus (no price feed)';

/** The disclaimer of every trading screen (spec 3 section 1). */
export const TRADING_DISCLAIMER = 'For educational purposes only. This is not financial advice.';

/** "Initiator" shown to anyone who is not an admin: traders stay anonymous. */
export const ANONYMOUS_INITIATOR = 'A trader';

/** Tenths of a percent to a display number with one decimal (465 -> 46.5). */
export function tenthsToPercent(tenths: number): number {
  return Math.round(tenths) / 10;
}

/** The part of an e-mail before the @: what admins see of a trader (spec 3 section 2.8). */
export function emailLocalPart(email: string): string {
  const at = email.indexOf('@');
  return at < 0 ? email : email.slice(0, at);
}
