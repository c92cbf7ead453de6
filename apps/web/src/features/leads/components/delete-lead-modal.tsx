import { deleteLeadConfirmation, type Lead } from '@myeai/domain';
import { DeleteModal } from '../../../components/ui/delete-modal.tsx';
import { useDeleteLead } from '../api/leads-api.ts';

type DeleteLeadModalProps = { lead: Lead | null; onClose: () => void };

/** Spec 2 section 8's confirmation; the lead leaves the list only once the server deleted it. */
export function DeleteLeadModal({ lead, onClose }: DeleteLeadModalProps) {
  return (
    <DeleteModal
      item={lead}
      title="Delete lead"
      message={(item) => deleteLeadConfirmation(item.name)}
      remove={useDeleteLead()}
      deleted="Lead deleted successfully!"
      failed={(error) => ({ title: 'Failed to delete lead. Please try again.', message: error.message })}
      onClose={onClose}
    />
  );
}
