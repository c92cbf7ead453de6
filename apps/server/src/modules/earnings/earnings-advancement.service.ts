import type { Database } from '@myeai/db';
import { activeRecruitSince, advancementTrackFor, advancementWindowStart, evaluateAdvancement, type AdvancementInputs, type AdvancementProgress, type CellSeatRole } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { achievementScoresOf } from '../goals/index.ts';
import { countActiveRecruitsByUser, selectPersonalRevenueByUser, selectTeamVolumeByUser } from './earnings.queries.ts';

export type AdvancementCheck = { inputs: AdvancementInputs; current: AdvancementProgress | null };

/**
 * The advancement check of My Earnings Potential (getMyEarnings: DESIGN.md decision 40's inputs,
 * spec 2 section 6's rule through advancementTrackFor and evaluateAdvancement) for several seated
 * users at once, for the Network Manager's suggestions (issue 19 item 7). Revenue, team volume and
 * recruits are one grouped query each for all users; the Goal Achievement Score is the goals module's
 * own computation (achievementScoresOf, the score getMyGoals gives /earnings), four queries for all.
 */
export async function getAdvancementChecks(
  db: Database,
  clock: Clock,
  members: readonly { userId: string; role: CellSeatRole }[],
): Promise<Map<string, AdvancementCheck>> {
  const now = clock.now();
  const windowStart = advancementWindowStart(now);
  const ids = members.map((member) => member.userId);
  const [revenue, volume, recruits, scores] = await Promise.all([
    selectPersonalRevenueByUser(db, ids, windowStart, now),
    selectTeamVolumeByUser(db, ids, windowStart, now),
    countActiveRecruitsByUser(db, ids, activeRecruitSince(now)),
    achievementScoresOf(db, clock, ids),
  ]);
  return new Map(
    members.map((member) => {
      const inputs: AdvancementInputs = {
        personal_revenue_cents: revenue.get(member.userId) ?? 0,
        team_volume_cents: volume.get(member.userId) ?? 0,
        active_recruits: recruits.get(member.userId) ?? 0,
        achievement_score: scores.get(member.userId) ?? null,
      };
      const track = advancementTrackFor(member.role);
      return [member.userId, { inputs, current: track ? evaluateAdvancement(track, inputs) : null }];
    }),
  );
}
