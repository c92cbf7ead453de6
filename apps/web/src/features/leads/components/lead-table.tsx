import { Group, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { formatDollars, LEAD_SOURCE_LABELS, type Lead, type LeadSort } from '@myeai/domain';
import { PersonCell } from '../../../components/ui/person-cell.tsx';
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
  onEdit: (lead: Lead) => void;
  onDelete: (lead: Lead) => void;
};

type SortHeaderProps = { label: string; sort: LeadSort; filters: LeadFilters; onSort: LeadTableProps['onSort']; firstDir?: 'asc' | 'desc' };

/** A column header that sorts on the server: first click in `firstDir`, the next reverses. */
function SortHeader({ label, sort, filters, onSort, firstDir = 'asc' }: SortHeaderProps) {
  const isActive = filters.sort === sort;
  const Icon = !isActive ? IconSelector : filters.dir === 'asc' ? IconChevronUp : IconChevronDown;
  const next = isActive ? (filters.dir === 'asc' ? 'desc' : 'asc') : firstDir;
  return (
    <Table.Th aria-sort={isActive ? (filters.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(sort, next)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export function LeadTable({ leads, loading, filters, onSort, onEdit, onDelete }: LeadTableProps) {
  const header = { filters, onSort };
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortHeader label="Lead" sort="name" {...header} />
            <Table.Th>Company</Table.Th>
            <SortHeader label="Stage" sort="stage" {...header} />
            <SortHeader label="Value" sort="value" firstDir="desc" {...header} />
            <Table.Th>Source</Table.Th>
            <SortHeader label="Last contact" sort="last_contact" firstDir="desc" {...header} />
            <SortHeader label="Added" sort="created_at" firstDir="desc" {...header} />
            <Table.Th>Actions</Table.Th>
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
            <Table.Tr key={lead.id}>
              <Table.Td>
                <PersonCell name={lead.name} detail={lead.email} fw={600} />
              </Table.Td>
              <Table.Td>{lead.company ?? <Text span c="dimmed" size="sm">—</Text>}</Table.Td>
              <Table.Td>
                <StageSelect lead={lead} />
              </Table.Td>
              <Table.Td>{formatDollars(lead.value_cents)}</Table.Td>
              <Table.Td>{LEAD_SOURCE_LABELS[lead.source]}</Table.Td>
              <Table.Td>{formatLastContact(lead.last_contact_at)}</Table.Td>
              <Table.Td>{formatDate(lead.created_at)}</Table.Td>
              <Table.Td>
                <LeadActions lead={lead} onEdit={onEdit} onDelete={onDelete} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
