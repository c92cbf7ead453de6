import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  apiPath,
  NotificationPageSchema,
  NotificationSchema,
  notificationsPaths,
  ReadAllResponseSchema,
  type NotificationFilter,
  type NotificationPage,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { useNotificationPollInterval } from '../live/use-notifications-live-refresh.ts';
import { notificationKeys } from './query-keys.ts';

export { notificationKeys };

/** How many of the latest notifications the bell's dropdown lists. */
export const BELL_PAGE_SIZE = 10;
export const PAGE_SIZE = 20;


export function getNotifications(params: { filter: NotificationFilter; limit: number; cursor?: string }): Promise<NotificationPage> {
  const query = new URLSearchParams({ filter: params.filter, limit: String(params.limit) });
  if (params.cursor) query.set('cursor', params.cursor);
  return apiRequest(`${apiPath(notificationsPaths.list)}?${query.toString()}`, { schema: NotificationPageSchema });
}

export const bellQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.bell, queryFn: () => getNotifications({ filter: 'all', limit: BELL_PAGE_SIZE }) });

/** The latest notifications and the unread count; polled every 10 s only while the live socket is down. */
export function useBellNotifications() {
  const refetchInterval = useNotificationPollInterval();
  return useQuery({ ...bellQueryOptions(), refetchInterval });
}

export const notificationListQueryOptions = (filter: NotificationFilter) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(filter),
    queryFn: ({ pageParam }) => getNotifications({ filter, limit: PAGE_SIZE, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export function useNotificationList(filter: NotificationFilter) {
  const refetchInterval = useNotificationPollInterval();
  return useInfiniteQuery({ ...notificationListQueryOptions(filter), refetchInterval });
}

export function useMarkRead() {
  return useRefreshingMutation(notificationKeys.feed, (id: string) => apiRequest(apiPath(notificationsPaths.read, { id }), { method: 'PUT', schema: NotificationSchema }));
}

export function useMarkAllRead() {
  return useRefreshingMutation(notificationKeys.feed, () => apiRequest(apiPath(notificationsPaths.readAll), { method: 'PUT', schema: ReadAllResponseSchema }));
}

export function useDeleteNotification() {
  return useRefreshingMutation(notificationKeys.feed, (id: string) => apiRequest(apiPath(notificationsPaths.one, { id }), { method: 'DELETE', schema: z.unknown() }));
}
