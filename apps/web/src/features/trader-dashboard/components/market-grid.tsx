import { ActionIcon, Box, Card, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ASSET_CLASS_LABELS, cellPresentation, compactAge, trafficLightOf, type AssetRef, type TraderGridCell } from '@myeai/domain';
import { assetColumn } from '../../../components/ui/asset-column.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { BIAS_WORDS, LIGHT_COLORS } from '../../trading-compass/index.ts';
import { useTraderGrid } from '../api/trader-desk-api.ts';
import classes from './market-grid.module.css';

export type MarketPair = { asset: AssetRef; timeframe: { id: string; code: string; voting_window_minutes: number } };

type MarketGridProps = {
  /** Pool members may vote: only they are told that a window needs their vote. */
  canVote: boolean;
  onOpen: (pair: MarketPair) => void;
};

function Dot({ color }: { color: string }) {
  return <Box component="span" aria-hidden className={classes.dot} bg={color} />;
}

/**
 * One cell in words: an open window's vote count (and, for a pool member, whether their vote is
 * still needed); otherwise the standing consensus, the last window's result and its age, and a
 * button to open a window. Decision 050.
 */
function CellContent({ cell, pair, canVote, now, onOpen }: { cell: TraderGridCell | undefined; pair: MarketPair; canVote: boolean; now: number; onOpen: () => void }) {
  const name = `${pair.asset.symbol} ${pair.timeframe.code}`;
  const presented = cell ? cellPresentation(cell) : ({ kind: 'empty' } as const);
  if (presented.kind === 'voting_open') {
    return (
      <Stack gap={2} align="center">
        <Text size="xs" fw={600} className={classes.votingOpen}>
          <VisuallyHidden>{`${name}: `}</VisuallyHidden>
          {presented.label}
        </Text>
        {canVote && (
          <Text size="xs" c={cell?.user_voted ? 'dimmed' : undefined} fw={cell?.user_voted ? 400 : 700}>
            {cell?.user_voted ? 'You voted' : 'Your vote needed'}
          </Text>
        )}
      </Stack>
    );
  }
  const standing = cell?.confirmed_bias ?? null;
  const result = presented.kind === 'closed' ? presented : null;
  const age = compactAge(result?.at ?? null, now);
  return (
    <Group gap={4} justify="space-between" wrap="nowrap">
      <Stack gap={0} align="flex-start" className={classes.summary}>
        <VisuallyHidden>{`${name}: `}</VisuallyHidden>
        <Group gap={4} wrap="nowrap">
          <Dot color={standing ? LIGHT_COLORS[trafficLightOf(standing)] : LIGHT_COLORS.grey} />
          <Text size="xs" fw={700}>
            {standing ? BIAS_WORDS[standing] : result ? 'No bias' : 'No votes'}
          </Text>
        </Group>
        {result && (
          <Text size="xs" c="dimmed">
            {result.result === 'confirmed' ? `Last ${result.percent}% ${BIAS_WORDS[result.bias]}` : 'Last: no consensus'}
          </Text>
        )}
        {age && (
          <Text size="xs" c="dimmed">
            {age}
          </Text>
        )}
      </Stack>
      <ActionIcon variant="subtle" size="sm" onClick={onOpen} aria-label={`Open an entry window on ${name}`} title={`Open an entry window on ${name}`}>
        <IconPlus size={14} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/**
 * Assets by timeframes. Per cell the standing consensus (the dot and word), the last window's
 * result and how long ago it closed; an open window shows its vote count; the + opens a window.
 */
export function MarketGrid({ canVote, onOpen }: MarketGridProps) {
  const grid = useTraderGrid();
  const now = useNow(30_000);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="market-grid-title">
      <Title order={2} size="h4" id="market-grid-title">
        Market Grid
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Each cell shows the standing consensus (dot and word), the last window&apos;s result and how long ago it closed. Choose + to open an entry window on that asset and timeframe;
        the other traders of the pool are notified to vote. An open window shows its vote count until it closes.
      </Text>
      {grid.isPending && <Skeleton h={240} />}
      {grid.isError && <LoadError message={grid.error.message} onRetry={() => void grid.refetch()} />}
      {grid.data && grid.data.assets.length === 0 && <Text size="sm">No active assets yet.</Text>}
      {grid.data && grid.data.assets.length > 0 && (
        <DataTable
          rows={grid.data.assets}
          rowKey={(asset) => asset.id}
          scroll={{ minWidth: 120 + grid.data.timeframes.length * 112 }}
          table={{ withTableBorder: true, withColumnBorders: true, verticalSpacing: 4, horizontalSpacing: 6 }}
          columns={[
            assetColumn((asset: AssetRef) => ASSET_CLASS_LABELS[asset.asset_class]),
            ...grid.data.timeframes.map(
              (timeframe): DataColumn<AssetRef> => ({
                key: timeframe.id,
                header: timeframe.code,
                th: { scope: 'col', ta: 'center' },
                td: { p: 4 },
                cell: (asset) => (
                  <CellContent
                    cell={grid.data.cells[asset.id]?.[timeframe.id]}
                    pair={{ asset, timeframe }}
                    canVote={canVote}
                    now={now}
                    onOpen={() => onOpen({ asset, timeframe })}
                  />
                ),
              }),
            ),
          ]}
        />
      )}
    </Card>
  );
}
