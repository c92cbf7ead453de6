import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DataColumn } from './data-table.tsx';

/** The first column of an asset × timeframe grid (Market Grid, Market Sentiment Grid): the symbol as the row's header, a note under it. */
export function assetColumn<T extends { symbol: string }>(note: (asset: T) => ReactNode): DataColumn<T> {
  return {
    key: 'asset',
    header: 'Asset',
    th: { scope: 'col' },
    rowHeader: true,
    cell: (asset) => (
      <>
        <Text size="sm" fw={700}>
          {asset.symbol}
        </Text>
        <Text size="xs" c="dimmed">
          {note(asset)}
        </Text>
      </>
    ),
  };
}
