import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '@myeai/db';
import {
  BIASES,
  decideConsensus,
  emailLocalPart,
  scoreVote,
  selectCountedSubmissions,
  tallyVotes,
  tenthsToPercent,
  voteWeightTenths,
  weightedShares,
  type Bias,
  type Specialization,
} from '@myeai/domain';
import { addTraderCounters, insertHistoryRows, type HistoryRows } from './demo-history.queries.ts';
import { rulesFromSettings, type EngineSettings } from './settings.service.ts';
import type { TradingEvent } from './trading-events.ts';
import type { AssetRow, TimeframeRow } from './trading.queries.ts';

/*
 * A week of closed entry windows for the demo (decision 050), decided by the engine's own domain
 * functions (tally, shares, hysteresis, scores) and written in a few bulk statements, so the demo
 * starts in well under a second instead of replaying hundreds of windows vote by vote.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The history reaches back this far: inside every plan's depth, the Weekly plan's included. */
const HISTORY_MS = 7 * DAY;
/** Each filled cell's latest window closed within this, so a trial's last 24 hours is filled too. */
const LATEST_WITHIN_MS = 20 * HOUR;

export type DemoPoolMember = { id: string; email: string; weightTenths: number; specialization: Specialization };

type DemoVote = { id: string; traderId: string; bias: Bias; confidence: number; weightTenths: number; createdAt: Date };

export type DemoWindow = {
  id: string;
  asset: AssetRow;
  timeframe: TimeframeRow;
  openedBy: string;
  openedAt: Date;
  closesAt: Date;
  closedAt: Date;
  closeReason: 'all_voted' | 'time';
  votes: DemoVote[];
  decision: ReturnType<typeof decideConsensus>;
  standingBefore: Bias | null;
};

export type DemoHistory = { windows: DemoWindow[]; settings: EngineSettings; pool: readonly DemoPoolMember[] };

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32): the same demo on every install. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Fisher-Yates with the demo's random source: who votes first differs from window to window. */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * A few cells stay empty (the grid also shows what "no votes yet" looks like); every other cell gets
 * 2 to 5 windows over the week. EUR/USD, the preselected row, is always filled.
 */
export function isDemoCellEmpty(assetIndex: number, timeframeIndex: number): boolean {
  return assetIndex > 0 && (assetIndex * 3 + timeframeIndex * 5) % 11 === 7;
}

/**
 * The one pair with a real track record (decision 068, "A pair with a real record"): besides its few
 * windows over the week, EUR/USD H1 gets a window about every 4 hours from the week's first day until
 * a day ago, enough confirmed calls (20+) for the compass to show a hit rate with its interval. The
 * preselected row, and an asset and timeframe every plan opens (H1 is premium: every plan has it;
 * the Weekly plan's 7 days of history hold it all on the day of the seed).
 */
export const DEMO_RECORD_PAIR = { symbol: 'EUR/USD', timeframe: 'H1' } as const;
/** About this long between two of the record pair's extra windows (jittered by a quarter of it). */
const RECORD_SPACING_MS = 4 * HOUR;
/** The record pair's extra windows start this long after the week's first instant... */
const RECORD_FROM_MS = HISTORY_MS - 6 * HOUR;
/** ...and close before the latest windows of every cell (so the feed's recent windows are unchanged). */
const RECORD_UNTIL_MS = LATEST_WITHIN_MS + HOUR;

type DraftWindow = Omit<DemoWindow, 'decision' | 'standingBefore'>;
type DraftContext = { asset: AssetRow; timeframe: TimeframeRow; pool: readonly DemoPoolMember[]; rules: ReturnType<typeof rulesFromSettings> };

/**
 * One window's votes as the pool casts them: most voters follow the trend, with an agreement that
 * varies from window to window (so some windows end without a consensus); a few may not vote.
 */
