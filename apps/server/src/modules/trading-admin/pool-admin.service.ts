import type { Database, DbOrTx } from '@myeai/db';
import {
  ACCURACY_LABEL,
  accuracyColor,
  ADMIN_TIER_LABELS,
  AppError,
  checkElitePool,
  DEFAULT_WEIGHT_TENTHS,
  ELITE_POOL,
  emailLocalPart,
  isWithinSubmissionWindow,
  localDateIn,
  rankByShrunkEstimate,
  shrunkHitRate,
  SHRINK_PRIOR_WEIGHT,
  SHRUNK_RANKING_NOTE,
  summarizeCounts,
  submissionWindowAround,
  tenthsToPercent,
  TRADER_ACTIVE_WITHIN_MS,
  traderScoreFields,
  traderScores,
  traderTier,
  zonedTimeToUtc,
  type AdminTrader,
  type ConsensusStatus,
  type Leaderboard,
  type TradingAdminStats,
  type TradingSettings,
  type UpdateTraderInput,
  type UpdateTradingSettingsInput,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { enforceElitePool } from '../commission-cells/index.ts';
import { countersOf, marketCountsByTrader, getEngineSettings, getTrader, listAssets, listTraderRoleHolders, saveEngineSettings, specializationOf, toSettingsResponse, type TraderRow } from '../trading/index.ts';
import { consensusDayFigures, countActiveAssets, countActiveTraders, listTraderProfiles, lockPoolChanges, recentAgreement, upsertTraderProfile } from './trading-admin.queries.ts';

type Holder = Awaited<ReturnType<typeof listTraderRoleHolders>>[number];

function traderStatus(lastSeenAt: Date | null, now: Date): 'active' | 'idle' {
  return lastSeenAt !== null && now.getTime() - lastSeenAt.getTime() <= TRADER_ACTIVE_WITHIN_MS ? 'active' : 'idle';
}

function toAdminTrader(holder: Holder, row: TraderRow | undefined, now: Date): AdminTrader {
  const weightTenths = row?.weightTenths ?? DEFAULT_WEIGHT_TENTHS;
  const tier = traderTier(weightTenths);
  const counters = countersOf(row);
  return {
    user_id: holder.id,
    name: holder.name,
    email: holder.email,
    email_local: emailLocalPart(holder.email),
    last_seen_at: holder.lastSeenAt?.toISOString() ?? null,
    status: traderStatus(holder.lastSeenAt, now),
    is_active: row?.isActive ?? false,
    has_profile: row !== undefined,
    weight: tenthsToPercent(weightTenths),
    tier,
    tier_label: ADMIN_TIER_LABELS[tier],
    specialization: specializationOf(row?.specialization ?? null),
    kyc_verified: row?.kycVerified ?? false,
    ...traderScoreFields(counters),
  };
}

/** Holders of the trader role with their profiles (a missing profile shows the defaults, inactive). */
async function poolRows(db: DbOrTx): Promise<{ holder: Holder; row: TraderRow | undefined }[]> {
  const [holders, rows] = await Promise.all([listTraderRoleHolders(db), listTraderProfiles(db, { activeOnly: false })]);
  const byUser = new Map(rows.map((row) => [row.userId, row]));
  return holders.map((holder) => ({ holder, row: byUser.get(holder.id) }));
}

export async function listAdminTraders(db: DbOrTx, now: Date) {
  const rows = await poolRows(db);
  const list = rows.map(({ holder, row }) => toAdminTrader(holder, row, now));
  list.sort((a, b) => Number(b.is_active) - Number(a.is_active) || b.weight - a.weight || a.email.localeCompare(b.email));
  const pool = checkElitePool(rows.filter(({ row }) => row?.isActive).map(({ row }) => row!.weightTenths));
  return {
    traders: list,
    pool: { valid: pool.valid, size: pool.size, counts: pool.counts, total_weight: tenthsToPercent(pool.totalWeightTenths), problems: pool.problems },
  };
}

/**
 * Saves a trader's weight (tenths), specialization, KYC flag and pool membership, audited.
 * At most 13 traders are active at once (the Elite Pool) and no save takes a tier above its count
 * (1 Lead, 3 Senior, 9 Regular), so a full pool always has the mix; with the elite pool flag on,
 * the elite cell follows in the same transaction (commission-cells enforceElitePool).
 */
export async function updateTrader(db: Database, clock: Clock, actorId: string, userId: string, input: UpdateTraderInput): Promise<AdminTrader> {
  return db.transaction(async (tx) => {
    await lockPoolChanges(tx);
    const holder = (await listTraderRoleHolders(tx)).find((h) => h.id === userId);
    if (!holder) throw new AppError('NOT_FOUND', 'Unknown trader.');
    const before = await getTrader(tx, userId);
    if (input.is_active && !before?.isActive) {
      if ((await countActiveTraders(tx)) >= ELITE_POOL.size) {
        throw new AppError('CONFLICT', `The Elite Pool is full: ${ELITE_POOL.size} active traders. Deactivate one first.`, [{ path: 'is_active', message: 'The Elite Pool is full.' }]);
      }
    }
    const now = clock.now();
    const values = {
      weightTenths: Math.round(input.weight * 10),
      specialization: input.specialization,
      kycVerified: input.kyc_verified,
      isActive: input.is_active,
      updatedAt: now,
    };
    const row = await upsertTraderProfile(tx, userId, values, now);
    // The Elite Pool rule shared with the Network Manager's dialog (no tier above 1 Lead + 3 Senior
    // + 9 Regular) and the elite cell's mirror, in this transaction (DESIGN.md decision 38).
    await enforceElitePool(tx, clock, { userId, before: before ? { isActive: before.isActive, weightTenths: before.weightTenths } : null });
    await recordAudit(tx, clock, {
      actorId,
      action: 'trading.trader.update',
      target: `trader ${emailLocalPart(holder.email)}`,
      details: {
        user_id: userId,
        before: before ? { weight: tenthsToPercent(before.weightTenths), specialization: before.specialization, kyc_verified: before.kycVerified, is_active: before.isActive } : null,
        after: input,
      },
    });
    return toAdminTrader(holder, row, now);
  });
}

export async function getAdminSettings(db: DbOrTx, now: Date): Promise<TradingSettings> {
  return toSettingsResponse(await getEngineSettings(db), now);
}

/** Saves thresholds, mode and open-mode settings (the engine reads them at the next open/close), audited. */
export async function updateAdminSettings(db: Database, clock: Clock, actorId: string, input: UpdateTradingSettingsInput): Promise<TradingSettings> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const { before, after } = await saveEngineSettings(tx, now, actorId, input);
    await recordAudit(tx, clock, {
      actorId,
      action: input.consensus_mode !== undefined && Object.keys(input).length === 1 ? 'trading.consensus_mode.update' : 'trading.settings.update',
      target: 'consensus settings',
      details: { changes: input, before: toSettingsResponse(before, now), after: toSettingsResponse(after, now) },
    });
    return toSettingsResponse(after, now);
  });
}

