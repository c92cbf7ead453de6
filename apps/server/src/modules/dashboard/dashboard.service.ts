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
  type CommissionSource,
  type DashboardStats,
  type PipelineStage,
  type TargetGoal,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { getCommissionSummary } from '../commissions/index.ts';
import { getLeadStats } from '../leads/index.ts';
import { selectDashboardFacts } from './dashboard.queries.ts';
import { ledgerProgressCents } from './monthly-progress.ts';

/**
 * Every figure of the signed-in user's Business Hub, from stored rows only: the lead stage
 * totals (leads feature), the commission ledger summary (commissions feature), per-day lead
 * activity, the goals, and the users who joined with the user's code. Each read is a handful of
 * indexed or pre-aggregated rows, whatever the number of leads.
 */
export async function getDashboardStats(db: DbOrTx, clock: Clock, userId: string): Promise<DashboardStats> {
  const now = clock.now();
  const windows = monthToDateWindows(now);
  const [leadStats, commissionSummary, facts] = await Promise.all([
    getLeadStats(db, userId),
    getCommissionSummary(db, clock, userId),
    selectDashboardFacts(db, userId, windows),
  ]);

  const countOf = (stage: string) => leadStats.by_stage.find((s) => s.stage === stage)?.count ?? 0;
  const leadsByStage = Object.fromEntries(PIPELINE_STAGES.map((stage) => [stage, countOf(stage)])) as Record<PipelineStage, number>;
  const goals: TargetGoal[] = facts.goals.map((goal) => ({
    id: goal.id,
    title: goal.title,
    goal_type: goal.goal_type,
    unit: goal.unit,
    status: goal.status,
    // Hundredths of the goal's unit: cents for the USD goals the target card picks (decision 061).
    target_cents: goal.target_hundredths,
    current_cents: goal.current_hundredths,
    deadline: goal.deadline,
    created_at: goal.created_at,
  }));
  const date = (ms: number | null) => (ms === null ? null : new Date(ms));
  // The target's progress comes from the ledger (DESIGN.md decision 31), as on the sidebar card.
  const picked = pickMonthlyTargetGoal(goals, now);
  const target = picked ? { ...picked, current_cents: await ledgerProgressCents(db, userId, picked) } : null;

  return {
    currency: 'USD',
    total_commissions_cents: commissionSummary.total_earnings_cents,
    total_commissions_change: change(facts.earnedCurrent, facts.earnedPrevious),
    pending_payouts_cents: commissionSummary.pending_cents,
    pending_payouts_count: commissionSummary.pending_count,
    pending_payouts_note: payoutProcessingNote(),
    active_leads: ACTIVE_LEAD_STAGES.reduce((sum, stage) => sum + countOf(stage), 0),
    active_leads_change: change(facts.leadsAddedCurrent, facts.leadsAddedPrevious),
    conversion_rate: leadStats.conversion_percent,
    total_leads: leadStats.total_leads,
    target_progress: targetProgress(target),
    leads_by_stage: leadsByStage,
    achievements: deriveAchievements({
      firstLeadAddedOn: facts.firstLeadDay,
      leadsClosedByDay: facts.closedDays,
      firstCommissionEarnedAt: date(facts.firstEarnedAt),
      firstCommissionSource: facts.firstEarnedSource as CommissionSource | null,
      firstCommissionPaidAt: date(facts.firstPaidAt),
      firstReferralAt: date(facts.firstReferralAt),
      goals: facts.goals.map((goal) => ({
        id: goal.id,
        title: goal.title,
        status: goal.status,
        reviewed_at: goal.reviewed_at ? new Date(goal.reviewed_at) : null,
        updated_at: new Date(goal.updated_at),
      })),
    }),
    comparison: { current: windows.currentDays, previous: windows.previousDays },
  };
}