function draftWindow(random: () => number, context: DraftContext, openedAt: number, trend: Bias): DraftWindow {
  const { asset, timeframe, pool, rules } = context;
  const votingMs = timeframe.votingWindowMinutes * 60_000;
  // How much the pool agrees this time: most windows confirm, some end without a consensus.
  const agreement = 0.25 + random() * 0.6;
  const turnout = random() < 0.65 ? pool.length : pool.length - 1 - Math.floor(random() * 4);
  const order = shuffled(pool, random).slice(0, turnout);
  const step = Math.min(60_000, Math.floor(votingMs / (pool.length + 2)));
  const votes: DemoVote[] = order.map((member, i) => {
    const bias = random() < agreement ? trend : BIASES[Math.floor(random() * 3)]!;
    return {
      id: randomUUID(),
      traderId: member.id,
      bias,
      confidence: 35 + Math.floor(random() * 60),
      weightTenths: voteWeightTenths({ rules, traderWeightTenths: member.weightTenths, marketRecord: null, specialization: member.specialization, timeframeMinutes: timeframe.minutes }),
      createdAt: new Date(openedAt + (i + 1) * step),
    };
  });
  const closesAt = openedAt + votingMs;
  const allVoted = votes.length >= rules.poolSize;
  const closedAt = allVoted ? votes[votes.length - 1]!.createdAt.getTime() : closesAt;
  return {
    id: randomUUID(),
    asset,
    timeframe,
    openedBy: pool[Math.floor(random() * pool.length)]!.id,
    openedAt: new Date(openedAt),
    closesAt: new Date(closesAt),
    closedAt: new Date(closedAt),
    closeReason: allVoted ? 'all_voted' : 'time',
    votes: selectCountedSubmissions(votes, rules),
  };
}

/**
 * The record pair's extra windows, from a random source of their own (every other cell's windows stay
 * as they were): one about every RECORD_SPACING_MS, none within an hour of the cell's other windows.
 */
function recordPairDrafts(now: number, context: DraftContext, others: readonly DraftWindow[]): DraftWindow[] {
  const random = randomSource(20_261_128);
  const votingMs = context.timeframe.votingWindowMinutes * 60_000;
  const drafts: DraftWindow[] = [];
  let trend: Bias = BIASES[Math.floor(random() * 3)]!;
  for (let slot = now - RECORD_FROM_MS; slot + votingMs <= now - RECORD_UNTIL_MS; slot += RECORD_SPACING_MS) {
    const openedAt = slot + Math.floor(random() * RECORD_SPACING_MS * 0.25);
    if (others.some((w) => openedAt < w.closedAt.getTime() + HOUR && w.openedAt.getTime() < openedAt + votingMs + HOUR)) continue;
    if (random() < 0.3) trend = BIASES[Math.floor(random() * 3)]!;
    drafts.push(draftWindow(random, context, openedAt, trend));
  }
  return drafts;
}

/** The windows of the demo week, oldest first per cell, each decided as the engine decides it at its close. */
export function buildDemoHistory(params: { now: Date; assets: readonly AssetRow[]; timeframes: readonly TimeframeRow[]; pool: readonly DemoPoolMember[]; settings: EngineSettings }): DemoHistory {
  const { now, settings, pool } = params;
  const rules = rulesFromSettings(settings);
  const thresholds = { confirmation: settings.confirmationThreshold, exit: settings.exitThreshold };
  const random = randomSource(20_261_123);
  const windows: DemoWindow[] = [];
  for (const [assetIndex, asset] of params.assets.entries()) {
    for (const [timeframeIndex, timeframe] of params.timeframes.entries()) {
      if (isDemoCellEmpty(assetIndex, timeframeIndex)) continue;
      const context = { asset, timeframe, pool, rules };
      const votingMs = timeframe.votingWindowMinutes * 60_000;
      const count = 2 + ((assetIndex + timeframeIndex * 3) % 4);
      const latestClose = now.getTime() - (20 * 60_000 + random() * (LATEST_WITHIN_MS - 20 * 60_000));
      const spacing = (HISTORY_MS - votingMs - (now.getTime() - latestClose)) / count;
      let trend: Bias = BIASES[Math.floor(random() * 3)]!;
      const drafts: DraftWindow[] = [];
      for (let k = count - 1; k >= 0; k -= 1) {
        const openedAt = latestClose - votingMs - k * spacing - (k > 0 ? random() * spacing * 0.3 : 0);
        if (random() < 0.3) trend = BIASES[Math.floor(random() * 3)]!;
        drafts.push(draftWindow(random, context, openedAt, trend));
      }
      if (asset.symbol === DEMO_RECORD_PAIR.symbol && timeframe.code === DEMO_RECORD_PAIR.timeframe) drafts.push(...recordPairDrafts(now.getTime(), context, drafts));
      // Decided in time order, each close from the consensus standing after the one before (hysteresis).
      let standing: Bias | null = null;
      for (const draft of drafts.sort((a, b) => a.openedAt.getTime() - b.openedAt.getTime())) {
        const decision = decideConsensus(tallyVotes(draft.votes), thresholds, standing);
        windows.push({ ...draft, decision, standingBefore: standing });
        standing = decision.standingBias;
      }
    }
  }
  return { windows, settings, pool };
}

