import { Button, Card, Group, Skeleton, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { ASSET_CLASS_LABELS, type AssetRef, type EntryWindow } from '@myeai/domain';
import { assetColumn } from '../../../components/ui/asset-column.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useMarket } from '../api/trader-desk-api.ts';

export type MarketPair = { asset: AssetRef; timeframe: { id: string; code: string; voting_window_minutes: number } };

type MarketGridProps = {
  windows: readonly EntryWindow[];
  onOpen: (pair: MarketPair) => void;
};

/** Assets by timeframes: an empty cell opens an entry window, a cell with an open window shows a clock. */
export function MarketGrid({ windows, onOpen }: MarketGridProps) {
  const market = useMarket();
  const open = new Set(windows.map((window) => `${window.asset.id}|${window.timeframe.id}`));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="market-grid-title">
      <Title order={2} size="h4" id="market-grid-title">
        Market Grid
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Choose Open in a cell to open an entry window on that asset and timeframe; the other traders of the pool are notified to vote. A clock marks the pairs where voting is open.
      </Text>
      {market.isPending && <Skeleton h={240} />}
      {market.isError && <LoadError message={market.error.message} onRetry={() => void market.refetch()} />}
      {market.data && market.data.assets.length === 0 && <Text size="sm">No active assets yet.</Text>}
      {market.data && market.data.assets.length > 0 && (
        <DataTable
          rows={market.data.assets}
          rowKey={(asset) => asset.id}
          scroll={{ minWidth: 120 + market.data.timeframes.length * 96 }}
          table={{ withTableBorder: true, withColumnBorders: true, verticalSpacing: 4, horizontalSpacing: 6 }}
          columns={[
            assetColumn((asset: AssetRef) => ASSET_CLASS_LABELS[asset.asset_class]),
            ...market.data.timeframes.map(
              (timeframe): DataColumn<AssetRef> => ({
                key: timeframe.id,
                header: timeframe.code,
                th: { scope: 'col', ta: 'center' },
                td: { ta: 'center' },
                cell: (asset) =>
                  open.has(`${asset.id}|${timeframe.id}`) ? (
                    <Group gap={4} justify="center" wrap="nowrap">
                      <IconClock size={16} aria-hidden />
                      <Text size="xs">
                        Voting<VisuallyHidden> open on {asset.symbol} {timeframe.code}</VisuallyHidden>
                      </Text>
                    </Group>
                  ) : (
                    <Button
                      variant="subtle"
                      size="compact-xs"
                      onClick={() => onOpen({ asset, timeframe })}
                      aria-label={`Open an entry window on ${asset.symbol} ${timeframe.code}`}
                    >
                      Open
                    </Button>
                  ),
              }),
            ),
          ]}
        />
      )}
    </Card>
  );
}
