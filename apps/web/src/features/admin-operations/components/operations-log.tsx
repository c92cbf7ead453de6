import { Code, Text } from '@mantine/core';
import type { AuditEntry } from '@myeai/domain';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { PersonCell } from '../../../components/ui/person-cell.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useAuditLog } from '../api/operations-api.ts';
import { formatDateTime } from '../format-time.ts';
import { LoadMore } from './load-more.tsx';
import { TableSkeleton } from './table-skeleton.tsx';

function Actor({ entry }: { entry: AuditEntry }) {
  if (!entry.actor) return <Text size="sm" c="dimmed">System</Text>;
  return <PersonCell name={entry.actor.name} detail={entry.actor.email} />;
}

/** The audit log, newest first, read from the server (never sample data). */
export function OperationsLog() {
  const log = useAuditLog();
  if (log.isError) return <LoadError message={log.error.message} onRetry={() => void log.refetch()} />;
  if (log.isPending) return <TableSkeleton label="Loading the operations log" />;
  const entries = log.data.pages.flatMap((page) => page.items);
  return (
    <>
      <DataTable
        rows={entries}
        rowKey={(entry) => entry.id}
        empty="No audit records"
        scroll={{ minWidth: 640 }}
        table={{ striped: true, verticalSpacing: 'sm', 'aria-label': 'Operations log' }}
        columns={[
          {
            key: 'time',
            header: 'Time',
            cell: (entry) => (
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(entry.created_at)}
              </Text>
            ),
          },
          { key: 'actor', header: 'Actor', cell: (entry) => <Actor entry={entry} /> },
          { key: 'action', header: 'Action', cell: (entry) => <Code>{entry.action}</Code> },
          {
            key: 'target',
            header: 'Target',
            cell: (entry) => (
              <Text size="sm" title={entry.target_label ? (entry.target ?? undefined) : undefined} style={{ overflowWrap: 'anywhere' }}>
                {entry.target_label ?? entry.target ?? '—'}
              </Text>
            ),
          },
        ]}
      />
      <LoadMore hasNextPage={log.hasNextPage} isFetchingNextPage={log.isFetchingNextPage} onLoadMore={() => void log.fetchNextPage()} />
    </>
  );
}
