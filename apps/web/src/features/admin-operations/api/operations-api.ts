import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export const PAGE_SIZE = 20;

export const operationsKeys = {
  all: ['admin-operations'] as const,
  auditLog: ['admin-operations', 'audit-log'] as const,
  failedJobs: ['admin-operations', 'jobs', 'failed'] as const,
  mailbox: ['admin-operations', 'mailbox'] as const,
  mail: (id: string) => ['admin-operations', 'mailbox', id] as const,
};

function pageQuery(limit: number, cursor: string | undefined, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ ...extra, limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  return query.toString();
}

export const auditLogQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: operationsKeys.auditLog,
    queryFn: ({ pageParam }) => apiRequest(`${apiPath(auditPaths.log)}?${pageQuery(PAGE_SIZE, pageParam)}`, { schema: AuditLogPageSchema }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useAuditLog = () => useInfiniteQuery(auditLogQueryOptions());

export const failedJobsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: operationsKeys.failedJobs,
    queryFn: ({ pageParam }) => apiRequest(`${apiPath(jobsPaths.list)}?${pageQuery(PAGE_SIZE, pageParam, { status: 'failed' })}`, { schema: JobPageSchema }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

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
  infiniteQueryOptions({
    queryKey: operationsKeys.mailbox,
    queryFn: ({ pageParam }) => apiRequest(`${apiPath(mailPaths.mailbox)}?${pageQuery(PAGE_SIZE, pageParam)}`, { schema: MailboxPageSchema }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useMailbox = () => useInfiniteQuery(mailboxQueryOptions());

export function useMailboxMessage(id: string) {
  return useQuery({ queryKey: operationsKeys.mail(id), queryFn: () => apiRequest(apiPath(mailPaths.message, { id }), { schema: MailboxMessageSchema }) });
}

/** The sign-in methods (same cache entry as the login page): `demo` says whether the mailbox exists. */
export function useDemoMode() {
  const methods = useQuery({ queryKey: ['auth', 'methods'], queryFn: () => apiRequest(apiPath(authPaths.methods), { schema: AuthMethodsSchema }), staleTime: Infinity });
  return methods.data?.demo ?? false;
}
