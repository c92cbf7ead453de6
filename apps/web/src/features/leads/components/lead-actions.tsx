import { ActionIcon, Box, Group, Menu, Tooltip } from '@mantine/core';
import { IconDots, IconMail, IconPencil, IconPhone, IconTrash } from '@tabler/icons-react';
import { phoneHref, type Lead } from '@myeai/domain';

type LeadActionsProps = { lead: Lead; onEdit: (lead: Lead) => void; onDelete: (lead: Lead) => void };

/**
 * Call (tel:), e-mail (mailto:), edit and delete, each named for screen readers: four buttons from
 * the sm breakpoint, one menu on a phone, where the sticky actions column has room for one.
 */
export function LeadActions({ lead, onEdit, onDelete }: LeadActionsProps) {
  return (
    <>
      <Group gap={4} wrap="nowrap" visibleFrom="sm">
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
      <Box hiddenFrom="sm">
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${lead.name}`}>
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {lead.phone ? (
              <Menu.Item component="a" href={phoneHref(lead.phone)} leftSection={<IconPhone size={16} aria-hidden />}>
                Call {lead.phone}
              </Menu.Item>
            ) : (
              <Menu.Item disabled leftSection={<IconPhone size={16} aria-hidden />}>
                No phone number
              </Menu.Item>
            )}
            <Menu.Item component="a" href={`mailto:${lead.email}`} leftSection={<IconMail size={16} aria-hidden />}>
              Email
            </Menu.Item>
            <Menu.Item onClick={() => onEdit(lead)} leftSection={<IconPencil size={16} aria-hidden />}>
              Edit
            </Menu.Item>
            <Menu.Item color="red" onClick={() => onDelete(lead)} leftSection={<IconTrash size={16} aria-hidden />}>
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Box>
    </>
  );
}
