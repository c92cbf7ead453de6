import type { Entitlements } from '../subscriptions/entitlements.ts';
import { featureUnlocksOnDayMessage } from '../trial/trial-stages.ts';
import { tenthsToPercent, type Bias } from './trading-rules.ts';

/**
 * Trading alerts (DESIGN.md decisions 27, 35, 37; docs/decisions/020-trading-alerts.md): a user
 * whose entitlements give alerts follows asset x timeframe cells of picked assets and hears of
 * each confirmed or exited consensus there, at once or in one daily digest.
 */
export type AlertFrequency = NonNullable<Entitlements['alert_frequency']>;

export const TRADING_ALERT_MESSAGES = {
  noAlerts: 'Trading alerts come with a plan: daily alerts with the weekly plan, immediate alerts from the 4-week plan.',
  trialLocked: featureUnlocksOnDayMessage('trading_alerts'),
  unknownCell: 'Unknown asset or timeframe.',
} as const;

export function notPickedMessage(symbol: string): string {
  return `Pick ${symbol} among your assets to follow its cells: alerts follow the cells of picked assets only.`;
}

/** Why a user may not follow any cell (null: they may), from their entitlements. */
export function alertsRefusal(entitlements: Entitlements): string | null {
  if (entitlements.alert_frequency !== null) return null;
  return entitlements.source === 'trial' ? TRADING_ALERT_MESSAGES.trialLocked : TRADING_ALERT_MESSAGES.noAlerts;
}

/** Whether alerts reach a cell of this asset: a plan without an asset limit (null picks) reaches every asset. */
export function isAssetPicked(pickedAssetIds: readonly string[] | null, assetId: string): boolean {
  return pickedAssetIds === null || pickedAssetIds.includes(assetId);
}

/** Why this user may not follow a cell of this asset (null: they may). */
export function followRefusal(input: { entitlements: Entitlements; pickedAssetIds: readonly string[] | null; asset: { id: string; symbol: string } }): string | null {
  return alertsRefusal(input.entitlements) ?? (isAssetPicked(input.pickedAssetIds, input.asset.id) ? null : notPickedMessage(input.asset.symbol));
}

// ------------------------------------------------------------------ the daily digest

const DAY_MS = 86_400_000;

/** The digest day of an event: its UTC calendar date (YYYY-MM-DD). */
export function digestDayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A digest day's digest goes out when that UTC day ends: 00:00 UTC of the next day. */
export function digestSendAt(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS);
}

// ------------------------------------------------------------------ what an alert says

export type AlertEventType = 'consensus_confirmed' | 'consensus_exit';

export type AlertEvent = {
  eventType: AlertEventType;
  bias: Bias;
  /** The bias's share of the closed window, in tenths of a percent. */
  shareTenths: number;
  at: Date;
  symbol: string;
  /** Timeframe code, e.g. H1. */
  timeframe: string;
};

const BIAS_WORDS: Record<Bias, string> = { long: 'Long', short: 'Short', neutral: 'Neutral' };

const timeOfDay = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

function cellName(event: Pick<AlertEvent, 'symbol' | 'timeframe'>): string {
  return `${event.symbol} ${event.timeframe}`;
}

function change(event: AlertEvent): string {
  const share = `${tenthsToPercent(event.shareTenths).toFixed(1)}%`;
  return event.eventType === 'consensus_confirmed'
    ? `${BIAS_WORDS[event.bias]} consensus confirmed at ${share}`
    : `${BIAS_WORDS[event.bias]} consensus exited (${BIAS_WORDS[event.bias]} ${share})`;
}

/** The immediate alert of one event. */
export function immediateAlertText(event: AlertEvent): { title: string; message: string } {
  const verb = event.eventType === 'consensus_confirmed' ? 'confirmed' : 'exited';
  return {
    title: `${cellName(event)}: ${BIAS_WORDS[event.bias]} consensus ${verb}`,
    message: `${cellName(event)}: ${change(event)}, ${timeOfDay.format(event.at)} UTC. This is the traders' consensus, not financial advice.`,
  };
}

export type DigestCell = { symbol: string; timeframe: string; events: AlertEvent[] };

/** A digest's events by cell, cells in the order of their first event, each cell's events oldest first. */
export function groupDigest(events: readonly AlertEvent[]): DigestCell[] {
  const cells = new Map<string, DigestCell>();
  for (const event of [...events].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const key = cellName(event);
    const cell = cells.get(key) ?? { symbol: event.symbol, timeframe: event.timeframe, events: [] };
    cell.events.push(event);
    cells.set(key, cell);
  }
  return [...cells.values()];
}

/** The daily digest of a day's events (never called with none: an empty digest is not sent). */
export function digestText(day: string, events: readonly AlertEvent[]): { title: string; message: string } {
  const cells = groupDigest(events);
  const changes = events.length === 1 ? '1 consensus change' : `${events.length} consensus changes`;
  const lines = cells.map((cell) => `${cellName(cell)}: ${cell.events.map((event) => `${change(event)}, ${timeOfDay.format(event.at)}`).join('; ')}`);
  return {
    title: `Daily trading alerts: ${changes} on ${dayLabel.format(new Date(`${day}T00:00:00.000Z`))}`,
    message: `${lines.join('\n')}\nTimes in UTC. This is the traders' consensus, not financial advice.`,
  };
}
