import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPath,
  DeleteLeadResponseSchema,
  LeadListResponseSchema,
  LeadSchema,
  leadsPaths,
  type CreateLeadInput,
  type LeadFilterQuery,
  type LeadListResponse,
  type LeadStage,
  type UpdateLeadInput,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';

export const leadKeys = {
  all: ['leads'] as const,
  list: (params: LeadListParams) => ['leads', 'list', params] as const,
};

export type LeadListParams = LeadFilterQuery & { page: number; page_size: number };

/** The query string of the list and of the export: only what differs from the server defaults. */
export function leadQueryString(params: Partial<LeadListParams>): string {
  const query = new URLSearchParams();
  if (params.q) query.set('q', params.q);
  if (params.stage) query.set('stage', params.stage);
  if (params.sort && params.sort !== 'created_at') query.set('sort', params.sort);
  if (params.dir && params.dir !== 'desc') query.set('dir', params.dir);
  if (params.page && params.page !== 1) query.set('page', String(params.page));
  if (params.page_size) query.set('page_size', String(params.page_size));
  const text = query.toString();
  return text ? `?${text}` : '';
}

export const leadListQueryOptions = (params: LeadListParams) =>
  queryOptions({
    queryKey: leadKeys.list(params),
    queryFn: (): Promise<LeadListResponse> => apiRequest(`${apiPath(leadsPaths.list)}${leadQueryString(params)}`, { schema: LeadListResponseSchema }),
  });

/** One page of leads; the previous page stays on screen while the next one loads. */
export function useLeadList(params: LeadListParams) {
  return useQuery({ ...leadListQueryOptions(params), placeholderData: keepPreviousData });
}

/**
 * Writes never pretend to succeed (DESIGN.md section 3 item 8): every list, board column and
 * the stat cards refetch once the server has answered.
 */
function useRefreshLeads() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: leadKeys.all });
}

export function useCreateLead() {
  return useRefreshingMutation(leadKeys.all, (input: CreateLeadInput) => apiRequest(apiPath(leadsPaths.list), { method: 'POST', body: input, schema: LeadSchema }));
}

export function useUpdateLead() {
  return useRefreshingMutation(leadKeys.all, ({ id, data }: { id: string; data: UpdateLeadInput }) => apiRequest(apiPath(leadsPaths.one, { id }), { method: 'PUT', body: data, schema: LeadSchema }));
}

export function useChangeLeadStage() {
  return useRefreshingMutation(leadKeys.all, ({ id, stage }: { id: string; stage: LeadStage }) => apiRequest(apiPath(leadsPaths.stage, { id }), { method: 'PATCH', body: { stage }, schema: LeadSchema }));
}

export function useDeleteLead() {
  return useRefreshingMutation(leadKeys.all, (id: string) => apiRequest(apiPath(leadsPaths.one, { id }), { method: 'DELETE', schema: DeleteLeadResponseSchema }));
}

export function useRefreshLeadsAfterImport() {
  return useRefreshLeads();
}

export const BOARD_PAGE_SIZE = 20;

/** One board column: the stage's leads matching the search, loaded 20 at a time. */
export function useBoardColumn(stage: LeadStage, filter: Pick<LeadFilterQuery, 'q' | 'sort' | 'dir'>) {
  return useInfiniteQuery({
    queryKey: [...leadKeys.all, 'board', stage, filter] as const,
    queryFn: ({ pageParam }) =>
      apiRequest(`${apiPath(leadsPaths.list)}${leadQueryString({ ...filter, stage, page: pageParam, page_size: BOARD_PAGE_SIZE })}`, { schema: LeadListResponseSchema }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
}