/**
 * Writes the history as the engine would have: closed windows with their results, the votes with
 * the weights they counted with, the consensus events in time order, one aggregate per cell (the
 * last window's shares, the standing consensus) and the pool's score counters.
 */
export async function insertDemoHistory(tx: DbOrTx, history: DemoHistory): Promise<void> {
  const { windows, settings, pool } = history;
  if (windows.length === 0) return;
  const rules = rulesFromSettings(settings);
  const rows: HistoryRows = {
    windows: windows.map((w) => ({
      id: w.id,
      assetId: w.asset.id,
      timeframeId: w.timeframe.id,
      openedBy: w.openedBy,
      openedAt: w.openedAt,
      closesAt: w.closesAt,
      status: 'closed',
      mode: rules.mode,
      poolSize: rules.poolSize,
      rules,
      voteCount: w.votes.length,
      closedAt: w.closedAt,
      closeReason: w.closeReason,
      longTenths: w.decision.shares.long,
      shortTenths: w.decision.shares.short,
      neutralTenths: w.decision.shares.neutral,
      resultBias: w.decision.topBias,
      confirmedBias: w.decision.confirmedBias,
      consensusTenths: w.decision.confirmedBias ? w.decision.shares[w.decision.confirmedBias] : null,
      standingBias: w.decision.standingBias,
      confirmationThreshold: settings.confirmationThreshold,
      exitThreshold: settings.exitThreshold,
    })),
    votes: windows.flatMap((w) => w.votes.map((vote) => ({ id: vote.id, windowId: w.id, traderId: vote.traderId, bias: vote.bias, confidence: vote.confidence, note: null, weightTenths: vote.weightTenths, createdAt: vote.createdAt }))),
    events: windows
      .flatMap((w) => [
        { windowId: w.id, assetId: w.asset.id, timeframeId: w.timeframe.id, eventType: 'window_opened', confirmedBias: null, consensusTenths: null, createdAt: w.openedAt },
        ...w.decision.events.map((event) => ({ windowId: w.id, assetId: w.asset.id, timeframeId: w.timeframe.id, eventType: event.type, confirmedBias: event.bias, consensusTenths: event.shareTenths, createdAt: w.closedAt })),
      ])
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
    aggregates: aggregatesOfHistory(windows),
  };
  await insertHistoryRows(tx, rows);

  // The score counters each close adds to (windows seen by the whole active pool; votes and scores per voter).
  const counters = new Map(pool.map((member) => [member.id, { windowsSeen: windows.length, votesCast: 0, confidenceSum: 0, scoredVotes: 0, agreedVotes: 0, calibrationSum: 0 }]));
  for (const w of windows) {
    for (const vote of w.votes) {
      const score = scoreVote({ confidence: vote.confidence, agreed: w.decision.confirmedBias === null ? null : vote.bias === w.decision.confirmedBias });
      const c = counters.get(vote.traderId)!;
      c.votesCast += 1;
      c.confidenceSum += vote.confidence;
      c.scoredVotes += score.scoredVotes;
      c.agreedVotes += score.agreedVotes;
      c.calibrationSum += score.calibrationSum;
    }
  }
  for (const [traderId, delta] of counters) await addTraderCounters(tx, traderId, delta);
}

