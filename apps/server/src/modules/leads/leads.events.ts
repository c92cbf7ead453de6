import type { DbOrTx } from '@myeai/db';
import type { LeadStage } from '@myeai/domain';
import { createNotification } from '../notifications/index.ts';

/** A lead whose stage was set (created or imported: `from` is null) or changed. */
export type LeadStageChange = {
  userId: string;
  leadId: string;
  leadName: string;
  from: LeadStage | null;
  to: LeadStage;
  at: Date;
};

/** Names a summary notification spells out before "and N more". */
const SUMMARY_NAMES_SHOWN = 3;

/**
 * A win: an existing lead moved into closed. A lead created or imported as closed records a deal
 * closed before, not news to announce (decision 017); the Business Hub achievements still count it.
 */
function isWin(change: LeadStageChange): boolean {
  return change.from !== null && change.from !== 'closed' && change.to === 'closed';
}

/**
 * The one place lead stage changes are announced: called inside the writing transaction after
 * every create, edit, stage change and import, so the "lead closed" notification (stored, pushed
 * live and e-mailed by the notifications service, per the owner's settings) commits or rolls back
 * with the change itself. One write that closes several leads (an import) sends one summary.
 */
export async function announceLeadStageChanges(tx: DbOrTx, changes: readonly LeadStageChange[]): Promise<void> {
  const winsByOwner = new Map<string, LeadStageChange[]>();
  for (const change of changes.filter(isWin)) winsByOwner.set(change.userId, [...(winsByOwner.get(change.userId) ?? []), change]);
  for (const [userId, wins] of winsByOwner) {
    const first = wins[0]!;
    // The notification is dated by the change it announces (one write, one instant).
    const clock = { now: () => first.at };
    if (wins.length === 1) {
      await createNotification(tx, clock, {
        userId,
        type: 'lead',
        title: 'Lead closed',
        message: `${first.leadName} moved to Closed. Congratulations on the win!`,
        data: { lead_id: first.leadId, lead_name: first.leadName },
      });
      continue;
    }
    const names = wins.slice(0, SUMMARY_NAMES_SHOWN).map((win) => win.leadName);
    const more = wins.length - names.length;
    await createNotification(tx, clock, {
      userId,
      type: 'lead',
      title: `${wins.length} leads closed`,
      message: `${names.join(', ')}${more > 0 ? ` and ${more} more` : ''} moved to Closed. Congratulations on the wins!`,
      data: { lead_count: wins.length },
    });
  }
}
