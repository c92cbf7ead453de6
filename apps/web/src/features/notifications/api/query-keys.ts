import type { NotificationFilter } from '@myeai/domain';

export const notificationKeys = {
  all: ['notifications'] as const,
  /** Every list of notifications (bell and page); a live event refreshes these. */
  feed: ['notifications', 'feed'] as const,
  bell: ['notifications', 'feed', 'bell'] as const,
  list: (filter: NotificationFilter) => ['notifications', 'feed', 'list', filter] as const,
  settings: ['notifications', 'settings'] as const,
};
