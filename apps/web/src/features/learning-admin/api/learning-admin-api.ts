import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminLearningListSchema,
  apiPath,
  LearningAnalyticsListSchema,
  LearningCategoryResponseSchema,
  LearningDeleteResponseSchema,
  LearningModuleAnalyticsSchema,
  LearningModuleOrderResponseSchema,
  learningPaths,
  LearningModuleResponseSchema,
  LearningUploadResponseSchema,
  type LearningModuleInputValues,
  type LearningUpload,
} from '@myeai/domain';
import { ApiError, apiErrorFromBody, apiRequest, networkError } from '../../../lib/api-client.ts';

export const learningAdminKeys = {
  all: ['learning-admin'] as const,
  list: ['learning-admin', 'list'] as const,
  analytics: ['learning-admin', 'analytics'] as const,
  moduleAnalytics: (id: string, days: number) => ['learning-admin', 'analytics', id, days] as const,
};

/** The learner side caches the hub under this key prefix: a module change refreshes it too. */
const HUB_KEY = ['learning'] as const;

export const adminLearningQuery = queryOptions({
  queryKey: learningAdminKeys.list,
  queryFn: () => apiRequest(learningPaths.adminModules, { schema: AdminLearningListSchema }),
});

export function useAdminLearning() {
  return useQuery(adminLearningQuery);
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: learningAdminKeys.all }), queryClient.invalidateQueries({ queryKey: HUB_KEY })]);
  };
}

/** Create (no id) or edit; the list refetches once the server has answered. */
export function useSaveLearningModule() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: LearningModuleInputValues }) =>
      id
        ? apiRequest(apiPath(learningPaths.adminModule, { id }), { method: 'PUT', body: input, schema: LearningModuleResponseSchema })
        : apiRequest(learningPaths.adminModules, { method: 'POST', body: input, schema: LearningModuleResponseSchema }),
    onSuccess: invalidate,
  });
}

export function useSetLearningModuleActive() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      active
        ? apiRequest(apiPath(learningPaths.adminModuleReactivate, { id }), { method: 'POST', schema: LearningModuleResponseSchema })
        : apiRequest(apiPath(learningPaths.adminModule, { id }), { method: 'DELETE', schema: LearningModuleResponseSchema }),
    onSuccess: invalidate,
  });
}

export function useReorderLearningModules() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (moduleIds: string[]) => apiRequest(learningPaths.adminModuleOrder, { method: 'PUT', body: { module_ids: moduleIds }, schema: LearningModuleOrderResponseSchema }),
    onSettled: invalidate,
  });
}

export function useSaveLearningCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, name, sortOrder }: { id: string | null; name: string; sortOrder?: number }) =>
      id
        ? apiRequest(apiPath(learningPaths.adminCategory, { id }), { method: 'PUT', body: { name, sort_order: sortOrder ?? 0 }, schema: LearningCategoryResponseSchema })
        : apiRequest(learningPaths.adminCategories, { method: 'POST', body: { name, sort_order: sortOrder ?? 0 }, schema: LearningCategoryResponseSchema }),
    onSuccess: invalidate,
  });
}

export function useDeleteLearningCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => apiRequest(apiPath(learningPaths.adminCategory, { id }), { method: 'DELETE', schema: LearningDeleteResponseSchema }),
    onSuccess: invalidate,
  });
}

export function useLearningAnalytics() {
  return useQuery({
    queryKey: learningAdminKeys.analytics,
    queryFn: async () => (await apiRequest(learningPaths.adminAnalytics, { schema: LearningAnalyticsListSchema })).modules,
  });
}

export function useModuleAnalytics(id: string | null, days: number) {
  return useQuery({
    queryKey: learningAdminKeys.moduleAnalytics(id ?? '', days),
    queryFn: () => apiRequest(`${apiPath(learningPaths.adminModuleAnalytics, { id: id! })}?days=${days}`, { schema: LearningModuleAnalyticsSchema }),
    enabled: id !== null,
  });
}

export type UploadProgress = { loaded: number; total: number };

/**
 * POST /api/admin/learning/uploads through XMLHttpRequest, whose upload events report progress
 * (fetch has none). Resolves with the stored upload; rejects with the server's message.
 * `signal` cancels the transfer.
 */
export function uploadLearningFile(file: File, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<LearningUpload> {
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', learningPaths.adminUploads);
    request.withCredentials = true;
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    });
    request.addEventListener('load', () => {
      const body: unknown = request.response;
      if (request.status >= 200 && request.status < 300) {
        const parsed = LearningUploadResponseSchema.safeParse(body);
        if (parsed.success) resolve(parsed.data.upload);
        else reject(new ApiError(request.status, 'INTERNAL', 'The server answered in an unexpected way. Please try again.'));
        return;
      }
      reject(apiErrorFromBody(request.status, body));
    });
    request.addEventListener('error', () => reject(networkError()));
    request.addEventListener('abort', () => reject(new ApiError(0, 'NETWORK', 'Upload cancelled.')));
    signal?.addEventListener('abort', () => request.abort());
    request.send(form);
  });
}
