import type { DbOrTx } from '@myeai/db';
import {
  ANONYMOUS_INITIATOR,
  AppError,
  decideConsensus,
  emailLocalPart,
  refuseSubmission,
  scoreVote,
  selectCountedSubmissions,
  shouldCloseWindow,
  tallyVotes,
  tenthsToPercent,
  voteRequestText,
  voteWeightTenths,
  topBias,
  weightedShares,
  type Bias,
  type Role,
  type VoteInput,
  type VoterDetail,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { enqueueJob } from '../jobs/index.ts';
import { createNotification } from '../notifications/index.ts';
import { enqueueConsensusAlerts } from './consensus-alerts-queue.ts';
import { enqueueWindowScoring } from './track-record-queue.ts';
import { getEngineSettings, rulesFromSettings } from './settings.service.ts';
import { publishTradingEvents } from './trading-events.ts';
import {
  getAsset,
  getTimeframe,
  getUsersByIds,
  listVoteRequestRecipients,
  rulesOf,
  specializationOf,
  type AssetRow,
  type TimeframeRow,
  type TraderRow,
  type WindowRow,
} from './trading.queries.ts';
import {
  addClosedVote,
  countVote,
  countWindowSeenByPool,
  insertConsensusEvent,
  insertVote,
  insertWindow,
  lockAggregate,
  lockOpenWindowOfPair,
  lockWindow,
  markWindowClosed,
  marketRecordAt,
  openWindowIdOfPair,
  selectPair,
  updateOpenShares,
  upsertAggregate,
  votesOfWindow,
  type VoteRow,
} from './windows.queries.ts';

// The writes of entry windows (open, vote, close) and what they publish. What the trader desk reads
// is in windows.projections.ts; the statements of both are in windows.queries.ts.

export const CLOSE_WINDOW_JOB = 'trading.close-window';

export type TradingActor = { id: string; email: string; roles: readonly Role[] };

/**
 * `live: false` writes without notifications, live events or a close job: the demo seed builds
 * its history through these same functions with it.
 */
export type WriteOptions = { live?: boolean };

const MESSAGES = {
  assetUnknown: 'Unknown asset.',
  timeframeUnknown: 'Unknown timeframe.',
  windowUnknown: 'Entry window not found.',
  windowClosed: 'This entry window has closed.',
  votingOver: 'Voting for this entry window has closed.',
  alreadyVoted: 'You have already voted in this entry window.',
  notInPool: 'Only active traders of the pool can vote. Please contact an administrator for trader verification.',
  windowFull: 'This entry window already has all the votes it takes.',
  outsideSubmissionWindow: 'Open mode accepts submissions only inside the daily submission window.',
} as const;

export const WINDOW_MESSAGES = MESSAGES;

// ------------------------------------------------------------------ opening

/**
 * Opens an entry window on an asset x timeframe: closes_at = now + the timeframe's voting
 * window. In the same transaction it records window_opened, resets the live shares of the
 * aggregate, notifies every trader (position_initiated, action required), publishes the live
 * events and enqueues the close job at closes_at. A second open window on the pair is refused
 * (409, the open window's id in details); one whose closes_at passed is closed first.
 */
export async function openWindow(
  db: DbOrTx,
  clock: Clock,
  actor: TradingActor,
  input: { assetId: string; timeframeId: string },
  options: WriteOptions = {},
): Promise<{ windowId: string; notifiedTraders: number }> {
  const live = options.live ?? true;
  return db.transaction(async (tx) => {
    const asset = await getAsset(tx, input.assetId);
    if (!asset || !asset.isActive) throw new AppError('NOT_FOUND', MESSAGES.assetUnknown);
    const timeframe = await getTimeframe(tx, input.timeframeId);
    if (!timeframe || !timeframe.isActive) throw new AppError('NOT_FOUND', MESSAGES.timeframeUnknown);
    const now = clock.now();

    const pair = { assetId: asset.id, timeframeId: timeframe.id };
    const existing = await lockOpenWindowOfPair(tx, pair);
    if (existing && now.getTime() >= existing.closesAt.getTime()) await closeLockedWindow(tx, clock, existing, 'time', { live });
    else if (existing) throw alreadyOpen(asset, timeframe, existing.id);

    const settings = await getEngineSettings(tx);
    const rules = rulesFromSettings(settings);
    const closesAt = new Date(now.getTime() + timeframe.votingWindowMinutes * 60_000);
    const window = await insertWindow(tx, { ...pair, openedBy: actor.id, openedAt: now, closesAt, mode: rules.mode, poolSize: rules.poolSize, rules });
    // Another request opened one between our check and our insert.
    if (!window) throw alreadyOpen(asset, timeframe, await openWindowIdOfPair(tx, pair));

    await insertConsensusEvent(tx, { windowId: window.id, ...pair, eventType: 'window_opened', createdAt: now });
    await upsertAggregate(tx, pair, { openWindowId: window.id, openVoteCount: 0, openLongTenths: 0, openShortTenths: 0, openNeutralTenths: 0, openTopBias: null, openUpdatedAt: now, updatedAt: now });

    let notifiedTraders = 0;
    if (live) {
      await enqueueJob(tx, clock, { name: CLOSE_WINDOW_JOB, payload: { windowId: window.id }, runAt: closesAt, dedupeKey: `close-window:${window.id}` });
      const timeRemaining = Math.max(0, Math.round((closesAt.getTime() - now.getTime()) / 1000));
      for (const recipient of await listVoteRequestRecipients(tx, actor.id)) {
        const created = await createNotification(tx, clock, {
          userId: recipient.id,
          type: 'position_initiated',
          ...voteRequestText({ asset: asset.symbol, timeframe: timeframe.code, minutes: timeframe.votingWindowMinutes }),
          data: {
            asset: asset.symbol,
            asset_id: asset.id,
            timeframe: timeframe.code,
            timeframe_id: timeframe.id,
            windowId: window.id,
            // Traders stay anonymous to each other; only an admin recipient learns who opened it.
            initiator: recipient.roles.includes('admin') ? emailLocalPart(actor.email) : ANONYMOUS_INITIATOR,
            time_remaining: timeRemaining,
            closes_at: closesAt.toISOString(),
          },
          actionRequired: true,
          sourceKey: `window:${window.id}`,
        });
        if (created) notifiedTraders += 1;
      }
      const ref = windowRef(window, asset, timeframe);
      await publishTradingEvents(tx, clock, [
        {
          kind: 'position_initiated',
          payload: { ...ref, opened_at: now.toISOString(), closes_at: closesAt.toISOString(), time_remaining_seconds: timeRemaining, initiator: ANONYMOUS_INITIATOR },
        },
        { kind: 'trading_compass_update', payload: compassUpdate('window_opened', asset, timeframe, now) },
      ]);
    }
    return { windowId: window.id, notifiedTraders };
  });
}

function alreadyOpen(asset: AssetRow, timeframe: TimeframeRow, windowId: string | null): AppError {
  return new AppError(
    'CONFLICT',
    `An entry window is already open for ${asset.symbol} ${timeframe.code}.`,
    windowId ? [{ path: 'window_id', message: windowId }] : undefined,
  );
}

function windowRef(window: WindowRow, asset: AssetRow, timeframe: TimeframeRow) {
  return { window_id: window.id, asset_id: asset.id, asset_symbol: asset.symbol, timeframe_id: timeframe.id, timeframe_code: timeframe.code };
}

function compassUpdate(reason: 'window_opened' | 'vote' | 'window_closed', asset: AssetRow, timeframe: TimeframeRow, now: Date) {
  return { reason, asset_id: asset.id, asset_symbol: asset.symbol, timeframe_id: timeframe.id, timeframe_code: timeframe.code, at: now.toISOString() };
}

// ------------------------------------------------------------------ voting

/**
 * One vote of an active pool trader: refused after closes_at (server time), a second time
 * (409), beyond the pool size, or outside the open-mode submission window. The vote's weight is
 * fixed when cast. The live shares of the aggregate follow; the vote that completes the pool
 * closes the window in the same transaction.
 */
export async function castVote(
  db: DbOrTx,
  clock: Clock,
  actor: { id: string; email: string },
  windowId: string,
  input: VoteInput,
  options: WriteOptions = {},
): Promise<{ closed: boolean }> {
  const live = options.live ?? true;
  return db.transaction(async (tx) => {
    const window = await lockWindow(tx, windowId);
    if (!window) throw new AppError('NOT_FOUND', MESSAGES.windowUnknown);
    if (window.status !== 'open') throw new AppError('CONFLICT', MESSAGES.windowClosed);
    const now = clock.now();
    if (now.getTime() >= window.closesAt.getTime()) throw new AppError('CONFLICT', MESSAGES.votingOver);
    const { asset, timeframe, trader } = await pairOf(tx, window, actor.id);
    if (!trader || !trader.isActive) throw new AppError('FORBIDDEN', MESSAGES.notInPool);
    const rules = rulesOf(window);
    const refusal = refuseSubmission({ now, countedSoFar: window.voteCount, rules });
    if (refusal === 'window_full') throw new AppError('CONFLICT', MESSAGES.windowFull);
    if (refusal === 'outside_submission_window') throw new AppError('CONFLICT', MESSAGES.outsideSubmissionWindow);
    const weightTenths = voteWeightTenths({
      rules,
      traderWeightTenths: trader.weightTenths,
      // Performance weighting reads the trader's market record as known now (decision 072).
      marketRecord: rules.performanceWeighting ? await marketRecordAt(tx, actor.id, now) : null,
      specialization: specializationOf(trader.specialization),
      timeframeMinutes: timeframe.minutes,
    });
    // The unique (window, trader) index answers a second vote.
    const vote = await insertVote(tx, { windowId: window.id, traderId: actor.id, bias: input.bias, confidence: input.confidence, note: input.note, weightTenths, createdAt: now });
    if (!vote) throw new AppError('CONFLICT', MESSAGES.alreadyVoted);
    await countVote(tx, window.id);
    const updated = { ...window, voteCount: window.voteCount + 1 };

    const counted = selectCountedSubmissions(await votesOfWindow(tx, window.id), rules);
    const tally = tallyVotes(counted.map(toWeightedVote));
    const shares = weightedShares(tally);
    await updateOpenShares(tx, window, window.id, {
      openVoteCount: counted.length,
      openLongTenths: shares.long,
      openShortTenths: shares.short,
      openNeutralTenths: shares.neutral,
      openTopBias: topBias(tally),
      openUpdatedAt: now,
      updatedAt: now,
    });

    if (live) {
      const ref = windowRef(window, asset, timeframe);
      const at = now.toISOString();
      // The compass update first: it is what refreshes every viewer's screen.
      await publishTradingEvents(tx, clock, [
        { kind: 'trading_compass_update', payload: compassUpdate('vote', asset, timeframe, now) },
        { kind: 'vote_update_trader', payload: { ...ref, total_votes: updated.voteCount, pool_size: window.poolSize, closes_at: window.closesAt.toISOString(), at } },
        { kind: 'vote_update_subscriber', payload: { ...ref, total_votes: updated.voteCount, at } },
        {
          kind: 'vote_update_admin',
          payload: {
            ...ref,
            total_votes: updated.voteCount,
            pool_size: window.poolSize,
            long_percentage: tenthsToPercent(shares.long),
            short_percentage: tenthsToPercent(shares.short),
            neutral_percentage: tenthsToPercent(shares.neutral),
            voter: voterDetail(vote, actor.email),
            at,
          },
        },
      ]);
    }

    const closes = shouldCloseWindow({ now, closesAt: window.closesAt, voteCount: updated.voteCount, poolSize: window.poolSize });
    if (closes) await closeLockedWindow(tx, clock, updated, 'all_voted', { live });
    return { closed: closes };
  });
}

/** The window's asset and timeframe, and with `traderId` that trader's profile, in one query. */
async function pairOf(db: DbOrTx, window: WindowRow, traderId?: string): Promise<{ asset: AssetRow; timeframe: TimeframeRow; trader: TraderRow | null }> {
  const row = await selectPair(db, window, traderId);
  if (!row) throw new Error(`entry window ${window.id} lost its asset or timeframe`);
  return row;
}

function toWeightedVote(vote: VoteRow): { bias: Bias; weightTenths: number } {
  return { bias: vote.bias as Bias, weightTenths: vote.weightTenths };
}

function voterDetail(vote: VoteRow, email: string): VoterDetail {
  return { trader_id: vote.traderId, trader_email_local: emailLocalPart(email), weight: tenthsToPercent(vote.weightTenths), bias: vote.bias as Bias, confidence: vote.confidence };
}

// ------------------------------------------------------------------ closing

export type CloseOutcome = 'closed' | 'already_closed' | 'not_due';

/**
 * Closes a window whose closes_at has come (the close job, and anything else that finds an
 * overdue window). Idempotent: a closed window is left alone, so a retried or duplicated job
 * writes nothing twice.
 */
export async function closeWindow(db: DbOrTx, clock: Clock, windowId: string, options: WriteOptions = {}): Promise<CloseOutcome> {
  return db.transaction(async (tx) => {
    const window = await lockWindow(tx, windowId);
    if (!window || window.status !== 'open') return 'already_closed';
    const now = clock.now();
    if (!shouldCloseWindow({ now, closesAt: window.closesAt, voteCount: window.voteCount, poolSize: window.poolSize })) return 'not_due';
    await closeLockedWindow(tx, clock, window, window.voteCount >= window.poolSize ? 'all_voted' : 'time', options);
    return 'closed';
  });
}

/**
 * The close itself, on a window row locked by the caller: the domain decides from the counted
 * votes, the persisted thresholds and the standing consensus; the window, the events, the
 * aggregate and the traders' score counters are written; the results go out live.
 */
async function closeLockedWindow(tx: DbOrTx, clock: Clock, window: WindowRow, reason: 'all_voted' | 'time', options: WriteOptions): Promise<void> {
  const live = options.live ?? true;
  const now = clock.now();
  const votes = await votesOfWindow(tx, window.id);
  const counted = selectCountedSubmissions(votes, rulesOf(window));
  const tally = tallyVotes(counted.map(toWeightedVote));
  const settings = await getEngineSettings(tx);
  const aggregate = await lockAggregate(tx, window);
  const standing = (aggregate?.confirmedBias as Bias | null | undefined) ?? null;
  const decision = decideConsensus(tally, { confirmation: settings.confirmationThreshold, exit: settings.exitThreshold }, standing);
  const consensusTenths = decision.confirmedBias ? decision.shares[decision.confirmedBias] : null;

  await markWindowClosed(tx, window.id, {
    status: 'closed',
    closedAt: now,
    closeReason: reason,
    longTenths: decision.shares.long,
    shortTenths: decision.shares.short,
    neutralTenths: decision.shares.neutral,
    resultBias: decision.topBias,
    confirmedBias: decision.confirmedBias,
    consensusTenths,
    standingBias: decision.standingBias,
    confirmationThreshold: settings.confirmationThreshold,
    exitThreshold: settings.exitThreshold,
  });

  const recordedEventIds: number[] = [];
  for (const event of decision.events) {
    const recorded = await insertConsensusEvent(tx, { windowId: window.id, assetId: window.assetId, timeframeId: window.timeframeId, eventType: event.type, confirmedBias: event.bias, consensusTenths: event.shareTenths, createdAt: now });
    if (recorded !== undefined) recordedEventIds.push(recorded);
  }

  const cleared = { openWindowId: null, openVoteCount: 0, openLongTenths: 0, openShortTenths: 0, openNeutralTenths: 0, openTopBias: null, openUpdatedAt: null, updatedAt: now };
  // A window without counted votes leaves the last shares as they were.
  const last =
    counted.length > 0
      ? { lastWindowId: window.id, lastClosedAt: now, lastVoteCount: counted.length, lastLongTenths: decision.shares.long, lastShortTenths: decision.shares.short, lastNeutralTenths: decision.shares.neutral, lastTopBias: decision.topBias }
      : {};
  const confirmed =
    decision.confirmedBias !== null
      ? { confirmedBias: decision.confirmedBias, confirmedTenths: consensusTenths, confirmedAt: now }
      : decision.standingBias === null && standing !== null
        ? { confirmedBias: null, confirmedTenths: null, confirmedAt: now }
        : {};
  await upsertAggregate(tx, window, { ...cleared, ...last, ...confirmed });

  await countWindowSeenByPool(tx);
  for (const vote of counted) {
    const score = scoreVote({ confidence: vote.confidence, agreed: decision.confirmedBias === null ? null : vote.bias === decision.confirmedBias });
    await addClosedVote(tx, vote.traderId, { confidence: vote.confidence, ...score, at: now });
  }

  if (!live) return;
  // Followers of the cell hear of each new event (trading alerts, decision 020).
  await enqueueConsensusAlerts(tx, clock, recordedEventIds);
  const { asset, timeframe } = await pairOf(tx, window);
  if (counted.length > 0) await enqueueWindowScoring(tx, clock, window.id, now, timeframe.minutes);
  const result = {
    ...windowRef(window, asset, timeframe),
    closed_at: now.toISOString(),
    close_reason: reason,
    total_votes: counted.length,
    consensus_reached: decision.confirmedBias !== null,
    final_bias: decision.confirmedBias,
    consensus_percentage: consensusTenths === null ? null : tenthsToPercent(consensusTenths),
    long_percentage: tenthsToPercent(decision.shares.long),
    short_percentage: tenthsToPercent(decision.shares.short),
    neutral_percentage: tenthsToPercent(decision.shares.neutral),
    standing_bias: decision.standingBias,
  };
  const emails = await getUsersByIds(tx, counted.map((vote) => vote.traderId));
  await publishTradingEvents(tx, clock, [
    { kind: 'consensus_final_trader', payload: result },
    {
      kind: 'consensus_final_admin',
      payload: {
        ...result,
        voters: counted.map((vote) => voterDetail(vote, emails.get(vote.traderId)?.email ?? '')),
        events: decision.events.map((event) => ({ event_type: event.type, bias: event.bias, percentage: tenthsToPercent(event.shareTenths) })),
      },
    },
    { kind: 'trading_compass_update', payload: compassUpdate('window_closed', asset, timeframe, now) },
  ]);
}

/** The close job: payload {windowId}; idempotent (see closeWindow). */
export async function runCloseWindowJob(db: DbOrTx, clock: Clock, payload: unknown): Promise<CloseOutcome> {
  const windowId = (payload as { windowId?: unknown } | null)?.windowId;
  if (typeof windowId !== 'string') throw new Error('close-window job without a windowId');
  const outcome = await closeWindow(db, clock, windowId);
  // Due by run_at, so "not due" means clocks disagree between instances: try again later.
  if (outcome === 'not_due') throw new Error(`entry window ${windowId} is not due to close yet`);
  return outcome;
}
