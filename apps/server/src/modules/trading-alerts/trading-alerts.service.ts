import type { Database, DbOrTx } from '@myeai/db';
import {
  AppError,
  alertsRefusal,
  digestDayOf,
  digestSendAt,
  digestText,
  entitlementsOf,
  followRefusal,
  immediateAlertText,
  isAssetPicked,
  notPickedMessage,
  runningTrialDay,
  TRADING_ALERT_MESSAGES,
  type AlertEvent,
  type AlertEventType,
  type Bias,
  type Entitlements,
  type TradingAlerts,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { enqueueJob } from '../jobs/index.ts';
import { createNotification } from '../notifications/index.ts';
import { planIdAt, readPlanState } from '../subscriptions/index.ts';
import { getAsset, getTimeframe, pickedAssetIds, toAssetRef, toTimeframeRef } from '../trading/index.ts';
import { getTrialOfUser } from '../trials/index.ts';
import {
  alertEvents,
  deleteFollow,
  digestEventIds,
  fileDigestItem,
  followersOfCell,
  followsOf,
  followsWithCells,
  insertFollow,
  rolesOfUser,
  type AlertEventRow,
} from './trading-alerts.queries.ts';

export const ALERT_DIGEST_JOB = 'trading-alerts.digest';

/** A user's entitlements at `now` (entitlementsOf), read fresh: the plan, the admin role, the trial's day. */
export async function entitlementsAt(db: DbOrTx, userId: string, now: Date): Promise<Entitlements> {
  const [roles, planState, trial] = await Promise.all([rolesOfUser(db, userId), readPlanState(db, userId), getTrialOfUser(db, userId)]);
  const trialFacts = trial ? { startedAt: trial.startedAt, endsAt: trial.endsAt, convertedAt: trial.convertedAt } : null;
  return entitlementsOf({ planId: planIdAt(planState, now), isAdmin: roles?.includes('admin') ?? false, trialDay: runningTrialDay(trialFacts, now) });
}

/** GET /api/trading/alerts */
export async function getTradingAlerts(db: DbOrTx, clock: Clock, userId: string): Promise<TradingAlerts> {
  const [entitlements, picks, rows] = await Promise.all([entitlementsAt(db, userId, clock.now()), pickedAssetIds(db, userId), followsWithCells(db, userId)]);
  return {
    frequency: entitlements.alert_frequency,
    refusal: alertsRefusal(entitlements),
    picked_asset_ids: picks,
    follows: rows.map(({ follow, asset, timeframe }) => {
      const alerting = isAssetPicked(picks, asset.id);
      return {
        asset: toAssetRef(asset),
        timeframe: toTimeframeRef(timeframe),
        followed_at: follow.createdAt.toISOString(),
        alerting,
        paused_reason: alerting ? null : notPickedMessage(asset.symbol),
      };
    }),
  };
}

/** PUT /api/trading/alerts/follows/:asset/:timeframe: idempotent; refused (403) without alerts or for an asset not picked. */
export async function followCell(db: DbOrTx, clock: Clock, userId: string, cell: { assetId: string; timeframeId: string }): Promise<TradingAlerts> {
  const [asset, timeframe] = await Promise.all([getAsset(db, cell.assetId), getTimeframe(db, cell.timeframeId)]);
  if (!asset || !timeframe || !asset.isActive || !timeframe.isActive) throw new AppError('NOT_FOUND', TRADING_ALERT_MESSAGES.unknownCell);
  const [entitlements, picks] = await Promise.all([entitlementsAt(db, userId, clock.now()), pickedAssetIds(db, userId)]);
  const refusal = followRefusal({ entitlements, pickedAssetIds: picks, asset: { id: asset.id, symbol: asset.symbol } });
  if (refusal) throw new AppError('FORBIDDEN', refusal);
  await insertFollow(db, { userId, assetId: asset.id, timeframeId: timeframe.id, createdAt: clock.now() });
  return getTradingAlerts(db, clock, userId);
}

/** DELETE /api/trading/alerts/follows/:asset/:timeframe: idempotent, allowed whatever the plan (a user may always stop alerts). */
export async function unfollowCell(db: DbOrTx, clock: Clock, userId: string, cell: { assetId: string; timeframeId: string }): Promise<TradingAlerts> {
  await deleteFollow(db, userId, cell);
  return getTradingAlerts(db, clock, userId);
}

// ------------------------------------------------------------------ delivery

function toAlertEvent(row: AlertEventRow): AlertEvent {
  return {
    eventType: row.eventType as AlertEventType,
    bias: row.confirmedBias as Bias,
    shareTenths: row.consensusTenths ?? 0,
    at: row.createdAt,
    symbol: row.symbol,
    timeframe: row.timeframe,
  };
}

/** Who hears of a cell's events now: alerts in their entitlements, the asset among their picks. */
async function alertFrequencyFor(db: DbOrTx, userId: string, assetId: string, now: Date): Promise<Entitlements['alert_frequency']> {
  const entitlements = await entitlementsAt(db, userId, now);
  if (entitlements.alert_frequency === null) return null;
  return isAssetPicked(await pickedAssetIds(db, userId), assetId) ? entitlements.alert_frequency : null;
}

/**
 * The alert job of one consensus event: each follower of its cell gets an immediate alert or has
 * the event filed for their daily digest, at their entitlements and picks of now. Idempotent:
 * the notification's source key is the event, a digest row is one per event x follower.
 */
export async function runConsensusAlerts(db: Database, clock: Clock, payload: unknown): Promise<void> {
  const eventId = (payload as { eventId?: unknown } | null)?.eventId;
  if (typeof eventId !== 'number') throw new Error('consensus alert job without an eventId');
  const now = clock.now();
  await db.transaction(async (tx) => {
    const [row] = await alertEvents(tx, [eventId]);
    if (!row || (row.eventType !== 'consensus_confirmed' && row.eventType !== 'consensus_exit') || !row.confirmedBias) return;
    const followers = await followersOfCell(tx, row);
    const event = toAlertEvent(row);
    for (const userId of followers) {
      const frequency = await alertFrequencyFor(tx, userId, row.assetId, now);
      if (frequency === 'immediate') {
        await createNotification(tx, clock, {
          userId,
          type: 'trading_alert',
          ...immediateAlertText(event),
          data: { eventId, assetId: row.assetId, timeframeId: row.timeframeId },
          sourceKey: `trading-alert:${eventId}`,
        });
      } else if (frequency === 'daily') {
        const day = digestDayOf(row.createdAt);
        await fileDigestItem(tx, { userId, eventId, digestDay: day, createdAt: now });
        await enqueueJob(tx, clock, { name: ALERT_DIGEST_JOB, payload: { userId, day }, runAt: digestSendAt(day), dedupeKey: `trading-alert-digest:${userId}:${day}` });
      }
    }
  });
}

/**
 * The daily digest job of one user and day: one notification listing the day's filed events of
 * cells the user still follows, of assets still picked, while their plan still gives alerts.
 * Nothing left: nothing is sent. The source key is the day, so a rerun sends nothing twice.
 */
export async function runAlertDigest(db: Database, clock: Clock, payload: unknown): Promise<void> {
  const { userId, day } = (payload ?? {}) as { userId?: unknown; day?: unknown };
  if (typeof userId !== 'string' || typeof day !== 'string') throw new Error('trading alert digest job without a userId and day');
  const now = clock.now();
  await db.transaction(async (tx) => {
    const entitlements = await entitlementsAt(tx, userId, now);
    if (entitlements.alert_frequency === null) return;
    const [picks, filed, follows] = await Promise.all([
      pickedAssetIds(tx, userId),
      digestEventIds(tx, userId, day),
      followsOf(tx, userId),
    ]);
    const followed = new Set(follows.map((f) => `${f.assetId}:${f.timeframeId}`));
    const rows = await alertEvents(tx, filed);
    const kept = rows.filter((row) => isAssetPicked(picks, row.assetId) && followed.has(`${row.assetId}:${row.timeframeId}`));
    if (kept.length === 0) return;
    await createNotification(tx, clock, {
      userId,
      type: 'trading_alert',
      ...digestText(day, kept.map(toAlertEvent)),
      data: { digestDay: day, eventIds: kept.map((row) => row.id) },
      sourceKey: `trading-alert-digest:${day}`,
    });
  });
}
