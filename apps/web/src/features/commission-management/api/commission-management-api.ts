import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPath,
  CellListSchema,
  commissionReversalPaths,
  RevenueRunListSchema,
  ReversalResponseSchema,
  commissionCellsPaths,
  commissionConfigPaths,
  commissionNetworkPaths,
  CommissionConfigSchema,
  CommissionOverviewSchema,
  elitePoolPaths,
  ElitePoolSchema,
  ProcessRevenueBatchResponseSchema,
  ProcessRevenueResponseSchema,
  type CommissionConfigInput,
  type ProcessRevenueInput,
  type SaveElitePoolInput,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** Query keys; the Network Manager's cell queries live under its own keys and are refreshed by prefix 'commission'. */
export const commissionManagementKeys = {
  all: ['commission-management'] as const,
  config: ['commission-management', 'config'] as const,
  overview: ['commission-management', 'overview'] as const,
  runs: ['commission-management', 'runs'] as const,
  elitePool: ['commission-management', 'elite-pool'] as const,
};

export function useCommissionConfig() {
  return useQuery({ queryKey: commissionManagementKeys.config, queryFn: () => apiRequest(apiPath(commissionConfigPaths.config), { schema: CommissionConfigSchema }) });
}

export function useCommissionOverview() {
  return useQuery({ queryKey: commissionManagementKeys.overview, queryFn: () => apiRequest(apiPath(commissionConfigPaths.overview), { schema: CommissionOverviewSchema }) });
}

export function useUpdateCommissionConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommissionConfigInput) => apiRequest(apiPath(commissionConfigPaths.config), { method: 'PUT', body: input, schema: CommissionConfigSchema }),
    onSuccess: (config) => {
      queryClient.setQueryData(commissionManagementKeys.config, config);
      void queryClient.invalidateQueries({ queryKey: commissionManagementKeys.all });
    },
  });
}

/** process-revenue: a dry run ("Test $1000") or a real run; a real run refreshes the lists. */
export function useProcessRevenue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProcessRevenueInput) => apiRequest(apiPath(commissionCellsPaths.processRevenue), { method: 'POST', body: input, schema: ProcessRevenueResponseSchema }),
    onSuccess: (answer) => {
      if (answer.status !== 'dry_run') void queryClient.invalidateQueries({ queryKey: commissionManagementKeys.all });
    },
  });
}

export function useProcessRevenueBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { csv: string; dry_run: boolean; book_unallocated?: boolean }) =>
      apiRequest(apiPath(commissionCellsPaths.processRevenueBatch), { method: 'POST', body: input, schema: ProcessRevenueBatchResponseSchema }),
    onSuccess: (answer) => {
      if (!answer.dry_run) void queryClient.invalidateQueries({ queryKey: commissionManagementKeys.all });
    },
  });
}

export function useElitePool(enabled = true) {
  return useQuery({ queryKey: commissionManagementKeys.elitePool, queryFn: () => apiRequest(apiPath(elitePoolPaths.elitePool), { schema: ElitePoolSchema }), enabled });
}

export function useSaveElitePool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveElitePoolInput) => apiRequest(apiPath(elitePoolPaths.elitePool), { method: 'PUT', body: input, schema: ElitePoolSchema }),
    onSuccess: (pool) => {
      queryClient.setQueryData(commissionManagementKeys.elitePool, pool);
      void queryClient.invalidateQueries({ queryKey: commissionManagementKeys.all });
      // The System Command Center's trader list shows the same pool.
      void queryClient.invalidateQueries({ queryKey: ['trading-admin'] });
    },
  });
}

/** Names of every seat holder (the Network Manager's cell list), so payout lines name their member, upline Leads included. */
export function useMemberNames(enabled = true) {
  return useQuery({
    queryKey: [...commissionManagementKeys.all, 'member-names'] as const,
    queryFn: async () => {
      const list = await apiRequest(apiPath(commissionNetworkPaths.cells), { schema: CellListSchema });
      return new Map(list.cells.flatMap((cell) => cell.members.map((member) => [member.user_id, member.name || member.email] as const)));
    },
    enabled,
  });
}

/** The processed revenue runs, newest first, each with its reversal (decision 066). */
export function useRevenueRuns() {
  return useQuery({ queryKey: commissionManagementKeys.runs, queryFn: () => apiRequest(apiPath(commissionReversalPaths.runs), { schema: RevenueRunListSchema }) });
}

/** "Reverse run": one reversal per run; a second call answers the first. */
export function useReverseRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ runId, reason }: { runId: string; reason: string }) =>
      apiRequest(apiPath(commissionReversalPaths.runReverse, { id: runId }), { method: 'POST', body: { reason }, schema: ReversalResponseSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: commissionManagementKeys.all }),
  });
}
