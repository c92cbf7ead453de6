import { describe, expect, it, test } from 'vitest';
import { GOAL_STATUSES, type GoalStatus } from './goal-rules.ts';
import { isGoalEditable, isGoalRunning, mayReviewGoal, nextGoalStatus, type GoalAction } from './goal-lifecycle.ts';

describe('goal lifecycle', () => {
  /** Every allowed move; any (status, action) pair not listed is refused. */
  const allowed: Array<[GoalStatus, GoalAction, GoalStatus]> = [
    ['pending_approval', 'approve', 'approved'],
    ['pending_approval', 'reject', 'rejected'],
    ['pending_approval', 'request_revision', 'revision_requested'],
    ['pending_approval', 'withdraw', 'withdrawn'],
    ['rejected', 'resubmit', 'pending_approval'],
    ['revision_requested', 'resubmit', 'pending_approval'],
    ['withdrawn', 'resubmit', 'pending_approval'],
    ['approved', 'complete', 'completed'],
    ['active', 'complete', 'completed'],
  ];
  const actions: GoalAction[] = ['approve', 'reject', 'request_revision', 'withdraw', 'resubmit', 'complete'];

  test.each(GOAL_STATUSES.flatMap((from) => actions.map((action) => [from, action] as const)))('%s + %s', (from, action) => {
    const expected = allowed.find(([f, a]) => f === from && a === action)?.[2] ?? null;
    expect(nextGoalStatus(from, action)).toBe(expected);
  });

  it('approves once: an approved goal cannot be approved, rejected or sent back again', () => {
    expect(nextGoalStatus('approved', 'approve')).toBeNull();
    expect(nextGoalStatus('approved', 'reject')).toBeNull();
    expect(nextGoalStatus('completed', 'request_revision')).toBeNull();
  });

  it('lets the owner change only goals sent back to them, and record progress only on approved ones', () => {
    expect(GOAL_STATUSES.filter(isGoalEditable)).toEqual(['rejected', 'revision_requested', 'withdrawn']);
    expect(GOAL_STATUSES.filter(isGoalRunning)).toEqual(['approved', 'active']);
  });
});

describe('who may review', () => {
  const goal = { ownerId: 'owner', ownerReferredBy: 'leader' };
  test.each([
    { label: 'admin, any goal', reviewer: { id: 'boss', activeRole: 'admin' }, may: true },
    { label: 'affiliate who referred the owner', reviewer: { id: 'leader', activeRole: 'affiliate' }, may: true },
    { label: 'affiliate who did not refer the owner', reviewer: { id: 'other', activeRole: 'affiliate' }, may: false },
    { label: 'referrer acting as trader', reviewer: { id: 'leader', activeRole: 'trader' }, may: false },
    { label: 'owner as admin', reviewer: { id: 'owner', activeRole: 'admin' }, may: false },
    { label: 'newcomer', reviewer: { id: 'x', activeRole: 'newcomer' }, may: false },
  ])('$label: $may', ({ reviewer, may }) => {
    expect(mayReviewGoal(reviewer, goal)).toBe(may);
  });

  it('an affiliate never reviews a user nobody referred', () => {
    expect(mayReviewGoal({ id: 'leader', activeRole: 'affiliate' }, { ownerId: 'o', ownerReferredBy: null })).toBe(false);
  });
});
