import {
  getPlan,
  homeOf,
  nextPlanOf,
  runningTrialDay,
  trialChecklist,
  tryNow,
  type ConsensusEvent,
  type HomeConsensus,
  type Role,
  type RoleHomeData,
  type RoleHomeDataOf,
  type TradingAlerts,
} from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import { countGoalsAndPending } from '../admin-overview/index.ts';
import { countCommissions } from '../commissions/index.ts';
import { countJobs } from '../jobs/index.ts';
import { countCompletedModules } from '../learning/index.ts';
import { listRecentNotifications } from '../notifications/index.ts';
import { getSubscriptionStatus } from '../subscriptions/index.ts';
import { countOpenSupportRequests } from '../support/index.ts';
import { getTradingAlerts } from '../trading-alerts/index.ts';
import { accessLevelReaderFor, getTrialOfUser } from '../trials/index.ts';
import { compassAccessOf, getTraderProfile, getVerifiedTraders, listActiveWindows, listAssets, listConsensusEvents, pickReaderFor, planReaderFor, type CompassView, type CompassViewer } from '../trading/index.ts';

/** How many rows a home's lists show: a home points to the screen with the whole list. */
const LIST_MAX = 5;
const FOLLOWED_MAX = 6;

export type HomeViewer = { id: string; activeRole: Role; roles: readonly Role[] };

const toHomeConsensus = (event: ConsensusEvent): HomeConsensus => ({
  asset_symbol: event.asset.symbol,
  asset_name: event.asset.name,
  timeframe_code: event.timeframe.code,
  event_type: event.event_type,
  bias: event.confirmed_bias,
  percentage: event.consensus_percentage,
  at: event.timestamp,
});

/**
 * The homes of the active roles (ROLE_HOMES). Each reads through the modules that own the facts,
 * as the caller: the compass's own access rule (delay, history, picks) decides which consensus
 * they see; lists are the caller's own rows; the admin's counts are the admin screens' counts.
 */
