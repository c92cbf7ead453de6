import type { Database } from '@myeai/db';
import { AppError, nextGoalStatus, mayReviewGoal, reviewNeedsFeedback, type Goal, type GoalStatus, type ReviewAction } from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import { recordAudit } from '../audit/index.ts';
import { createNotification } from '../notifications/index.ts';
import { settleLedgerGoals } from './goal-views.service.ts';
import { selectActiveRole, selectGoalForReview, selectOwnGoal, updateGoalStatus } from './goals.queries.ts';
import { toGoal } from './goals.service.ts';

export type ReviewGoalDeps = Pick<AppDeps, 'db' | 'clock'>;

export type ReviewGoalInput = {
  goalId: string;
  /** The signed-in reviewer; their active role is read from the database, never taken from the caller. */
  reviewerId: string;
  action: ReviewAction;
  /** Required to reject or request a revision (what the owner should change); stored on the goal. */
  feedback?: string | null;
  /**
   * The message the owner receives (an approval message written by the MessageWriter and edited by
   * the admin). Without it the owner gets the standard text of the action.
   */
  message?: string | null;
};

export type ReviewGoalResult = {
  goal: Goal;
  /** False when the owner switched Goal Milestones off (nothing stored, pushed or e-mailed). */
  notified: boolean;
};

const NOTIFICATION: Record<ReviewAction, { title: string; text: (title: string, feedback: string | null) => string }> = {
  approve: { title: 'Goal approved', text: (title) => `Your goal "${title}" was approved. Habit tracking is now open on it.` },
  reject: { title: 'Goal not approved', text: (title, feedback) => `Your goal "${title}" was not approved. Feedback: ${feedback ?? ''} You can edit it and resubmit it.` },
  request_revision: {
    title: 'Revision requested on your goal',
    text: (title, feedback) => `A reviewer asked you to revise your goal "${title}": ${feedback ?? ''} Edit it and resubmit it for review.`,
  },
};

/**
 * Approves, rejects or sends back for revision one goal in `pending_approval`.
 *
 * How to call it (a route, a batch, the admin messages screen):
 *
 *   const { goal, notified } = await reviewGoal(app.deps, {
 *     goalId, reviewerId: request.user!.id, action: 'approve', message: editedMessage,
 *   });
 *
 * - Authorisation (DESIGN.md decision 23): an admin (active role) reviews any goal, an affiliate the
 *   goals of users they referred, nobody their own. Own goal: 403 "You cannot review your own goal.";
 *   a goal the reviewer may not see: 404 "Goal not found." (its existence is not revealed).
 * - `feedback` is required for reject and request_revision (400); it is stored on the goal.
 * - One transaction: the status change (from pending_approval only), the audit row
 *   `goal.approve|goal.reject|goal.request_revision` with before/after, and the owner's
 *   notification (type achievement: stored, pushed live, e-mailed as the owner's settings allow).
 * - Concurrency: the goal row is locked and the update is conditional on the status, so of two
 *   concurrent approvals exactly one succeeds; the other (and any review of a goal no longer
 *   pending) gets 409 "This goal has already been reviewed." and changes nothing.
 * For a batch, call it once per goal and collect each result or AppError (one goal's failure leaves the others).
 */
export async function reviewGoal(deps: ReviewGoalDeps, input: ReviewGoalInput): Promise<ReviewGoalResult> {
  const feedback = input.feedback?.trim() || null;
  const message = input.message?.trim() || null;
  if (reviewNeedsFeedback(input.action) && !feedback) {
    throw new AppError('VALIDATION', 'Give feedback so the owner knows what to change.', [{ path: 'feedback', message: 'Give feedback so the owner knows what to change.' }]);
  }
  const db: Database = deps.db;
  return db.transaction(async (tx) => {
    const goal = await selectGoalForReview(tx, input.goalId);
    const activeRole = await selectActiveRole(tx, input.reviewerId);
    if (!goal || !activeRole) throw new AppError('NOT_FOUND', 'Goal not found.');
    if (goal.userId === input.reviewerId) throw new AppError('FORBIDDEN', 'You cannot review your own goal.');
    if (!mayReviewGoal({ id: input.reviewerId, activeRole }, { ownerId: goal.userId, ownerReferredBy: goal.ownerReferredBy })) {
      throw new AppError('NOT_FOUND', 'Goal not found.');
    }
    const from = goal.status as GoalStatus;
    const to = nextGoalStatus(from, input.action);
    if (!to) throw new AppError('CONFLICT', 'This goal has already been reviewed.');
    const now = deps.clock.now();
    const updated = await updateGoalStatus(tx, goal.id, from, { status: to, reviewedBy: input.reviewerId, reviewedAt: now, reviewFeedback: feedback, updatedAt: now });
    if (!updated) throw new AppError('CONFLICT', 'This goal has already been reviewed.');
    await recordAudit(tx, deps.clock, {
      actorId: input.reviewerId,
      action: `goal.${input.action}`,
      target: goal.id,
      details: {
        owner_id: goal.userId,
        reviewer_role: activeRole,
        before: { status: from, review_feedback: goal.reviewFeedback },
        after: { status: to, review_feedback: feedback },
        message_sent: message !== null,
      },
    });
    const text = NOTIFICATION[input.action];
    const notification = await createNotification(tx, deps.clock, {
      userId: goal.userId,
      type: 'achievement',
      title: text.title,
      message: message ?? text.text(goal.title, feedback),
      data: { goal_id: goal.id, status: to, ...(feedback ? { feedback } : {}) },
      actionRequired: input.action !== 'approve',
      sourceKey: `goal-review:${goal.id}:${now.toISOString()}`,
    });
    // A monetary goal whose commissions already reach its target completes on approval (decision 048).
    const completed = to === 'approved' ? await settleLedgerGoals(tx, deps.clock, [goal.userId]) : [];
    const settled = completed.includes(goal.id) ? await selectOwnGoal(tx, goal.userId, goal.id) : undefined;
    return { goal: toGoal(settled ?? updated), notified: notification !== null };
  });
}
