import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPath,
  PayoutBatchListSchema,
  PayoutBatchSchema,
  PayoutItemResponseSchema,
  PayoutResultsResponseSchema,
  payoutsPaths,
  PayoutSettingsSchema,
  type PayoutMethod,
  type PayoutSettingsBody,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { commissionKeys, payoutKeys } from '../../commissions/index.ts';

/** Issue 30 (decision 060): the admin's settings and batches. */
const adminKeys = {
  settings: [...payoutKeys.admin, 'settings'] as const,
  batches: [...payoutKeys.admin, 'batches'] as const,
  batch: (id: string) => [...payoutKeys.admin, 'batches', id] as const,
};

export function usePayoutSettings() {
  return useQuery({ queryKey: adminKeys.settings, queryFn: () => apiRequest(apiPath(payoutsPaths.adminSettings), { schema: PayoutSettingsSchema }) });
}

export function usePayoutBatches() {
  return useQuery({ queryKey: adminKeys.batches, queryFn: () => apiRequest(apiPath(payoutsPaths.adminBatches), { schema: PayoutBatchListSchema }) });
}

export function usePayoutBatch(id: string) {
  return useQuery({ queryKey: adminKeys.batch(id), queryFn: () => apiRequest(apiPath(payoutsPaths.adminBatch, { id }), { schema: PayoutBatchSchema }) });
}

/**
 * Every admin write: the payout views (the admin's own balance included: the settings change it)
 * and the commission views (a batch or a result moves ledger lines) refetch once the server answered.
 */
function usePayoutWrite<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: payoutKeys.all }), queryClient.invalidateQueries({ queryKey: commissionKeys.all })]),
  });
}

export function useSavePayoutSettings() {
  return usePayoutWrite((settings: PayoutSettingsBody) => apiRequest(apiPath(payoutsPaths.adminSettings), { method: 'PUT', body: settings, schema: PayoutSettingsSchema }));
}

/** A preview (dry run: nothing written) or the batch itself. */
export function usePreparePayoutBatch() {
  return usePayoutWrite((dryRun: boolean) => apiRequest(apiPath(payoutsPaths.adminBatches), { method: 'POST', body: { dry_run: dryRun }, schema: PayoutBatchSchema }));
}

export function useApprovePayoutBatch() {
  return usePayoutWrite((id: string) => apiRequest(apiPath(payoutsPaths.adminApprove, { id }), { method: 'POST', schema: PayoutBatchSchema }));
}

/** Cancels a prepared batch (decision 063): its lines go back to the payees' available balances. */
export function useCancelPayoutBatch() {
  return usePayoutWrite((input: { id: string; reason: string }) =>
    apiRequest(apiPath(payoutsPaths.adminCancel, { id: input.id }), { method: 'POST', body: input.reason.trim() === '' ? {} : { reason: input.reason.trim() }, schema: PayoutBatchSchema }),
  );
}

/** The provider's result file of an approved batch: a preview (dry run) first, then recorded. */
export function useUploadPayoutResults() {
  return usePayoutWrite((input: { id: string; csv: string; dryRun: boolean }) =>
    apiRequest(apiPath(payoutsPaths.adminResults, { id: input.id }), { method: 'POST', body: { csv: input.csv, dry_run: input.dryRun }, schema: PayoutResultsResponseSchema }),
  );
}

export function useSettlePayoutItem() {
  return usePayoutWrite((input: { id: string; status: 'paid' | 'failed'; reason?: string }) =>
    apiRequest(apiPath(payoutsPaths.adminItem, { id: input.id }), { method: 'PATCH', body: { status: input.status, reason: input.reason }, schema: PayoutItemResponseSchema }),
  );
}

/** The manual provider's file of one method: a plain link the browser downloads (the server names it and logs the access). */
export function payoutExportHref(batchId: string, method: PayoutMethod): string {
  return `${apiPath(payoutsPaths.adminExport, { id: batchId })}?method=${encodeURIComponent(method)}`;
}
