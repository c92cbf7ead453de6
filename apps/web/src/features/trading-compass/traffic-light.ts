import { featureUnlocksOnDayMessage, type Bias, type CompassAccessInfo, type GridCell, type TrafficLight } from '@myeai/domain';

/** Mantine colour of each light (spec 3 section 4: green long, red short, orange neutral, anything else grey). */
export const LIGHT_COLORS: Record<TrafficLight, string> = { green: 'green.7', red: 'red.7', orange: 'orange.6', grey: 'gray.5' };

export const BIAS_WORDS: Record<Bias, string> = { long: 'Long', short: 'Short', neutral: 'Neutral' };

/** What a grid cell says in words (the colour is never the only carrier). */
export type CellView =
  | { kind: 'locked'; color: string; word: 'Locked'; percent: null }
  | { kind: 'empty'; color: string; word: 'No votes'; percent: null }
  | { kind: 'tie'; color: string; word: 'Tie'; percent: string }
  | { kind: 'bias'; color: string; word: string; percent: string };

export function cellView(cell: GridCell): CellView {
  if (cell.locked) return { kind: 'locked', color: LIGHT_COLORS.grey, word: 'Locked', percent: null };
  if (!cell.has_data || cell.top_percentage === null) return { kind: 'empty', color: LIGHT_COLORS.grey, word: 'No votes', percent: null };
  const percent = `${cell.top_percentage}%`;
  if (cell.current_bias === null) return { kind: 'tie', color: LIGHT_COLORS[cell.traffic_light], word: 'Tie', percent };
  return { kind: 'bias', color: LIGHT_COLORS[cell.traffic_light], word: BIAS_WORDS[cell.current_bias], percent };
}

/**
 * Why premium is locked for a trial user whose trial has not reached the premium compass's day
 * yet: the staged-unlock text the server refuses premium data with ("Premium Trading Compass
 * unlocks on day 3 of your trial."). Null when premium is open or locked until a plan.
 */
export function trialLockMessage(access: CompassAccessInfo): string | null {
  return access.premium_unlocks_on_trial_day === null ? null : featureUnlocksOnDayMessage('premium_trading_compass');
}

/** The selected premium pair while the trial has not unlocked it: the page shows this instead of asking the server. */
export type TrialLock = { message: string; symbol: string; code: string };

/** What a locked cell says after "locked, ": when the trial unlocks it, else that it needs a plan. */
export function lockedCellReason(trialLock: string | null): string {
  return trialLock ?? 'needs a plan';
}

/**
 * The accessible name of a grid cell button, as its text reads: "EUR/USD H1: 62% Long, voting
 * open", "EUR/USD H1: locked, needs a plan" (or, in a trial before day 3, "EUR/USD H1: locked,
 * Premium Trading Compass unlocks on day 3 of your trial.").
 */
export function cellLabel(cell: GridCell, assetSymbol: string, timeframeCode: string, trialLock: string | null = null): string {
  const view = cellView(cell);
  const pair = `${assetSymbol} ${timeframeCode}`;
  if (view.kind === 'locked') return `${pair}: locked, ${lockedCellReason(trialLock)}`;
  if (view.kind === 'empty') return `${pair}: no votes yet`;
  return `${pair}: ${view.percent} ${view.word}${!cell.locked && cell.window_open ? ', voting open' : ''}`;
}
