import { Code, Text } from '@mantine/core';
import type { AuditEntry } from '@myeai/domain';
import { PagedList } from './paged-list.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { PersonCell } from '../../../components/ui/person-cell.tsx';
import { useAuditLog } from '../api/operations-api.ts';
import { formatDateTime } from '../format-time.ts';

function Actor({ entry }: { entry: AuditEntry }) {
  if (!entry.actor) return <Text size="sm" c="dimmed">System</Text>;
  return <PersonCell name={entry.actor.name} detail={entry.actor.email} />;
}

/** The audit log, newest first, read from the server (never sample data). */
export function OperationsLog() {
  const log = useAuditLog();
  return (
    <PagedList query={log} loadingLabel="Loading the operations log">
      {(entries) => (
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
      )}
    </PagedList>
  );
}
