import { Group, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { formatDollarsAndCents, LEAD_SOURCE_LABELS, type Lead, type LeadSort } from '@myeai/domain';
import { openRowProps, stickyCell } from '../../../components/ui/row-table.tsx';
import { formatDate, formatLastContact } from '../format.ts';
import type { LeadFilters } from '../hooks/use-lead-filters.ts';
import { LeadActions } from './lead-actions.tsx';
import { StageSelect } from './stage-select.tsx';

/** Placeholder rows while the first page loads, as many as a page usually shows on screen. */
const SKELETON_ROWS = 8;
const COLUMNS = 8;

type LeadTableProps = {
  leads: Lead[];
  /** The first page is on its way: skeleton rows instead of an empty table. */
  loading: boolean;
  filters: LeadFilters;
  onSort: (sort: LeadSort, dir: 'asc' | 'desc') => void;
  onOpen: (lead: Lead) => void;
  onEdit: (lead: Lead) => void;
  onDelete: (lead: Lead) => void;
};

type SortHeaderProps = { label: string; sort: LeadSort; filters: LeadFilters; onSort: LeadTableProps['onSort']; firstDir?: 'asc' | 'desc'; className?: string };

/** A column header that sorts on the server: first click in `firstDir`, the next reverses. */
function SortHeader({ label, sort, filters, onSort, firstDir = 'asc', className }: SortHeaderProps) {
  const isActive = filters.sort === sort;
  const Icon = !isActive ? IconSelector : filters.dir === 'asc' ? IconChevronUp : IconChevronDown;
  const next = isActive ? (filters.dir === 'asc' ? 'desc' : 'asc') : firstDir;
  return (
    <Table.Th className={className} aria-sort={isActive ? (filters.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(sort, next)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * The lead table: the lead (name over e-mail) and its actions stay in view at any width while the
 * columns between scroll; a click on a row, or Enter on it, opens the lead.
 */
export function LeadTable({ leads, loading, filters, onSort, onOpen, onEdit, onDelete }: LeadTableProps) {
  const header = { filters, onSort };
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" aria-label="Leads">
        <Table.Thead>
          <Table.Tr>
            <SortHeader label="Lead" sort="name" className={stickyCell.start} {...header} />
            <Table.Th>Company</Table.Th>
            <SortHeader label="Stage" sort="stage" {...header} />
            <SortHeader label="Value" sort="value" firstDir="desc" {...header} />
            <Table.Th>Source</Table.Th>
            <SortHeader label="Last contact" sort="last_contact" firstDir="desc" {...header} />
            <SortHeader label="Added" sort="created_at" firstDir="desc" {...header} />
            <Table.Th className={stickyCell.end}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody aria-busy={loading || undefined}>
          {loading &&
            Array.from({ length: SKELETON_ROWS }, (_, row) => (
              <Table.Tr key={`skeleton-${row}`} aria-hidden>
                {Array.from({ length: COLUMNS }, (_, column) => (
                  <Table.Td key={column}>
                    <Skeleton height={column === 0 ? 28 : 14} width={column === 0 ? '80%' : '60%'} radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {leads.map((lead) => (
            <Table.Tr key={lead.id} data-testid={`lead-${lead.email}`} {...openRowProps(() => onOpen(lead))}>
              <Table.Th scope="row" className={stickyCell.start} fw="normal">
                <Text size="sm" fw={600} truncate title={lead.name}>
                  {lead.name}
                </Text>
                <Text size="xs" c="dimmed" truncate title={lead.email}>
                  {lead.email}
                </Text>
              </Table.Th>
              <Table.Td>{lead.company ?? <Text span c="dimmed" size="sm">—</Text>}</Table.Td>
              <Table.Td>
                <StageSelect lead={lead} />
              </Table.Td>
              <Table.Td>{formatDollarsAndCents(lead.value_cents)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{LEAD_SOURCE_LABELS[lead.source]}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatLastContact(lead.last_contact_at)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(lead.created_at)}</Table.Td>
              <Table.Td className={stickyCell.end}>
                <LeadActions lead={lead} onEdit={onEdit} onDelete={onDelete} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
