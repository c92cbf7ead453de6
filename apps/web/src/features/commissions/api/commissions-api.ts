import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminCommissionPageSchema,
  apiPath,
  CommissionPageSchema,
  commissionsPaths,
  CommissionSummaryResponseSchema,
  PayoutBatchSchema,
  type CommissionStatusFilter,
} from '@myeai/domain';
import { apiRequest, ApiError, networkError } from '../../../lib/api-client.ts';
import { cursorPagesOptions } from '../../../lib/cursor-pages.ts';
import { payoutKeys } from './payouts-api.ts';

export const PAGE_SIZE = 20;

export const commissionKeys = {
  all: ['commissions'] as const,
  summary: ['commissions', 'summary'] as const,
  list: (status: CommissionStatusFilter) => ['commissions', 'list', status] as const,
  admin: (status: CommissionStatusFilter) => ['commissions', 'admin', status] as const,
};

export function useCommissionSummary() {
  return useQuery({ queryKey: commissionKeys.summary, queryFn: () => apiRequest(apiPath(commissionsPaths.summary), { schema: CommissionSummaryResponseSchema }) });
}

export const commissionListQueryOptions = (status: CommissionStatusFilter) =>
  cursorPagesOptions({ queryKey: commissionKeys.list(status), path: apiPath(commissionsPaths.list), filters: { status }, limit: PAGE_SIZE, schema: CommissionPageSchema });

/** The user's own ledger, newest first, a page at a time. */
export function useCommissionList(status: CommissionStatusFilter) {
  return useInfiniteQuery({ ...commissionListQueryOptions(status), placeholderData: keepPreviousData });
}

/** Admins: every user's commissions. */
export function useAdminCommissionList(status: CommissionStatusFilter, isEnabled: boolean) {
  return useInfiniteQuery({
    ...cursorPagesOptions({ queryKey: commissionKeys.admin(status), path: apiPath(commissionsPaths.adminList), filters: { status }, limit: PAGE_SIZE, schema: AdminCommissionPageSchema }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}

/** "Pay this one now" (decision 070): a one-item payout batch; the admin list and the payout batches refetch once the server answered. */
export function usePayCommissionNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => apiRequest(apiPath(commissionsPaths.adminPayNow, { id }), { method: 'POST', schema: PayoutBatchSchema }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: commissionKeys.all }), queryClient.invalidateQueries({ queryKey: payoutKeys.all })]),
  });
}

/** Export Report: the server builds the CSV (formula-safe) and names the file; the browser saves it. */
export async function downloadCommissionsCsv(status: CommissionStatusFilter): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${apiPath(commissionsPaths.csvExport)}?status=${encodeURIComponent(status)}`, { credentials: 'same-origin' });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw new ApiError(response.status, 'INTERNAL', 'The report could not be exported. Please try again.');
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'commissions.csv';
  const url = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
