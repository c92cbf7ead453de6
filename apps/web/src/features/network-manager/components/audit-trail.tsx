import { Card, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDollarsAndCents, payoutsText, type CellAuditRecord } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { formatFullTime } from '../../../lib/relative-time.ts';
import { useAllCells, useCellAudit } from '../api/network-api.ts';

const ACTION_LABEL: Record<string, string> = {
  'commission.cell_created': 'Cell created',
  'commission.cell_updated': 'Cell updated',
  'commission.cell_archived': 'Cell archived',
  'commission.cell_locked': 'Cell locked',
  'commission.cell_unlocked': 'Cell unlocked',
  'commission.member_assigned': 'Member assigned',
  'commission.member_removed': 'Member removed',
  'commission.member_moved': 'Member moved',
  'commission.revenue_processed': 'Revenue processed',
};


type Details = Record<string, unknown> & { before?: Record<string, unknown>; after?: Record<string, unknown> };

function seatText(side: Record<string, unknown> | undefined): string {
  if (!side || side.position === null || side.position === undefined) return 'no seat';
  return `seat ${String(side.position)}${side.role ? ` (${String(side.role)})` : ''}`;
}

/** The details of an entry in words; anything not recognised is shown as stored. */
export function describeAuditDetails(record: Pick<CellAuditRecord, 'action' | 'details'>): string {
  const details = (record.details ?? {}) as Details;
  switch (record.action) {
    case 'commission.member_assigned':
    case 'commission.member_removed':
    case 'commission.member_moved':
      return `${String(details.email ?? details.user_id ?? '')}: ${seatText(details.before)} → ${seatText(details.after)}`;
    case 'commission.cell_locked':
    case 'commission.cell_unlocked':
      return `Status ${String(details.before?.status ?? '')} → ${String(details.after?.status ?? '')}`;
    case 'commission.cell_created':
    case 'commission.cell_archived':
    case 'commission.cell_updated': {
      const before = details.before ?? {};
      const after = details.after ?? {};
      const changed = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
      if (!details.before) return `Name ${String(after.name ?? '')}${after.parent_cell_id ? ', with a parent cell' : ''}`;
      return changed.length === 0 ? 'No change' : changed.map((key) => `${key.replace(/_/g, ' ')}: ${String(before[key] ?? 'none')} → ${String(after[key] ?? 'none')}`).join('; ');
    }
    case 'commission.revenue_processed':
      return typeof details.amount_cents === 'number' && typeof details.paid_cents === 'number' && typeof details.unallocated_cents === 'number'
        ? `${formatDollarsAndCents(details.amount_cents)} (${String(details.source ?? '')}, ref ${String(details.source_reference_id ?? '')}): ${payoutsText(Number(details.payouts_count ?? 0))}, ${formatDollarsAndCents(details.paid_cents)} paid, ${formatDollarsAndCents(details.unallocated_cents)} unallocated`
        : JSON.stringify(details);
    default:
      return record.details === null ? '' : JSON.stringify(record.details);
  }
}

/** Audit Trail (spec 3 section 2.11): action, time, cell, admin, details; filter by cell. */
export function AuditTrail({ initialCellId }: { initialCellId: string | null }) {
  const [cellId, setCellId] = useState<string | null>(initialCellId);
  const cells = useAllCells();
  const audit = useCellAudit(cellId);
  return (
    <Stack gap="md">
      <Select
        label="Cell"
        placeholder="All cells"
        data={(cells.data?.cells ?? []).map((cell) => ({ value: cell.id, label: cell.name }))}
        value={cellId}
        onChange={setCellId}
        clearable
        searchable
        w={{ base: '100%', sm: 320 }}
      />
      {audit.isError ? (
        <LoadError message={audit.error.message} onRetry={() => void audit.refetch()} />
      ) : audit.isPending ? (
        <Text c="dimmed">Loading audit records…</Text>
      ) : audit.data.records.length === 0 ? (
        <Card withBorder padding="xl">
          <Text ta="center" c="dimmed">
            No audit records
          </Text>
        </Card>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs" aria-label="Audit records">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Action</Table.Th>
                <Table.Th>Time</Table.Th>
                <Table.Th>Cell</Table.Th>
                <Table.Th>Admin</Table.Th>
                <Table.Th>Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {audit.data.records.map((record) => (
                <Table.Tr key={record.id}>
                  <Table.Td>{ACTION_LABEL[record.action] ?? record.action}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFullTime(record.timestamp)}</Table.Td>
                  <Table.Td>{record.cell_name ?? '—'}</Table.Td>
                  <Table.Td>{record.action_by?.email ?? 'System'}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{describeAuditDetails(record)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