function nextDate(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** Today (America/New_York): submissions, windows and the consensus per asset. */
export async function getConsensusStatus(db: DbOrTx, now: Date): Promise<ConsensusStatus> {
  const settings = await getEngineSettings(db);
  const zone = settings.submissionWindow.timeZone;
  const date = localDateIn(now, zone);
  const dayStart = zonedTimeToUtc(date, '00:00', zone);
  const dayEnd = zonedTimeToUtc(nextDate(date), '00:00', zone);
  const [activeTraders, { windowsOpened, seats, votesByAsset, closedByAsset, latestConfirmed }, assets] = await Promise.all([
    countActiveTraders(db),
    consensusDayFigures(db, dayStart, dayEnd),
    listAssets(db, { includeInactive: false }),
  ]);
  const totalSubmissions = votesByAsset.reduce((sum, row) => sum + row.n, 0);
  const window = submissionWindowAround(now, settings.submissionWindow);
  const votes = new Map(votesByAsset.map((row) => [row.assetId, row]));
  const closed = new Map(closedByAsset.map((row) => [row.assetId, row.n]));
  const confirmed = new Map(latestConfirmed.map((row) => [row.assetId, row]));
  return {
    date,
    time_zone: zone,
    consensus_mode: settings.mode,
    submission_window: {
      start: settings.submissionWindow.start,
      end: settings.submissionWindow.end,
      starts_at: window.startsAt.toISOString(),
      ends_at: window.endsAt.toISOString(),
      is_open: isWithinSubmissionWindow(now, settings.submissionWindow),
    },
    submission_stats: {
      total_traders: activeTraders,
      total_submissions: totalSubmissions,
      windows_opened: windowsOpened,
      submission_rate: seats > 0 ? Math.round(Math.min(100, (totalSubmissions / seats) * 100) * 10) / 10 : null,
    },
    daily_consensus: assets
      .sort((a, b) => a.symbol.localeCompare(b.symbol))
      .map((asset) => {
        const latest = confirmed.get(asset.id);
        const assetVotes = votes.get(asset.id);
        return {
          asset_id: asset.id,
          symbol: asset.symbol,
          final_signal: latest?.bias === 'long' ? 'buy' : latest?.bias === 'short' ? 'sell' : 'pending',
          confidence_score: assetVotes?.confidence == null ? null : Math.round(assetVotes.confidence * 10) / 10,
          submission_count: assetVotes?.n ?? 0,
          consensus_strength: latest?.tenths == null ? null : tenthsToPercent(latest.tenths),
          windows_closed: closed.get(asset.id) ?? 0,
        };
      }),
  };
}

/**
 * The top 10 by the shrunk market hit rate (decision 072), each with the market hit rate and its
 * interval, the Brier score and the scored votes, and the agreement figure and recent form beside.
 */
export async function getLeaderboard(db: DbOrTx): Promise<Leaderboard> {
  const [rows, market] = await Promise.all([poolRows(db), marketCountsByTrader(db)]);
  const entries = rows
    .filter(({ row }) => row !== undefined)
    .map(({ holder, row }) => {
      const counters = countersOf(row);
      const counts = market.get(holder.id) ?? { hits: 0, scored: 0, brierSumE4: 0 };
      return { traderId: holder.id, holder, row: row!, scores: traderScores(counters), hits: counts.hits, scored: counts.scored, brierSumE4: counts.brierSumE4, votesCast: counters.votesCast, agreementScored: counters.scoredVotes };
    });
  const top = rankByShrunkEstimate(entries).slice(0, 10);
  const trending = await Promise.all(
    top.map(async (entry) => {
      const recent = await recentAgreement(db, entry.traderId, 10);
      return recent.length === 0 ? null : Math.round((recent.filter((agreed) => agreed).length / recent.length) * 1000) / 10;
    }),
  );
  return {
    accuracy_label: ACCURACY_LABEL,
    prior_weight: SHRINK_PRIOR_WEIGHT,
    ranking_note: SHRUNK_RANKING_NOTE,
    rows: top.map((entry, index) => {
      const summary = summarizeCounts(entry.hits, entry.scored);
      return {
        rank: index + 1,
        trader_id: entry.traderId,
        trader_name: entry.holder.name,
        email_local: emailLocalPart(entry.holder.email),
        tier: traderTier(entry.row.weightTenths),
        total_submissions: entry.votesCast,
        consensus_inclusions: entry.agreementScored,
        accuracy_rate: entry.scores.accuracy,
        avg_confidence: entry.scores.avgConfidence,
        trending_score: trending[index] ?? null,
        accuracy_color: accuracyColor(entry.scores.accuracy),
        market_scored: entry.scored,
        market_hits: entry.hits,
        market_hit_rate: summary.hit_rate,
        market_ci_low: summary.ci_low,
        market_ci_high: summary.ci_high,
        brier: entry.scored === 0 ? null : Math.round(entry.brierSumE4 / entry.scored) / 10_000,
        shrunk_hit_rate: Math.round(shrunkHitRate(entry.hits, entry.scored) * 1000) / 10,
      };
    }),
  };
}

export async function getAdminStats(db: DbOrTx): Promise<TradingAdminStats> {
  const [rows, activeAssets] = await Promise.all([poolRows(db), countActiveAssets(db)]);
  const accuracies = rows.map(({ row }) => traderScores(countersOf(row)).accuracy).filter((value): value is number => value !== null);
  return {
    total_traders: rows.length,
    active_traders: rows.filter(({ row }) => row?.isActive).length,
    active_assets: activeAssets,
    avg_accuracy: accuracies.length === 0 ? null : Math.round((accuracies.reduce((sum, value) => sum + value, 0) / accuracies.length) * 10) / 10,
    accuracy_label: ACCURACY_LABEL,
  };
}
