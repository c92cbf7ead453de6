import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPath,
  BatchReviewResponseSchema,
  MessageTemplatesResponseSchema,
  PendingGoalsResponseSchema,
  PersonalizationHealthSchema,
  PersonalizedMessageResponseSchema,
  personalizationPaths,
  PreviewMessagesResponseSchema,
  type BatchReviewInput,
  type PendingGoalsQuery,
  type PersonalizedMessageInput,
  type PreviewMessagesInput,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';

const key = ['admin', 'personalization'] as const;

export function useMessageTemplates() {
  return useQuery({ queryKey: [...key, 'templates'], queryFn: () => apiRequest(apiPath(personalizationPaths.templates), { schema: MessageTemplatesResponseSchema }) });
}

export function usePersonalizationHealth() {
  return useQuery({ queryKey: [...key, 'health'], queryFn: () => apiRequest(apiPath(personalizationPaths.health), { schema: PersonalizationHealthSchema }), refetchInterval: 60_000 });
}

export function usePendingGoals(query: PendingGoalsQuery) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const search = params.toString();
  return useQuery({
    queryKey: [...key, 'pending', query],
    queryFn: () => apiRequest(`${apiPath(personalizationPaths.pendingGoals)}${search ? `?${search}` : ''}`, { schema: PendingGoalsResponseSchema }),
  });
}

export function useWriteMessage() {
  return useMutation({ mutationFn: (input: PersonalizedMessageInput) => apiRequest(apiPath(personalizationPaths.message), { method: 'POST', body: input, schema: PersonalizedMessageResponseSchema }) });
}

export function usePreviewMessages() {
  return useMutation({ mutationFn: (input: PreviewMessagesInput) => apiRequest(apiPath(personalizationPaths.previews), { method: 'POST', body: input, schema: PreviewMessagesResponseSchema }) });
}

export function useBatchReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BatchReviewInput) => apiRequest(apiPath(personalizationPaths.batchReview), { method: 'POST', body: input, schema: BatchReviewResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...key, 'pending'] }),
  });
}
