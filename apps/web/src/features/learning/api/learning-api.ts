import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPath,
  LearningHubResponseSchema,
  learningHubPaths,
  LearningPlayerModuleSchema,
  LearningProgressResponseSchema,
  LearningRatingResponseSchema,
  type LearningModulesQuery,
  type LearningPlayerModule,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export const learningKeys = {
  all: ['learning'] as const,
  hub: (query: Partial<LearningModulesQuery>) => ['learning', 'hub', query] as const,
  module: (id: string) => ['learning', 'module', id] as const,
};

function hubUrl(query: Partial<LearningModulesQuery>): string {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.category) params.set('category', query.category);
  if (query.tab && query.tab !== 'all') params.set('tab', query.tab);
  if (query.collection) params.set('collection', query.collection);
  if (query.limit) params.set('limit', String(query.limit));
  const qs = params.toString();
  return `${apiPath(learningHubPaths.modules)}${qs ? `?${qs}` : ''}`;
}

/** The hub, searched and filtered by the server; the last answer stays on screen while the next loads. */
export function useLearningHub(query: Partial<LearningModulesQuery>) {
  return useQuery({ queryKey: learningKeys.hub(query), queryFn: () => apiRequest(hubUrl(query), { schema: LearningHubResponseSchema }), placeholderData: keepPreviousData });
}

/** One module for the player, with its source (the server answers 403 with the upgrade message when it is locked). */
export function useLearningModule(id: string | null) {
  return useQuery({
    queryKey: learningKeys.module(id ?? ''),
    queryFn: () => apiRequest(apiPath(learningHubPaths.module, { id: id! }), { schema: LearningPlayerModuleSchema }),
    enabled: id !== null,
    retry: false,
  });
}

/** Progress reports: the hub refetches after each answered one (tiles, progress bars, continue row). */
export function useReportProgress(moduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (report: { watch_time_seconds: number; total_duration_seconds: number }) =>
      apiRequest(apiPath(learningHubPaths.progress, { moduleId }), { method: 'POST', body: report, schema: LearningProgressResponseSchema }),
    onSuccess: (answer) => {
      queryClient.setQueryData(learningKeys.module(moduleId), (module: LearningPlayerModule | undefined) => module && { ...module, progress: answer.progress });
      return queryClient.invalidateQueries({ queryKey: ['learning', 'hub'] });
    },
  });
}

export function useMarkDone(moduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(apiPath(learningHubPaths.done, { moduleId }), { method: 'POST', schema: LearningProgressResponseSchema }),
    onSuccess: (answer) => {
      queryClient.setQueryData(learningKeys.module(moduleId), (module: LearningPlayerModule | undefined) => module && { ...module, progress: answer.progress });
      return queryClient.invalidateQueries({ queryKey: ['learning', 'hub'] });
    },
  });
}

export function useRateModule(moduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) => apiRequest(apiPath(learningHubPaths.rating, { id: moduleId }), { method: 'POST', body: { rating }, schema: LearningRatingResponseSchema }),
    onSuccess: (answer) => {
      queryClient.setQueryData(learningKeys.module(moduleId), (module: LearningPlayerModule | undefined) => module && { ...module, my_rating: answer.my_rating, rating: answer.rating, ratings_count: answer.ratings_count });
      return queryClient.invalidateQueries({ queryKey: ['learning', 'hub'] });
    },
  });
}
