import type { GoalStatus } from './goal-rules.ts';

/**
 * Goal lifecycle (DESIGN.md decision 39, docs/decisions/037-goal-lifecycle-and-progress.md):
 *
 *   pending_approval --approve--> approved --(current >= target)--> completed
 *   pending_approval --reject--> rejected --resubmit--> pending_approval
 *   pending_approval --request_revision--> revision_requested --resubmit--> pending_approval
 *   pending_approval --withdraw--> withdrawn --resubmit--> pending_approval
 *
 * `active` is an approved goal under its older name (decision 39: "approved (active)"); it moves like
 * approved. Reviewer actions (approve, reject, request_revision) belong to a reviewer who is not the owner;
 * withdraw and resubmit belong to the owner; complete happens by itself.
 */
export const REVIEW_ACTIONS = ['approve', 'reject', 'request_revision'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];
export const OWNER_ACTIONS = ['withdraw', 'resubmit'] as const;
export type OwnerAction = (typeof OWNER_ACTIONS)[number];
export type GoalAction = ReviewAction | OwnerAction | 'complete';

const TRANSITIONS: Record<GoalAction, { from: readonly GoalStatus[]; to: GoalStatus }> = {
  approve: { from: ['pending_approval'], to: 'approved' },
  reject: { from: ['pending_approval'], to: 'rejected' },
  request_revision: { from: ['pending_approval'], to: 'revision_requested' },
  withdraw: { from: ['pending_approval'], to: 'withdrawn' },
  resubmit: { from: ['rejected', 'revision_requested', 'withdrawn'], to: 'pending_approval' },
  complete: { from: ['approved', 'active'], to: 'completed' },
};

/** The status an action moves a goal to, or null when the action is not allowed from `from`. */
export function nextGoalStatus(from: GoalStatus, action: GoalAction): GoalStatus | null {
  const transition = TRANSITIONS[action];
  return transition.from.includes(from) ? transition.to : null;
}

/** Statuses whose content (title, target, deadline, habits...) the owner may change. */
export const EDITABLE_GOAL_STATUSES: readonly GoalStatus[] = ['rejected', 'revision_requested', 'withdrawn'];
export function isGoalEditable(status: GoalStatus): boolean {
  return EDITABLE_GOAL_STATUSES.includes(status);
}

/** Running goals: progress is recorded and habits ticked only on these. */
export const RUNNING_GOAL_STATUSES = ['approved', 'active'] as const satisfies readonly GoalStatus[];
export function isGoalRunning(status: GoalStatus): boolean {
  return (RUNNING_GOAL_STATUSES as readonly GoalStatus[]).includes(status);
}

/** Reviewer feedback is required to reject or to ask for a revision (the owner must learn what to change). */
export function reviewNeedsFeedback(action: ReviewAction): boolean {
  return action !== 'approve';
}

export type GoalReviewer = { id: string; activeRole: string };

/**
 * Who may review a goal (decision 23): an admin any goal, an affiliate the goals of users they
 * referred; nobody their own goal (segregation of duties), whatever their role.
 */
export function mayReviewGoal(reviewer: GoalReviewer, goal: { ownerId: string; ownerReferredBy: string | null }): boolean {
  if (reviewer.id === goal.ownerId) return false;
  if (reviewer.activeRole === 'admin') return true;
  return reviewer.activeRole === 'affiliate' && goal.ownerReferredBy === reviewer.id;
}

export const GOAL_STATUS_LABELS: Record<GoalStatus, string> = {
  pending_approval: 'Pending approval',
  approved: 'Approved',
  active: 'Active',
  completed: 'Completed',
  rejected: 'Rejected',
  revision_requested: 'Revision requested',
  withdrawn: 'Withdrawn',
};
