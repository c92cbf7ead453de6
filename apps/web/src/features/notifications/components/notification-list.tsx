import { ActionIcon, Badge, Box, Button, Group, Modal, Paper, Skeleton, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconBellOff, IconCheck, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { emptyStateText, notificationTarget, type Notification, type NotificationFilter } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useDeleteNotification, useMarkRead, useNotificationList } from '../api/notifications-api.ts';
import { NOTIFICATION_LOOKS } from '../notification-icons.ts';
import { useNow } from '../use-now.ts';
import { showWriteError } from './notification-bell.tsx';
import { NotificationTime } from './notification-time.tsx';

type RowProps = {
  notification: Notification;
  now: number;
  isMarking: boolean;
  onMarkRead: (notification: Notification) => void;
  onDelete: (notification: Notification) => void;
};

function NotificationRow({ notification, now, isMarking, onMarkRead, onDelete }: RowProps) {
  const look = NOTIFICATION_LOOKS[notification.type];
  const target = notificationTarget(notification);
  return (
    <Paper component="li" withBorder p="md" radius="md" bg={notification.read ? undefined : 'var(--mantine-color-blue-light)'}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={look.color} size="lg" radius="xl" aria-hidden>
          <look.icon size={20} />
        </ThemeIcon>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={notification.read ? 500 : 700} style={{ overflowWrap: 'anywhere' }}>
              {notification.title}
            </Text>
            {!notification.read && (
              <Badge size="xs" variant="filled">
                Unread
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" mt={2} style={{ overflowWrap: 'anywhere' }}>
            {notification.message}
          </Text>
          <Group gap="xs" mt={4}>
            <Text size="xs" c="dimmed">
              {look.label}
            </Text>
            <Text size="xs" c="dimmed" aria-hidden>
              ·
            </Text>
            <NotificationTime iso={notification.created_at} now={now} />
          </Group>
          {target && (
            <Button component={Link} to={target} size="compact-sm" variant="light" mt="xs" rightSection={<IconArrowRight size={14} />}>
              Open the trader dashboard
            </Button>
          )}
        </Box>
        <Group gap={4} wrap="nowrap">
          {!notification.read && (
            <Tooltip label="Mark as read">
              <ActionIcon variant="subtle" loading={isMarking} onClick={() => onMarkRead(notification)} aria-label={`Mark "${notification.title}" as read`}>
                <IconCheck size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label="Delete">
            <ActionIcon variant="subtle" color="red" onClick={() => onDelete(notification)} aria-label={`Delete "${notification.title}"`}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}

function DeleteNotificationModal({ notification, onClose }: { notification: Notification | null; onClose: () => void }) {
  const remove = useDeleteNotification();
  const onConfirm = () => {
    if (!notification) return;
    remove.mutate(notification.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: 'Notification deleted' });
        onClose();
      },
      onError: (error) => showWriteError('Could not delete the notification', error),
    });
  };
  return (
    <Modal opened={notification !== null} onClose={onClose} title="Delete notification?" centered>
      <Text size="sm">“{notification?.title}” will be removed from your notifications. This cannot be undone.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={remove.isPending}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}

/** One filter's notifications, newest first, paged with the server's cursor. */
export function NotificationList({ filter }: { filter: NotificationFilter }) {
  const list = useNotificationList(filter);
  const markRead = useMarkRead();
  const [toDelete, setToDelete] = useState<Notification | null>(null);
  const now = useNow();

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
            onDelete={setToDelete}
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
      <DeleteNotificationModal notification={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
