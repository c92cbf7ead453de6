import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPath,
  AuditLogPageSchema,
  auditPaths,
  AuthMethodsSchema,
  authPaths,
  JobPageSchema,
  JobSchema,
  jobsPaths,
  MailboxMessageSchema,
  MailboxPageSchema,
  mailPaths,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { cursorPagesOptions } from '../../../lib/cursor-pages.ts';

export const PAGE_SIZE = 20;

export const operationsKeys = {
  all: ['admin-operations'] as const,
  auditLog: ['admin-operations', 'audit-log'] as const,
  failedJobs: ['admin-operations', 'jobs', 'failed'] as const,
  mailbox: ['admin-operations', 'mailbox'] as const,
  mail: (id: string) => ['admin-operations', 'mailbox', id] as const,
};

export const auditLogQueryOptions = () =>
  cursorPagesOptions({ queryKey: operationsKeys.auditLog, path: apiPath(auditPaths.log), limit: PAGE_SIZE, schema: AuditLogPageSchema });

export const useAuditLog = () => useInfiniteQuery(auditLogQueryOptions());

export const failedJobsQueryOptions = () =>
  cursorPagesOptions({ queryKey: operationsKeys.failedJobs, path: apiPath(jobsPaths.list), filters: { status: 'failed' }, limit: PAGE_SIZE, schema: JobPageSchema });

export const useFailedJobs = () => useInfiniteQuery(failedJobsQueryOptions());

/** Retries a failed job on the server; the lists change only after the server answered. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(apiPath(jobsPaths.retry, { id }), { method: 'POST', schema: JobSchema }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: operationsKeys.failedJobs }),
        queryClient.invalidateQueries({ queryKey: operationsKeys.auditLog }),
      ]),
  });
}

export const mailboxQueryOptions = () =>
  cursorPagesOptions({ queryKey: operationsKeys.mailbox, path: apiPath(mailPaths.mailbox), limit: PAGE_SIZE, schema: MailboxPageSchema });

export const useMailbox = () => useInfiniteQuery(mailboxQueryOptions());

export function useMailboxMessage(id: string) {
  return useQuery({ queryKey: operationsKeys.mail(id), queryFn: () => apiRequest(apiPath(mailPaths.message, { id }), { schema: MailboxMessageSchema }) });
}

/** The sign-in methods (same cache entry as the login page): `demo` says whether the mailbox exists. */
export function useDemoMode() {
  const methods = useQuery({ queryKey: ['auth', 'methods'], queryFn: () => apiRequest(apiPath(authPaths.methods), { schema: AuthMethodsSchema }), staleTime: Infinity });
  return methods.data?.demo ?? false;
}
