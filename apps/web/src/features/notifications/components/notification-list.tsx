import { Button, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBellOff } from '@tabler/icons-react';
import { useState } from 'react';
import { emptyStateText, type Notification, type NotificationFilter } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { useMarkRead, useNotificationList } from '../api/notifications-api.ts';
import { DeleteNotificationModal } from './delete-notification-modal.tsx';
import { NotificationRow } from './notification-row.tsx';
import { showWriteError } from './show-write-error.ts';

/** One filter's notifications, newest first, paged with the server's cursor. */
export function NotificationList({ filter }: { filter: NotificationFilter }) {
  const list = useNotificationList(filter);
  const markRead = useMarkRead();
  // The notification stays set while the modal fades out, so its title does not blink.
  const [toDelete, setToDelete] = useState<Notification | null>(null);
  const [isDeleteOpen, deleteModal] = useDisclosure(false);
  const now = useNow(60_000);

  if (list.isPending) {
    return (
      <Stack gap="sm" aria-label="Loading notifications">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={88} radius="md" />
        ))}
      </Stack>
    );
  }
  if (list.isError && !list.data) return <LoadError message={list.error.message} onRetry={() => void list.refetch()} />;

  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    const empty = emptyStateText(filter);
    return (
      <Stack align="center" gap={4} py={48}>
        <ThemeIcon variant="light" color="gray" size={48} radius="xl" aria-hidden>
          <IconBellOff size={26} />
        </ThemeIcon>
        <Text fw={700} mt="sm">
          {empty.title}
        </Text>
        <Text c="dimmed" ta="center">
          {empty.message}
        </Text>
      </Stack>
    );
  }

  const onMarkRead = (notification: Notification) =>
    markRead.mutate(notification.id, { onError: (error) => showWriteError('Could not mark the notification as read', error) });

  return (
    <>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Notifications">
        {items.map((notification) => (
          <NotificationRow
            key={notification.id}
            notification={notification}
            now={now}
            isMarking={markRead.isPending && markRead.variables === notification.id}
            onMarkRead={onMarkRead}
            onDelete={(notification) => {
              setToDelete(notification);
              deleteModal.open();
            }}
          />
        ))}
      </Stack>
      {list.isFetchNextPageError && <LoadError message={list.error?.message} onRetry={() => void list.fetchNextPage()} />}
      {list.hasNextPage && !list.isFetchNextPageError && (
        <Group justify="center">
          <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            Load more
          </Button>
        </Group>
      )}
      <DeleteNotificationModal opened={isDeleteOpen} notification={toDelete} onClose={deleteModal.close} />
    </>
  );
}
