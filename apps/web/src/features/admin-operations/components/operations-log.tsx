import { Code, Text } from '@mantine/core';
import type { AuditEntry } from '@myeai/domain';
import { PersonCell } from '../../../components/ui/person-cell.tsx';
import { useAuditLog } from '../api/operations-api.ts';
import { DateTimeCell, PagedTable } from './paged-table.tsx';

function Actor({ entry }: { entry: AuditEntry }) {
  if (!entry.actor) return <Text size="sm" c="dimmed">System</Text>;
  return <PersonCell name={entry.actor.name} detail={entry.actor.email} />;
}

/** The audit log, newest first, read from the server (never sample data). */
export function OperationsLog() {
  const log = useAuditLog();
  return (
    <PagedTable
      query={log}
      loadingLabel="Loading the operations log"
      label="Operations log"
      empty="No audit records"
      minWidth={640}
      rowKey={(entry) => entry.id}
      columns={[
        { key: 'time', header: 'Time', cell: (entry) => <DateTimeCell iso={entry.created_at} /> },
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
  );
}
