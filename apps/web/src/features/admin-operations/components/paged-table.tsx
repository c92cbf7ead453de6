import { Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx';
import { formatDateTime } from '../format-time.ts';
import { PagedList } from './paged-list.tsx';

type PagedTableProps<T> = {
  query: UseInfiniteQueryResult<InfiniteData<{ items: T[] }>, Error>;
  /** The skeleton's accessible name while the first page loads. */
  loadingLabel: string;
  /** The table's accessible name. */
  label: string;
  empty: string;
  minWidth: number;
  rowKey: (row: T) => string | number;
  columns: readonly DataColumn<T>[];
  /** Shown above the table once the first page is in. */
  intro?: ReactNode;
};

/** The admin screen's cursor tables (failed operations, operations log, mailbox) all look alike: striped, roomy rows, Load more. */
export function PagedTable<T>({ query, loadingLabel, label, empty, minWidth, rowKey, columns, intro }: PagedTableProps<T>) {
  return (
    <PagedList query={query} loadingLabel={loadingLabel}>
      {(rows) => (
        <>
          {intro}
          <DataTable
            rows={rows}
            rowKey={rowKey}
            empty={empty}
            scroll={{ minWidth }}
            table={{ striped: true, verticalSpacing: 'sm', 'aria-label': label }}
            columns={columns}
          />
        </>
      )}
    </PagedList>
  );
}

/** A date and time cell that never wraps. */
export function DateTimeCell({ iso }: { iso: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(iso)}
    </Text>
  );
}