/** One aggregate per cell, from its windows in time order (the engine's upsert at each close). */
function aggregatesOfHistory(windows: readonly DemoWindow[]): HistoryRows['aggregates'] {
  const cells = new Map<string, HistoryRows['aggregates'][number]>();
  for (const w of [...windows].sort((a, b) => a.closedAt.getTime() - b.closedAt.getTime())) {
    const key = `${w.asset.id}|${w.timeframe.id}`;
    const previous = cells.get(key) ?? { assetId: w.asset.id, timeframeId: w.timeframe.id, updatedAt: w.closedAt };
    const { decision } = w;
    const confirmed =
      decision.confirmedBias !== null
        ? { confirmedBias: decision.confirmedBias, confirmedTenths: decision.shares[decision.confirmedBias], confirmedAt: w.closedAt }
        : decision.standingBias === null && w.standingBefore !== null
          ? { confirmedBias: null, confirmedTenths: null, confirmedAt: w.closedAt }
          : {};
    cells.set(key, {
      ...previous,
      ...(w.votes.length > 0
        ? { lastWindowId: w.id, lastClosedAt: w.closedAt, lastVoteCount: w.votes.length, lastLongTenths: decision.shares.long, lastShortTenths: decision.shares.short, lastNeutralTenths: decision.shares.neutral, lastTopBias: decision.topBias }
        : {}),
      ...confirmed,
      updatedAt: w.closedAt,
    });
  }
  return [...cells.values()];
}

/** Windows whose votes and result the seeded flow-chart feed carries (the flow chart shows 6 recent windows). */
const FEED_WINDOWS = 6;
/** Of those, the latest ones also get their vote events (the feed keeps 20 items). */
const FEED_VOTED_WINDOWS = 1;

/**
 * The admin feed events (vote_update_admin, consensus_final_admin) of the latest windows, in time
 * order, as the engine publishes them live: the flow chart's feed then starts with the same
 * recent activity its "Recent voting windows" list shows. Admin-only kinds: nothing here reaches
 * a trader's desk or raises a desktop alert.
 */
export function demoFeedEvents(history: DemoHistory): { at: number; event: TradingEvent }[] {
  const emails = new Map(history.pool.map((member) => [member.id, member.email]));
  const latest = [...history.windows].sort((a, b) => b.closedAt.getTime() - a.closedAt.getTime()).slice(0, FEED_WINDOWS);
  const items: { at: number; event: TradingEvent }[] = [];
  for (const [index, w] of latest.entries()) {
    const ref = { window_id: w.id, asset_id: w.asset.id, asset_symbol: w.asset.symbol, timeframe_id: w.timeframe.id, timeframe_code: w.timeframe.code };
    const voter = (vote: DemoVote) => ({ trader_id: vote.traderId, trader_email_local: emailLocalPart(emails.get(vote.traderId) ?? ''), weight: tenthsToPercent(vote.weightTenths), bias: vote.bias, confidence: vote.confidence });
    if (index < FEED_VOTED_WINDOWS) {
      for (const [i, vote] of w.votes.entries()) {
        const shares = weightedShares(tallyVotes(w.votes.slice(0, i + 1)));
        items.push({
          at: vote.createdAt.getTime(),
          event: {
            kind: 'vote_update_admin',
            payload: {
              ...ref,
              total_votes: i + 1,
              pool_size: rulesFromSettings(history.settings).poolSize,
              long_percentage: tenthsToPercent(shares.long),
              short_percentage: tenthsToPercent(shares.short),
              neutral_percentage: tenthsToPercent(shares.neutral),
              voter: voter(vote),
              at: vote.createdAt.toISOString(),
            },
          },
        });
      }
    }
    const { decision } = w;
    const consensusTenths = decision.confirmedBias ? decision.shares[decision.confirmedBias] : null;
    items.push({
      at: w.closedAt.getTime(),
      event: {
        kind: 'consensus_final_admin',
        payload: {
          ...ref,
          closed_at: w.closedAt.toISOString(),
          close_reason: w.closeReason,
          total_votes: w.votes.length,
          consensus_reached: decision.confirmedBias !== null,
          final_bias: decision.confirmedBias,
          consensus_percentage: consensusTenths === null ? null : tenthsToPercent(consensusTenths),
          long_percentage: tenthsToPercent(decision.shares.long),
          short_percentage: tenthsToPercent(decision.shares.short),
          neutral_percentage: tenthsToPercent(decision.shares.neutral),
          standing_bias: decision.standingBias,
          voters: w.votes.map(voter),
          events: decision.events.map((event) => ({ event_type: event.type, bias: event.bias, percentage: tenthsToPercent(event.shareTenths) })),
        },
      },
    });
  }
  return items.sort((a, b) => a.at - b.at);
}
