import type { DbOrTx } from '@myeai/db';
import {
  ACTIVE_LEAD_STAGES,
  change,
  deriveAchievements,
  monthToDateWindows,
  payoutProcessingNote,
  pickMonthlyTargetGoal,
  PIPELINE_STAGES,
  targetProgress,
  type DashboardStats,
  type PipelineStage,
  type TargetGoal,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { getCommissionSummary } from '../commissions/index.ts';
import { getLeadStats } from '../leads/index.ts';
import {
  selectClosedLeadDays,
  selectCommissionFirsts,
  selectEarnedInWindows,
  selectFirstLeadDay,
  selectFirstReferralAt,
  selectGoalFacts,
  selectLeadsAddedInWindows,
} from './dashboard.queries.ts';

const toCents = (dollars: number) => Math.round(Number(dollars) * 100);

/**
 * Every figure of the signed-in user's Business Hub, from stored rows only: the lead stage
 * totals (leads feature), the commission ledger summary (commissions feature), per-day lead
 * activity, the goals, and the users who joined with the user's code. Each read is a handful of
 * indexed or pre-aggregated rows, whatever the number of leads.
 */
export async function getDashboardStats(db: DbOrTx, clock: Clock, userId: string): Promise<DashboardStats> {
  const now = clock.now();
  const windows = monthToDateWindows(now);
  const [leadStats, commissionSummary, earned, added, firsts, firstLeadDay, closedDays, firstReferralAt, goalRows] = await Promise.all([
    getLeadStats(db, userId),
    getCommissionSummary(db, clock, userId),
    selectEarnedInWindows(db, userId, [windows.current, windows.previous]),
    selectLeadsAddedInWindows(db, userId, [windows.current, windows.previous]),
    selectCommissionFirsts(db, userId),
    selectFirstLeadDay(db, userId),
    selectClosedLeadDays(db, userId),
    selectFirstReferralAt(db, userId),
    selectGoalFacts(db, userId),
  ]);

  const countOf = (stage: string) => leadStats.by_stage.find((s) => s.stage === stage)?.count ?? 0;
  const leadsByStage = Object.fromEntries(PIPELINE_STAGES.map((stage) => [stage, countOf(stage)])) as Record<PipelineStage, number>;
  const goals: (TargetGoal & { reviewedAt: Date | null; updatedAt: Date })[] = goalRows.map((row) => ({
    id: row.id,
    title: row.title,
    goal_type: row.goalType,
    unit: row.unit,
    status: row.status,
    target_cents: toCents(row.targetValue),
    current_cents: toCents(row.currentValue),
    deadline: row.deadline,
    created_at: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt,
    updatedAt: row.updatedAt,
  }));

  return {
    currency: 'USD',
    total_commissions_cents: commissionSummary.total_earnings_cents,
    total_commissions_change: change(earned[0]!, earned[1]!),
    pending_payouts_cents: commissionSummary.pending_cents,
    pending_payouts_count: commissionSummary.pending_count,
    pending_payouts_note: payoutProcessingNote(),
    active_leads: ACTIVE_LEAD_STAGES.reduce((sum, stage) => sum + countOf(stage), 0),
    active_leads_change: change(added[0]!, added[1]!),
    conversion_rate: leadStats.conversion_percent,
    total_leads: leadStats.total_leads,
    target_progress: targetProgress(pickMonthlyTargetGoal(goals, now)),
    leads_by_stage: leadsByStage,
    achievements: deriveAchievements({
      firstLeadAddedOn: firstLeadDay,
      leadsClosedByDay: closedDays,
      firstCommissionEarnedAt: firsts.firstEarnedAt,
      firstCommissionPaidAt: firsts.firstPaidAt,
      firstReferralAt,
      goals: goals.map((goal) => ({ id: goal.id, title: goal.title, status: goal.status, reviewed_at: goal.reviewedAt, updated_at: goal.updatedAt })),
    }),
    comparison: { current: windows.currentDays, previous: windows.previousDays },
  };
}
