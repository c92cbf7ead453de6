import type { Database } from '@myeai/db';
import {
  ADVANCEMENT_WINDOW_DAYS,
  activeRecruitSince,
  advancementTrackFor,
  advancementWindowStart,
  CELL_POSITIONS,
  CELL_SEAT_COUNTS,
  CELL_SEAT_ROLES,
  CELL_SIZE,
  CellPayoutConfigSchema,
  DEFAULT_CELL_PAYOUT_CONFIG,
  earningsPeriodStart,
  evaluateAdvancement,
  seatRateOfRevenueBp,
  seatRole,
  seatShareBp,
  type CellPayoutConfig,
  type EarningsData,
  type EarningsPeriodDays,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { selectCommissionConfig } from '../commission-cells/index.ts';
import { getMyGoals } from '../goals/index.ts';
import { countActiveRecruits, selectCellSeatNames, selectLedgerSums, selectMySeat, selectPersonalRevenue, selectTeamVolume, selectUnpaidBalance } from './earnings.queries.ts';

/** The stored payout configuration, or the defaults of DESIGN.md section 4 before an admin saved one. */
async function loadPayoutConfig(db: Database): Promise<CellPayoutConfig> {
  const row = await selectCommissionConfig(db);
  return row ? CellPayoutConfigSchema.parse(row.payout) : DEFAULT_CELL_PAYOUT_CONFIG;
}

async function loadSeat(db: Database, userId: string, config: CellPayoutConfig): Promise<EarningsData['seat']> {
  const mine = await selectMySeat(db, userId);
  if (!mine) return null;
  const holders = new Map((await selectCellSeatNames(db, mine.cellId)).map((seat) => [seat.position, seat]));
  const role = seatRole(mine.position);
  return {
    cell_id: mine.cellId,
    cell_name: mine.cellName,
    cell_status: mine.cellStatus,
    position: mine.position,
    role,
    share_bp: seatShareBp(config, role),
    rate_of_revenue_bp: seatRateOfRevenueBp(config, role),
    members_count: holders.size,
    capacity: CELL_SIZE,
    grid: CELL_POSITIONS.map((position) => {
      const holder = holders.get(position);
      return { position, role: seatRole(position), name: holder?.name ?? null, is_me: holder?.userId === userId };
    }),
  };
}

/**
 * My Earnings Potential (spec 2; decision record 042): my seat (or that I hold none and what each
 * seat type pays), my ledger for the period summed by kind, and my advancement inputs and progress
 * (DESIGN.md decision 40). Every figure comes from stored data.
 */
export async function getMyEarnings(db: Database, clock: Clock, userId: string, periodDays: EarningsPeriodDays): Promise<EarningsData> {
  const now = clock.now();
  const periodStart = earningsPeriodStart(now, periodDays);
  const windowStart = advancementWindowStart(now);
  const config = await loadPayoutConfig(db);
  const [seat, sums, personalRevenue, teamVolume, activeRecruits, goals, unpaid] = await Promise.all([
    loadSeat(db, userId, config),
    selectLedgerSums(db, userId, periodStart, now),
    selectPersonalRevenue(db, userId, windowStart, now),
    selectTeamVolume(db, userId, windowStart, now),
    countActiveRecruits(db, userId, activeRecruitSince(now)),
    getMyGoals(db, clock, userId),
    selectUnpaidBalance(db, userId),
  ]);
  const inputs = {
    personal_revenue_cents: personalRevenue,
    team_volume_cents: teamVolume,
    active_recruits: activeRecruits,
    achievement_score: goals.achievement_score,
  };
  const track = advancementTrackFor(seat?.role ?? null);
  const adjustment = sums.total - sums.seat - sums.product - sums.override - sums.reversed;
  return {
    period_days: periodDays,
    period_start: periodStart.toISOString(),
    period_end: now.toISOString(),
    seat,
    seat_types: CELL_SEAT_ROLES.map((role) => ({
      role,
      seats: CELL_SEAT_COUNTS[role],
      share_bp: seatShareBp(config, role),
      rate_of_revenue_bp: seatRateOfRevenueBp(config, role),
    })),
    config: { override_pool_bp: config.override_pool_bp, override_levels_bp: config.override_levels_bp, lead_share_bp: config.lead_share_bp },
    earnings_breakdown: {
      seat_cents: sums.seat,
      product_cents: sums.product,
      direct_cents: sums.seat + sums.product,
      override_cents: sums.override,
      adjustment_cents: adjustment,
      total_cents: sums.total,
      lines_count: sums.lines,
    },
    ledger_balance: { reversed_cents: sums.reversed, unpaid_cents: unpaid },
    advancement: {
      inputs,
      window_days: ADVANCEMENT_WINDOW_DAYS,
      current: track ? evaluateAdvancement(track, inputs) : null,
    },
  };
}

