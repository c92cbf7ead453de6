import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { ConfirmModal } from './confirm-modal.tsx';

/** The delete mutation of a feature's api file: the item's id in, the server's answer out. */
type DeleteMutation = {
  mutate: (id: string, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
};

type DeleteModalProps<T extends { id: string }> = {
  /** The item to delete; the dialog is open while there is one (and `opened`, when given, is true). */
  item: T | null;
  opened?: boolean;
  title: string;
  message: (item: T) => ReactNode;
  detail?: ReactNode;
  remove: DeleteMutation;
  /** The green toast once the server deleted it. */
  deleted: string;
  /** The red toast when the server refused or was not reached. */
  failed: (error: Error) => { title?: string; message: string };
  onClose: () => void;
};

/**
 * Asks before deleting, then deletes through the server: the dialog closes and the item leaves its
 * list only once the server answered (a toast either way; nothing is removed locally on a failure).
 */
export function DeleteModal<T extends { id: string }>({ item, opened = true, title, message, detail, remove, deleted, failed, onClose }: DeleteModalProps<T>) {
  const onConfirm = () => {
    if (!item) return;
    remove.mutate(item.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: deleted });
        onClose();
      },
      onError: (error) => notifications.show({ color: 'red', ...failed(error) }),
    });
  };
  return (
    <ConfirmModal
      opened={opened && item !== null}
      title={title}
      message={item ? message(item) : ''}
      detail={detail}
      confirmLabel="Delete"
      loading={remove.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
