import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { deleteLeadConfirmation, type Lead } from '@myeai/domain';
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
    <Modal opened={lead !== null} onClose={onClose} title="Delete lead" centered>
      <Text size="sm">{lead ? deleteLeadConfirmation(lead.name) : ''}</Text>
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
