import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Notification } from '@myeai/domain';
import { useDeleteNotification } from '../api/notifications-api.ts';
import { showWriteError } from './show-write-error.ts';

/** Deleting asks first; the notification disappears only once the server deleted it. */
type DeleteNotificationModalProps = { opened: boolean; notification: Notification | null; onClose: () => void };

export function DeleteNotificationModal({ opened, notification, onClose }: DeleteNotificationModalProps) {
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
    <Modal opened={opened && notification !== null} onClose={onClose} title="Delete notification?" centered>
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
