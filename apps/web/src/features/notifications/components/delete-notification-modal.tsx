import { notifications } from '@mantine/notifications';
import type { Notification } from '@myeai/domain';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
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
    <ConfirmModal
      opened={opened && notification !== null}
      title="Delete notification?"
      message={`“${notification?.title ?? ''}” will be removed from your notifications. This cannot be undone.`}
      confirmLabel="Delete"
      loading={remove.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
