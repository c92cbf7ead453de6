import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  AdminSupportPageSchema,
  apiPath,
  MySupportRequestsSchema,
  supportPaths,
  SupportRequestSchema,
  type LiveEvent,
  type SupportAnswerInput,
  type SupportRequestInput,
  type SupportStatus,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { cursorPagesOptions } from '../../../lib/cursor-pages.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { useLiveEvents } from '../../../lib/live-channel.tsx';

export const supportKeys = {
  all: ['support'] as const,
  mine: ['support', 'mine'] as const,
  admin: (status: SupportStatus) => ['support', 'admin', status] as const,
};

const ADMIN_PAGE_SIZE = 20;

export function useMySupportRequests() {
  return useQuery({ queryKey: supportKeys.mine, queryFn: () => apiRequest(apiPath(supportPaths.mine), { schema: MySupportRequestsSchema }) });
}

export function useSendSupportRequest() {
  return useRefreshingMutation(supportKeys.mine, (input: SupportRequestInput) => apiRequest(apiPath(supportPaths.mine), { method: 'POST', body: input, schema: SupportRequestSchema }));
}

export const adminSupportQueryOptions = (status: SupportStatus) =>
  cursorPagesOptions({ queryKey: supportKeys.admin(status), path: apiPath(supportPaths.adminList), filters: { status }, limit: ADMIN_PAGE_SIZE, schema: AdminSupportPageSchema });

export const useAdminSupportRequests = (status: SupportStatus) => useInfiniteQuery(adminSupportQueryOptions(status));

export function useAnswerSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: SupportAnswerInput }) =>
      apiRequest(apiPath(supportPaths.answer, { id }), { method: 'POST', body: input, schema: SupportRequestSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}

/** A support notification arrived on the live channel (a new request for admins, an answer for its author): reload the lists. */
export function useSupportLiveRefresh() {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: LiveEvent) => {
      if (event.kind !== 'notification.created') return;
      if (typeof event.payload.data?.support_request_id === 'string') void queryClient.invalidateQueries({ queryKey: supportKeys.all });
    },
    [queryClient],
  );
  useLiveEvents(onEvent);
}
