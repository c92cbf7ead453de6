import { Table, Text, type TableProps, type TableScrollContainerProps, type TableTdProps, type TableThProps, type TableTrProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { stickyCell, stickyTable } from './row-table.tsx';

/** One column: its header and how a row fills its cell (decision 047). */
export type DataColumn<T> = {
  /** React key of the column (unique in the table). */
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Props of the header cell (scope, ta, aria-sort...). */
  th?: TableThProps;
  /** Props of each body cell, the same for every row or computed from it. */
  td?: TableTdProps | ((row: T) => TableTdProps);
  /** The row's header (`<th scope="row">`): what the other cells of the row are about. */
  rowHeader?: boolean;
};

type DataTableProps<T> = {
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** The horizontal scroll container (minWidth, and a region's role and label where it has one). */
  scroll: TableScrollContainerProps;
  /** Props of the table itself (aria-label, striped, verticalSpacing...). */
  table?: TableProps;
  /** Props of a row, data attributes included (`data-unpicked`...). */
  rowProps?: (row: T) => TableTrProps & { [attribute: `data-${string}`]: string | boolean | undefined };
  /** Shown instead of the table when there are no rows; without it an empty table is drawn. */
  empty?: ReactNode;
};

/** The first column's cells stick to the left edge; other columns keep their own class. */
function withStickyStart(index: number, className: string | undefined): string | undefined {
  if (index !== 0) return className;
  return className ? `${stickyCell.start} ${className}` : stickyCell.start;
}

/**
 * The one way the app draws a data table: a scroll container, a header row and a row per item.
 * Its first column (what the row is) is sticky: when a narrow screen scrolls the table sideways,
 * the row's name stays in view and the other cells pass under it.
 * Loading and error states stay with the query that feeds it (LoadError, a skeleton).
 */
export function DataTable<T>({ columns, rows, rowKey, scroll, table, rowProps, empty }: DataTableProps<T>) {
  // data-empty-state: the mark the browser tests recognise an empty state by.
  if (empty !== undefined && rows.length === 0) return <Text c="dimmed" data-empty-state>{empty}</Text>;
  return (
    <Table.ScrollContainer {...scroll}>
      <Table {...table} className={table?.className ? `${stickyTable} ${table.className}` : stickyTable}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th key={column.key} {...column.th} className={withStickyStart(index, column.th?.className)}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column, index) => {
                if (column.rowHeader) {
                  return (
                    <Table.Th key={column.key} scope="row" className={withStickyStart(index, undefined)}>
                      {column.cell(row)}
                    </Table.Th>
                  );
                }
                const td = typeof column.td === 'function' ? column.td(row) : column.td;
                return (
                  <Table.Td key={column.key} {...td} className={withStickyStart(index, td?.className)}>
                    {column.cell(row)}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
