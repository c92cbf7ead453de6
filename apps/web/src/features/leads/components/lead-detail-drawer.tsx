import { Anchor, Button, Divider, Drawer, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMail, IconPencil, IconPhone, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDollarsAndCents, LEAD_SOURCE_LABELS, phoneHref, type Lead } from '@myeai/domain';
import { formatDate, formatLastContact } from '../format.ts';
import { StageSelect } from './stage-select.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

type LeadDetailDrawerProps = { lead: Lead; onEdit: (lead: Lead) => void; onDelete: (lead: Lead) => void; onClose: () => void };

/** One lead as stored (a row of the lead table opens it): every field, the stage changeable in place, and the row's actions. */
export function LeadDetailDrawer({ lead, onEdit, onDelete, onClose }: LeadDetailDrawerProps) {
  return (
    <Drawer opened onClose={onClose} position="right" size="md" title={lead.name}>
      <Stack gap="md">
        <StageSelect lead={lead} />
        <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
          <Fact label="Email">
            <Anchor href={`mailto:${lead.email}`}>{lead.email}</Anchor>
          </Fact>
          <Fact label="Phone">{lead.phone ? <Anchor href={phoneHref(lead.phone)}>{lead.phone}</Anchor> : '—'}</Fact>
          <Fact label="Company">{lead.company ?? '—'}</Fact>
          <Fact label="Value">{formatDollarsAndCents(lead.value_cents)}</Fact>
          <Fact label="Source">{LEAD_SOURCE_LABELS[lead.source]}</Fact>
          <Fact label="Last contact">{formatLastContact(lead.last_contact_at)}</Fact>
          <Fact label="Added">{formatDate(lead.created_at)}</Fact>
          <Fact label="Updated">{formatDate(lead.updated_at)}</Fact>
        </SimpleGrid>
        <Fact label="Notes">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {lead.notes ?? 'No notes.'}
          </Text>
        </Fact>
        <Divider />
        <Group gap="xs">
          <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onEdit(lead)}>
            Edit lead
          </Button>
          {lead.phone && (
            <Button component="a" href={phoneHref(lead.phone)} variant="default" leftSection={<IconPhone size={16} aria-hidden />}>
              Call
            </Button>
          )}
          <Button component="a" href={`mailto:${lead.email}`} variant="default" leftSection={<IconMail size={16} aria-hidden />}>
            Email
          </Button>
          <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => onDelete(lead)}>
            Delete lead
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
