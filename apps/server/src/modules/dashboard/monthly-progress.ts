import type { DbOrTx } from '@myeai/db';
import { cappedProgressPercent, pickMonthlyTargetGoal, type MonthlyProgress, type TargetGoal } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { selectUsdMonetaryGoals, sumCommissionsEarnedBetween } from './dashboard.queries.ts';

const DAY_MS = 86_400_000;
const GOALS_READ_MAX = 200;

/**
 * Progress of a USD monetary goal from the commission ledger (DESIGN.md decision 31): every
 * commission the user earned from the goal's creation to the end of its deadline day (UTC),
 * whatever its payout status. The Business Hub's target card and the sidebar card both read it.
 */
export async function ledgerProgressCents(db: DbOrTx, userId: string, goal: { created_at: string; deadline: string }): Promise<number> {
  const until = new Date(Date.parse(`${goal.deadline}T00:00:00.000Z`) + DAY_MS);
  return sumCommissionsEarnedBetween(db, userId, new Date(goal.created_at), until);
}

/**
 * The sidebar's monthly progress card (spec 1 section 2.3): the running USD monetary goal picked
 * by the Business Hub's rule (pickMonthlyTargetGoal) with its ledger progress. No such goal:
 * null, and the card is hidden.
 */
export async function getMonthlyProgress(db: DbOrTx, clock: Clock, userId: string): Promise<MonthlyProgress> {
  const now = clock.now();
  const rows = await selectUsdMonetaryGoals(db, userId, GOALS_READ_MAX);
  const candidates: TargetGoal[] = rows.map((goal) => ({
    id: goal.id,
    title: goal.title,
    goal_type: goal.goalType,
    unit: goal.unit,
    status: goal.status,
    // Only USD goals are read here: their hundredths are cents (decision 061).
    target_cents: goal.targetHundredths,
    current_cents: 0,
    deadline: goal.deadline,
    created_at: goal.createdAt.toISOString(),
  }));
  const goal = pickMonthlyTargetGoal(candidates, now);
  if (!goal) return { goal: null };
  const progress = await ledgerProgressCents(db, userId, goal);
  return {
    goal: {
      id: goal.id,
      title: goal.title,
      deadline: goal.deadline,
      target_cents: goal.target_cents,
      progress_cents: progress,
      percent: cappedProgressPercent(progress, goal.target_cents),
    },
  };
}
