import type { Notification } from '@myeai/domain';
import { DeleteModal } from '../../../components/ui/delete-modal.tsx';
import { useDeleteNotification } from '../api/notifications-api.ts';

/** Deleting asks first; the notification disappears only once the server deleted it. */
type DeleteNotificationModalProps = { opened: boolean; notification: Notification | null; onClose: () => void };

export function DeleteNotificationModal({ opened, notification, onClose }: DeleteNotificationModalProps) {
  return (
    <DeleteModal
      item={notification}
      opened={opened}
      title="Delete notification?"
      message={(item) => `“${item.title}” will be removed from your notifications. This cannot be undone.`}
      remove={useDeleteNotification()}
      deleted="Notification deleted"
      failed={(error) => ({ title: 'Could not delete the notification', message: error.message })}
      onClose={onClose}
    />
  );
}
