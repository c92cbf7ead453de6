import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconMail, IconPencil, IconPhone, IconTrash } from '@tabler/icons-react';
import { phoneHref, type Lead } from '@myeai/domain';

type LeadActionsProps = { lead: Lead; onEdit: (lead: Lead) => void; onDelete: (lead: Lead) => void };

/** Call (tel:), e-mail (mailto:), edit and delete, each named for screen readers. */
export function LeadActions({ lead, onEdit, onDelete }: LeadActionsProps) {
  return (
    <Group gap={4} wrap="nowrap">
      {lead.phone ? (
        <Tooltip label={`Call ${lead.phone}`}>
          <ActionIcon component="a" href={phoneHref(lead.phone)} variant="subtle" aria-label={`Call ${lead.name}`}>
            <IconPhone size={18} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <ActionIcon variant="subtle" disabled aria-label={`No phone number for ${lead.name}`}>
          <IconPhone size={18} />
        </ActionIcon>
      )}
      <Tooltip label={`Email ${lead.email}`}>
        <ActionIcon component="a" href={`mailto:${lead.email}`} variant="subtle" aria-label={`Email ${lead.name}`}>
          <IconMail size={18} />
        </ActionIcon>
      </Tooltip>
      <ActionIcon variant="subtle" onClick={() => onEdit(lead)} aria-label={`Edit ${lead.name}`}>
        <IconPencil size={18} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" onClick={() => onDelete(lead)} aria-label={`Delete ${lead.name}`}>
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}
