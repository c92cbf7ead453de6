import type { DbOrTx } from '@myeai/db';
import type { LeadStage } from '@myeai/domain';

/** A lead whose stage was set (created or imported: `from` is null) or changed. */
export type LeadStageChange = {
  userId: string;
  leadId: string;
  leadName: string;
  from: LeadStage | null;
  to: LeadStage;
  at: Date;
};

/**
 * The one place lead stage changes are announced: called inside the writing transaction after
 * every create, edit, stage change and import, so whatever reacts (a "lead closed" notification,
 * the "first lead closed" achievement) commits or rolls back with the change itself. Nothing
 * reacts yet: the notifications feature attaches here.
 */
export async function announceLeadStageChanges(_tx: DbOrTx, _changes: readonly LeadStageChange[]): Promise<void> {
  // No listener yet: a change to "closed" (to === 'closed' && from !== 'closed') is the one to notify.
}
