import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPath,
  CellAdvancementSchema,
  CellAuditSchema,
  CellListSchema,
  CellResponseSchema,
  CellUserSearchSchema,
  CommissionCellSchema,
  commissionNetworkPaths,
  NetworkAnalyticsSchema,
  type CellListStatusFilter,
  type CellResponse,
  type CreateCellInput,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every query of the Network Manager (and of Commission Management's cell list) starts with this key. */
export const networkKey = ['admin', 'commission-network'] as const;

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export function useCells(search: string, status: CellListStatusFilter) {
  return useQuery({
    queryKey: [...networkKey, 'cells', search, status],
    queryFn: () => apiRequest(withQuery(apiPath(commissionNetworkPaths.cells), { search, status }), { schema: CellListSchema }),
    placeholderData: keepPreviousData,
  });
}

/** Every listed cell, for the parent select and the audit filter. */
export function useAllCells() {
  return useCells('', 'all');
}

export function useNetworkAnalytics() {
  return useQuery({
    queryKey: [...networkKey, 'analytics'],
    queryFn: () => apiRequest(apiPath(commissionNetworkPaths.analytics), { schema: NetworkAnalyticsSchema }),
  });
}

export function useCell(id: string | null) {
  return useQuery({
    queryKey: [...networkKey, 'cell', id],
    queryFn: () => apiRequest(apiPath(commissionNetworkPaths.cell, { id: id! }), { schema: CommissionCellSchema }),
    enabled: id !== null,
  });
}

/** Each seated member's advancement check (issue 19 item 7): suggestions only; reloaded with the cell after any write. */
export function useCellAdvancement(id: string) {
  return useQuery({
    queryKey: [...networkKey, 'advancement', id],
    queryFn: () => apiRequest(apiPath(commissionNetworkPaths.advancement, { id }), { schema: CellAdvancementSchema }),
  });
}

export function useCellUserSearch(text: string, enabled: boolean) {
  return useQuery({
    queryKey: [...networkKey, 'users', text],
    queryFn: () => apiRequest(withQuery(apiPath(commissionNetworkPaths.userSearch), { q: text }), { schema: CellUserSearchSchema }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCellAudit(cellId: string | null) {
  return useQuery({
    queryKey: [...networkKey, 'audit', cellId],
    queryFn: () => apiRequest(withQuery(apiPath(commissionNetworkPaths.audit), { cell_id: cellId ?? undefined }), { schema: CellAuditSchema }),
  });
}

/** A write that answers the cell: everything of the manager reloads (lists, stats, audit, the open cell). */
function useCellWrite<V>(request: (variables: V) => Promise<CellResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => {
      queryClient.setQueryData([...networkKey, 'cell', answer.cell.id], answer.cell);
      return queryClient.invalidateQueries({ queryKey: networkKey });
    },
    // A refused write (a stale version above all: another admin changed the cell) reloads what is shown.
    onError: () => queryClient.invalidateQueries({ queryKey: networkKey }),
  });
}

export function useCreateCell() {
  return useCellWrite((input: CreateCellInput) => apiRequest(apiPath(commissionNetworkPaths.cells), { method: 'POST', body: input, schema: CellResponseSchema }));
}

export function useUpdateCell() {
  return useCellWrite(({ id, ...body }: { id: string; name: string; description: string; parent_cell_id: string | null; version: number }) =>
    apiRequest(apiPath(commissionNetworkPaths.cell, { id }), { method: 'PUT', body, schema: CellResponseSchema }),
  );
}

export function useSetCellLock() {
  return useCellWrite(({ id, version, lock }: { id: string; version: number; lock: boolean }) =>
    apiRequest(apiPath(lock ? commissionNetworkPaths.lock : commissionNetworkPaths.unlock, { id }), { method: 'PUT', body: { version }, schema: CellResponseSchema }),
  );
}

export function useArchiveCell() {
  return useCellWrite(({ id, version }: { id: string; version: number }) =>
    apiRequest(apiPath(commissionNetworkPaths.archive, { id }), { method: 'POST', body: { version }, schema: CellResponseSchema }),
  );
}

export function useAssignMember() {
  return useCellWrite(({ id, ...body }: { id: string; user_id: string; position: number; version: number }) =>
    apiRequest(apiPath(commissionNetworkPaths.assign, { id }), { method: 'POST', body, schema: CellResponseSchema }),
  );
}

export function useRemoveMember() {
  return useCellWrite(({ id, userId, version }: { id: string; userId: string; version: number }) =>
    apiRequest(withQuery(apiPath(commissionNetworkPaths.member, { id, userId }), { version }), { method: 'DELETE', schema: CellResponseSchema }),
  );
}

export function useMoveMember() {
  return useCellWrite(({ id, ...body }: { id: string; user_id: string; to_position: number; version: number }) =>
    apiRequest(apiPath(commissionNetworkPaths.move, { id }), { method: 'PUT', body, schema: CellResponseSchema }),
  );
}