export function roleHomeReader(deps: AppDeps) {
  const compassFacts = { planId: planReaderFor(deps), accessLevel: accessLevelReaderFor(deps), pick: pickReaderFor(deps) };
  const { db, clock } = deps;

  async function followedCells(view: CompassView, alerts: TradingAlerts, now: Date) {
    return Promise.all(
      alerts.follows.slice(0, FOLLOWED_MAX).map(async (follow) => {
        const { events } = await listConsensusEvents(db, view, { asset_id: follow.asset.id, timeframe_id: follow.timeframe.id, limit: 1 }, now).catch(() => ({ events: [] as ConsensusEvent[] }));
        return {
          asset_symbol: follow.asset.symbol,
          asset_name: follow.asset.name,
          timeframe_code: follow.timeframe.code,
          alerting: follow.alerting,
          latest: events[0] ? toHomeConsensus(events[0]) : null,
        };
      }),
    );
  }

  async function recentConsensus(view: CompassView, now: Date): Promise<HomeConsensus[]> {
    const { events } = await listConsensusEvents(db, view, { limit: LIST_MAX }, now);
    return events.map(toHomeConsensus);
  }

  async function subscriberHome(viewer: HomeViewer, view: CompassView, now: Date): Promise<RoleHomeDataOf<'subscriber'>> {
    const [status, following, alerts, assets] = await Promise.all([
      getSubscriptionStatus(db, clock, viewer.id),
      getTradingAlerts(db, clock, viewer.id),
      listRecentNotifications(db, viewer.id, ['trading_alert', 'consensus_reached'], LIST_MAX, now),
      listAssets(db, { includeInactive: false }),
    ]);
    const followed = await followedCells(view, following, now);
    const planId = status.has_access ? status.plan : null;
    // The compass shows a limited plan the picked assets (or, until they pick, the first ones).
    const pickedIds = view.access.assetsPicked ? (following.picked_asset_ids ?? []) : null;
    const picked = pickedIds === null ? null : assets.filter((asset) => pickedIds.includes(asset.id)).map((asset) => asset.symbol);
    return {
      kind: 'subscriber',
      plan: planId
        ? {
            id: planId,
            name: getPlan(planId).name,
            status: status.status,
            renews_on: status.cancel_at_period_end ? null : status.current_period_end,
            ends_on: status.cancel_at_period_end ? status.current_period_end : null,
            trial_ends_on: status.status === 'trial' ? status.trial_end : null,
          }
        : null,
      picked_assets: picked,
      asset_limit: view.access.assetLimit,
      followed_cells: followed,
      follow_refusal: following.refusal,
      recent_alerts: alerts.map((n) => ({ id: n.id, title: n.title, message: n.message, created_at: n.created_at })),
      next_plan: nextPlanOf(planId),
    };
  }

  async function investorHome(viewer: HomeViewer, view: CompassView, now: Date): Promise<RoleHomeDataOf<'investor'>> {
    const [following, recent, completed, verified] = await Promise.all([getTradingAlerts(db, clock, viewer.id), recentConsensus(view, now), countCompletedModules(db, viewer.id), getVerifiedTraders(db)]);
    const followed = await followedCells(view, following, now);
    return {
      kind: 'investor',
      followed_cells: followed,
      follow_refusal: following.refusal,
      consensus_access: view.access.assetLimit !== 0,
      recent_consensus: recent,       delay_minutes: Math.round(view.access.delayMs / 60_000),
      learning: { completed_modules: completed },
      verified_traders: verified,
    };
  }

  async function trialHome(viewer: HomeViewer, now: Date): Promise<RoleHomeDataOf<'trial'>> {
    const row = await getTrialOfUser(db, viewer.id);
    const facts = row ? { startedAt: row.startedAt, endsAt: row.endsAt, convertedAt: row.convertedAt } : null;
    const day = runningTrialDay(facts, now);
    if (!row || day === 0) return { kind: 'trial', trial: null, checklist: trialChecklist(null, 0), try_now: [] };
    return {
      kind: 'trial',
      trial: { day, started_at: row.startedAt.toISOString(), ends_at: row.endsAt.toISOString() },
      checklist: trialChecklist(row.startedAt, day),
      try_now: tryNow(day),
    };
  }

  async function traderHome(viewer: HomeViewer, view: CompassView, now: Date): Promise<RoleHomeDataOf<'trader'>> {
    const [profile, windows, recent] = await Promise.all([getTraderProfile(db, viewer.id), listActiveWindows(db, viewer.id), recentConsensus(view, now)]);
    const open = windows.filter((window) => Date.parse(window.closes_at) > now.getTime());
    const needed = profile.is_active ? open.filter((window) => !window.user_voted) : [];
    needed.sort((a, b) => Date.parse(a.closes_at) - Date.parse(b.closes_at));
    return {
      kind: 'trader',
      in_pool: profile.is_active,
      votes_needed: needed.map((window) => ({
        window_id: window.id,
        asset_symbol: window.asset.symbol,
        timeframe_code: window.timeframe.code,
        closes_at: window.closes_at,
        total_votes: window.total_votes,
        pool_size: window.pool_size,
      })),
      open_windows: open.length,
      recent_consensus: recent,
    };
  }

  async function adminHome(): Promise<RoleHomeDataOf<'admin'>> {
    const [goals, support, failed, waiting] = await Promise.all([countGoalsAndPending(db), countOpenSupportRequests(db), countJobs(db, 'failed'), countCommissions(db, null, 'pending')]);
    return { kind: 'admin', pending_goals: goals.pending, open_support_requests: support, failed_jobs: failed, commissions_waiting: waiting };
  }

  /** The home of the viewer's active role, as of the clock's now. */
  return async function readHome(viewer: HomeViewer): Promise<RoleHomeData> {
    const now = clock.now();
    const kind = homeOf(viewer.activeRole).kind;
    if (kind === 'cockpit') return { kind: 'cockpit' };
    if (kind === 'admin') return adminHome();
    if (kind === 'trial') return trialHome(viewer, now);
    const view = await compassAccessOf(viewer satisfies CompassViewer, now, compassFacts);
    if (kind === 'subscriber') return subscriberHome(viewer, view, now);
    if (kind === 'investor') return investorHome(viewer, view, now);
    return traderHome(viewer, view, now);
  };
}
