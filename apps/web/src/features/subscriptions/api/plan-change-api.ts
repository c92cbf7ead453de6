import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath, ChangePlanResponseSchema, planChangePaths, ScheduledChangeResponseSchema, type PlanId } from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { subscriptionKeys } from './subscriptions-api.ts';

export const planChangeKeys = {
  scheduled: () => [...subscriptionKeys.all, 'scheduled-change'] as const,
  preview: (plan: PlanId) => [...subscriptionKeys.all, 'plan-change-preview', plan] as const,
};

/** The downgrade scheduled for the end of the paid period, if any (GET /api/subscriptions/scheduled-change). */
export function useScheduledChange(enabled: boolean) {
  return useQuery({ queryKey: planChangeKeys.scheduled(), queryFn: () => apiRequest(apiPath(planChangePaths.scheduledChange), { schema: ScheduledChangeResponseSchema }), enabled });
}

/** What changing to `plan` costs now and later (a preview: nothing changes); asked afresh each time the dialog shows it. */
export function usePlanChangePreview(plan: PlanId | null) {
  return useQuery({
    queryKey: planChangeKeys.preview(plan ?? 'weekly'),
    queryFn: () => apiRequest(apiPath(planChangePaths.changePlan), { method: 'POST', body: { plan, preview: true }, schema: ChangePlanResponseSchema }),
    enabled: plan !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * A plan change changes what every plan-dependent screen shows (assets, history, alerts,
 * breakdown, support): everything is read again after it, whatever the answer. Not awaited, so
 * the caller's own callbacks run while the component that asked is still shown (the scheduled
 * change's notice goes away with the answer read again).
 */
function useRefreshEverything() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries();
  };
}

/** Confirms a change; prorated_at is the preview's moment, so the amount charged is the amount shown. */
export function useChangePlan() {
  const refresh = useRefreshEverything();
  return useMutation({
    mutationFn: (input: { plan: PlanId; proratedAt: string | null }) =>
      apiRequest(apiPath(planChangePaths.changePlan), { method: 'POST', body: { plan: input.plan, ...(input.proratedAt ? { prorated_at: input.proratedAt } : {}) }, schema: ChangePlanResponseSchema }),
    onSettled: refresh,
  });
}

/** Cancels the scheduled change: the plan renews as it is. */
export function useCancelScheduledChange() {
  const refresh = useRefreshEverything();
  return useMutation({
    mutationFn: () => apiRequest(apiPath(planChangePaths.scheduledChange), { method: 'DELETE', schema: ScheduledChangeResponseSchema }),
    onSettled: refresh,
  });
}
