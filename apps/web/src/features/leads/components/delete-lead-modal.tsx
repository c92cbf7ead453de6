import { notifications } from '@mantine/notifications';
import { deleteLeadConfirmation, type Lead } from '@myeai/domain';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { useDeleteLead } from '../api/leads-api.ts';

type DeleteLeadModalProps = { lead: Lead | null; onClose: () => void };

/** Spec 2 section 8's confirmation; the lead leaves the list only once the server deleted it. */
export function DeleteLeadModal({ lead, onClose }: DeleteLeadModalProps) {
  const remove = useDeleteLead();
  const onConfirm = () => {
    if (!lead) return;
    remove.mutate(lead.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: 'Lead deleted successfully!' });
        onClose();
      },
      onError: (error) => notifications.show({ color: 'red', title: 'Failed to delete lead. Please try again.', message: error.message }),
    });
  };
  return (
    <ConfirmModal
      opened={lead !== null}
      title="Delete lead"
      message={lead ? deleteLeadConfirmation(lead.name) : ''}
      confirmLabel="Delete"
      loading={remove.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
