import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPath,
  GoalProfileStatusSchema,
  GoalProgressResponseSchema,
  GoalSetupResponseSchema,
  goalsPaths,
  GoalViewSchema,
  MyGoalsResponseSchema,
  ReviewGoalResponseSchema,
  ReviewListResponseSchema,
  type GoalCheckInInput,
  type QuickSetupInput,
  type ReviewGoalBody,
  type UpdateGoalInput,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLiveEvents } from '../../../lib/live-channel.tsx';

export const goalKeys = {
  all: ['goals'] as const,
  mine: ['goals', 'mine'] as const,
  progress: ['goals', 'progress'] as const,
  review: ['goals', 'review'] as const,
  profileStatus: ['goals', 'profile-status'] as const,
  one: (id: string) => ['goals', 'one', id] as const,
};

export function useMyGoals() {
  return useQuery({ queryKey: goalKeys.mine, queryFn: () => apiRequest(apiPath(goalsPaths.mine), { schema: MyGoalsResponseSchema }) });
}

export function useGoalProgress() {
  return useQuery({ queryKey: goalKeys.progress, queryFn: () => apiRequest(apiPath(goalsPaths.progress), { schema: GoalProgressResponseSchema }) });
}

export function useGoal(id: string) {
  return useQuery({ queryKey: goalKeys.one(id), queryFn: () => apiRequest(apiPath(goalsPaths.one, { id }), { schema: GoalViewSchema }) });
}

export function useReviewQueue(enabled: boolean) {
  return useQuery({ queryKey: goalKeys.review, enabled, queryFn: () => apiRequest(apiPath(goalsPaths.review), { schema: ReviewListResponseSchema }) });
}

/** Every goal write changes the lists, the dashboard and the Business Hub's monthly target. */
function useInvalidateGoals() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: goalKeys.all }), queryClient.invalidateQueries({ queryKey: ['dashboard'] })]);
}

export function useUpdateGoal(id: string) {
  const invalidate = useInvalidateGoals();
  return useMutation({
    mutationFn: (input: UpdateGoalInput) => apiRequest(apiPath(goalsPaths.one, { id }), { method: 'PUT', body: input, schema: GoalViewSchema }),
    onSuccess: invalidate,
  });
}

export function useMoveGoal(id: string) {
  const invalidate = useInvalidateGoals();
  return useMutation({
    mutationFn: (action: 'withdraw' | 'resubmit') => apiRequest(apiPath(action === 'withdraw' ? goalsPaths.withdraw : goalsPaths.resubmit, { id }), { method: 'POST', schema: GoalViewSchema }),
    onSuccess: invalidate,
  });
}

export function useCheckIn(id: string) {
  const invalidate = useInvalidateGoals();
  return useMutation({
    mutationFn: (input: GoalCheckInInput) => apiRequest(apiPath(goalsPaths.checkIns, { id }), { method: 'POST', body: input, schema: GoalViewSchema }),
    onSuccess: invalidate,
  });
}

export function useTickHabit(id: string) {
  const invalidate = useInvalidateGoals();
  return useMutation({
    mutationFn: (input: { cadence: 'daily' | 'weekly'; habit: string }) => apiRequest(apiPath(goalsPaths.habits, { id }), { method: 'POST', body: input, schema: GoalViewSchema }),
    onSuccess: invalidate,
  });
}

export function useReviewGoal() {
  const invalidate = useInvalidateGoals();
  return useMutation({
    mutationFn: ({ id, ...body }: ReviewGoalBody & { id: string }) => apiRequest(apiPath(goalsPaths.reviewOne, { id }), { method: 'POST', body, schema: ReviewGoalResponseSchema }),
    onSuccess: invalidate,
  });
}

/** A goal reviewed or completed, or a commission earned (a ledger-fed goal moved): the goal screens refetch. */
export function useGoalsLiveRefresh(): void {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.kind === 'notification.created' && (event.payload.type === 'achievement' || event.payload.type === 'commission')) {
      void queryClient.invalidateQueries({ queryKey: goalKeys.all });
    }
  });
}

/** Whether the quick-setup modal opens (GET /api/goals/profile-status). */
export function useGoalProfileStatus(enabled: boolean) {
  return useQuery({
    queryKey: goalKeys.profileStatus,
    enabled,
    staleTime: 60_000,
    queryFn: () => apiRequest(apiPath(goalsPaths.profileStatus), { schema: GoalProfileStatusSchema }),
  });
}

/** "Skip for now": remembered on the server; the answer (prompt false) closes the modal on every screen. */
export function useSkipGoalSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(apiPath(goalsPaths.quickSetupSkip), { method: 'POST', schema: GoalProfileStatusSchema }),
    onSuccess: (status) => queryClient.setQueryData(goalKeys.profileStatus, status),
  });
}

/** "Save Goals" of the quick-setup modal: goals, the Business Hub and the trial checklist change. */
export function useQuickSetupGoals() {
  const invalidate = useInvalidateGoals();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuickSetupInput) => apiRequest(apiPath(goalsPaths.quickSetup), { method: 'POST', body: input, schema: GoalSetupResponseSchema }),
    onSuccess: () => Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: ['trial'] })]),
  });
}
