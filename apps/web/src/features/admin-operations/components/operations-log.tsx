import { Code, Table, Text } from '@mantine/core';
import type { AuditEntry } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useAuditLog } from '../api/operations-api.ts';
import { formatDateTime } from '../format-time.ts';
import { LoadMore } from './load-more.tsx';
import { TableSkeleton } from './table-skeleton.tsx';

function Actor({ entry }: { entry: AuditEntry }) {
  if (!entry.actor) return <Text size="sm" c="dimmed">System</Text>;
  return (
    <>
      <Text size="sm">{entry.actor.name}</Text>
      <Text size="xs" c="dimmed">
        {entry.actor.email}
      </Text>
    </>
  );
}

/** The audit log, newest first, read from the server (never sample data). */
export function OperationsLog() {
  const log = useAuditLog();
  if (log.isError) return <LoadError message={log.error.message} onRetry={() => void log.refetch()} />;
  if (log.isPending) return <TableSkeleton label="Loading the operations log" />;
  const entries = log.data.pages.flatMap((page) => page.items);
  if (entries.length === 0) return <Text c="dimmed">No audit records</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing="sm" aria-label="Operations log">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Time</Table.Th>
              <Table.Th>Actor</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>Target</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(entry.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Actor entry={entry} />
                </Table.Td>
                <Table.Td>
                  <Code>{entry.action}</Code>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" title={entry.target_label ? (entry.target ?? undefined) : undefined} style={{ overflowWrap: 'anywhere' }}>
                    {entry.target_label ?? entry.target ?? '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <LoadMore hasNextPage={log.hasNextPage} isFetchingNextPage={log.isFetchingNextPage} onLoadMore={() => void log.fetchNextPage()} />
    </>
  );
}
