import { cellPresentation, compactAge, featureUnlocksOnDayMessage, trafficLightOf, type Bias, type ClosedResult, type CompassAccessInfo, type GridCell, type TrafficLight } from '@myeai/domain';

/** Mantine colour of each light (spec 3 section 4: green long, red short, orange neutral, anything else grey). */
export const LIGHT_COLORS: Record<TrafficLight, string> = { green: 'green.7', red: 'red.7', orange: 'orange.6', grey: 'gray.5' };

export const BIAS_WORDS: Record<Bias, string> = { long: 'Long', short: 'Short', neutral: 'Neutral' };

const NO_CONSENSUS = 'No consensus';

/** What a closed result says: a confirmed share with its bias, or no consensus (naming a standing bias that holds). */
export type ResultView = {
  color: string;
  /** "85%" for a confirmed consensus, else "No consensus". */
  headline: string;
  /** "Long", or "Long holds" when a standing consensus was not exited; empty when there is none. */
  word: string;
  /** "2 h ago" (compactAge). */
  age: string | null;
};

/** What a grid cell says in words (the colour is never the only carrier; decision 050). */
export type CellView =
  | { kind: 'locked' }
  | { kind: 'empty' }
  | { kind: 'voting_open'; text: string; last: ResultView | null }
  | ({ kind: 'result' } & ResultView);

function resultView(result: ClosedResult, now: number): ResultView {
  const age = compactAge(result.at, now);
  if (result.result === 'confirmed') return { color: LIGHT_COLORS[trafficLightOf(result.bias)], headline: `${result.percent}%`, word: BIAS_WORDS[result.bias], age };
  if (result.holding) return { color: LIGHT_COLORS[trafficLightOf(result.holding)], headline: NO_CONSENSUS, word: `${BIAS_WORDS[result.holding]} holds`, age };
  return { color: LIGHT_COLORS.grey, headline: NO_CONSENSUS, word: '', age };
}

export function cellView(cell: GridCell, now: number): CellView {
  const presented = cellPresentation(cell);
  if (presented.kind === 'locked' || presented.kind === 'empty') return { kind: presented.kind };
  if (presented.kind === 'voting_open') return { kind: 'voting_open', text: presented.label, last: presented.last ? resultView(presented.last, now) : null };
  return { kind: 'result', ...resultView(presented, now) };
}

/** "85% Long, 2 h ago", "No consensus, Long holds, 3 d ago". */
export function resultWords(view: ResultView): string {
  const what = view.headline === NO_CONSENSUS ? [NO_CONSENSUS, view.word] : [`${view.headline} ${view.word}`];
  return [...what, view.age ?? ''].filter(Boolean).join(', ');
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
 * The accessible name of a grid cell button, as its text reads: "EUR/USD H1: 85% Long, 2 h ago",
 * "EUR/USD H1: Voting open · 1/13, last result 85% Long, 2 h ago", "EUR/USD H1: locked, needs a
 * plan" (or, in a trial before day 3, "EUR/USD H1: locked, Premium Trading Compass unlocks on day 3
 * of your trial.").
 */
export function cellLabel(cell: GridCell, assetSymbol: string, timeframeCode: string, now: number, trialLock: string | null = null): string {
  const view = cellView(cell, now);
  const pair = `${assetSymbol} ${timeframeCode}`;
  if (view.kind === 'locked') return `${pair}: locked, ${lockedCellReason(trialLock)}`;
  if (view.kind === 'empty') return `${pair}: no votes yet`;
  if (view.kind === 'voting_open') return `${pair}: ${view.text}${view.last ? `, last result ${resultWords(view.last)}` : ''}`;
  return `${pair}: ${resultWords(view)}`;
}
