import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  accountDataPaths,
  AccountDeletionSchema,
  AdminAccountDataSchema,
  apiPath,
  DataExportSchema,
  DataExportStateSchema,
  type DataExportState,
  type DeleteAccountInput,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';

const myExportKey = ['account-data', 'export'] as const;
const personDataKey = (id: string) => ['account-data', 'person', id] as const;

/** Asks again every 2 seconds while the export is being prepared (the job runs in the background). */
const pollWhilePreparing = (state: DataExportState | undefined) => (state?.export?.status === 'preparing' ? 2000 : false);

export function useMyExport() {
  return useQuery({
    queryKey: myExportKey,
    queryFn: () => apiRequest(apiPath(accountDataPaths.export), { schema: DataExportStateSchema }),
    refetchInterval: (query) => pollWhilePreparing(query.state.data),
  });
}

export function useRequestMyExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(apiPath(accountDataPaths.export), { method: 'POST', schema: DataExportStateSchema }),
    onSuccess: (state) => queryClient.setQueryData(myExportKey, state),
  });
}

export function useDeleteMyAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => apiRequest(apiPath(accountDataPaths.me), { method: 'DELETE', body: input, schema: AccountDeletionSchema }),
  });
}

export function usePersonData(id: string) {
  return useQuery({
    queryKey: personDataKey(id),
    queryFn: () => apiRequest(apiPath(accountDataPaths.adminExport, { id }), { schema: AdminAccountDataSchema }),
    refetchInterval: (query) => pollWhilePreparing(query.state.data),
  });
}

export function useRequestPersonExport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(apiPath(accountDataPaths.adminExport, { id }), { method: 'POST', schema: z.object({ export: DataExportSchema }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personDataKey(id) }),
  });
}

export function useDeletePerson(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(apiPath(accountDataPaths.adminDelete, { id }), { method: 'DELETE', body: { confirm: 'DELETE' }, schema: AccountDeletionSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personDataKey(id) }),
  });
}

/** An admin cancels a deletion still in its grace period; the server answers the person's data requests without it. */
export function useCancelPersonDeletion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(apiPath(accountDataPaths.adminCancelDeletion, { id }), { method: 'POST', schema: AdminAccountDataSchema }),
    onSuccess: (data) => queryClient.setQueryData(personDataKey(id), data),
  });
}
