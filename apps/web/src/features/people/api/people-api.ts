import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminSubscriptionHistorySchema,
  AdminUserResponseSchema,
  AdminUsersPageSchema,
  apiPath,
  AvailableReferrersSchema,
  MyTeamSchema,
  peoplePaths,
  subscriptionsPaths,
  type AdminUsersQuery,
  type MyTeamQuery,
  type Role,
  type UpdateReferralInput,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';

const peopleKey = ['admin', 'people'] as const;

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** One page of People Management; the previous page stays on screen while the next loads. */
export function usePeople(query: AdminUsersQuery) {
  return useQuery({
    queryKey: [...peopleKey, 'users', query],
    queryFn: () => apiRequest(withQuery(apiPath(peoplePaths.users), query), { schema: AdminUsersPageSchema }),
    placeholderData: keepPreviousData,
  });
}

export function useAvailableReferrers(search: string) {
  return useQuery({
    queryKey: [...peopleKey, 'referrers', search],
    queryFn: () => apiRequest(withQuery(apiPath(peoplePaths.availableReferrers), { search }), { schema: AvailableReferrersSchema }),
    placeholderData: keepPreviousData,
  });
}

function usePeopleMutation<V>(request: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKey }) });
}

export function useSetRoles() {
  return usePeopleMutation(({ id, roles }: { id: string; roles: Role[] }) =>
    apiRequest(apiPath(peoplePaths.roles, { id }), { method: 'POST', body: { roles }, schema: AdminUserResponseSchema }),
  );
}

export function useSetReferral() {
  return usePeopleMutation(({ id, input }: { id: string; input: UpdateReferralInput }) =>
    apiRequest(apiPath(peoplePaths.referral, { id }), { method: 'POST', body: input, schema: AdminUserResponseSchema }),
  );
}

export function useSetAccountStatus() {
  return usePeopleMutation(({ id, suspend }: { id: string; suspend: boolean }) =>
    apiRequest(apiPath(suspend ? peoplePaths.suspend : peoplePaths.reactivate, { id }), { method: 'POST', schema: AdminUserResponseSchema }),
  );
}

export function useSubscriptionHistory(userId: string | null) {
  return useQuery({
    queryKey: [...peopleKey, 'subscription', userId],
    queryFn: () => apiRequest(apiPath(subscriptionsPaths.adminUserSubscription, { userId: userId! }), { schema: AdminSubscriptionHistorySchema }),
    enabled: userId !== null,
  });
}

export function useMyTeam(query: MyTeamQuery) {
  return useQuery({
    queryKey: ['my-team', query],
    queryFn: () => apiRequest(withQuery(apiPath(peoplePaths.myTeam), query), { schema: MyTeamSchema }),
    placeholderData: keepPreviousData,
  });
}
