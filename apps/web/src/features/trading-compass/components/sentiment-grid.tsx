import { Anchor, Box, Card, Group, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ASSET_CLASS_LABELS, type GridCell, type SentimentGrid as SentimentGridData } from '@myeai/domain';
import { assetColumn } from '../../../components/ui/asset-column.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx';
import { cellLabel, cellView, LIGHT_COLORS, lockedCellReason, trialLockMessage, type ResultView } from '../traffic-light.ts';
import classes from './compass.module.css';

import type { PairSelection } from '../default-selection.ts';

export type { PairSelection };

/** One row of the grid. */
type Asset = SentimentGridData['assets'][number];

type SentimentGridProps = {
  grid: SentimentGridData;
  /** The clock the cells' ages are read against (re-read every 30 s by the page). */
  now: number;
  selected: PairSelection | null;
  onSelect: (pair: PairSelection) => void;
};

export function LightDot({ color, size = 12 }: { color: string; size?: number }) {
  return <Box component="span" aria-hidden className={classes.dot} w={size} h={size} bg={color} />;
}

/** A closed result in a cell: the dot and share (or "No consensus"), the bias word, and its age. */
function ResultLines({ view, dimmed = false }: { view: ResultView; dimmed?: boolean }) {
  const confirmed = view.headline.endsWith('%');
  return (
    <Stack gap={0} align="center">
      <Group gap={4} wrap="nowrap">
        <LightDot color={view.color} size={dimmed ? 8 : 12} />
        <Text size={dimmed || !confirmed ? 'xs' : 'sm'} fw={confirmed ? 700 : 500} c={dimmed ? 'dimmed' : undefined} component="span">
          {dimmed ? 'Last: ' : ''}
          {view.headline}
          {confirmed ? ` ${view.word}` : ''}
        </Text>
      </Group>
      {!confirmed && view.word && (
        <Text size="xs" c="dimmed" component="span">
          {' '}
          {view.word}
        </Text>
      )}
      {view.age && (
        <Text size="xs" c="dimmed" component="span">
          {' '}
          {view.age}
        </Text>
      )}
    </Stack>
  );
}

/**
 * One cell: its accessible name is its own text, a hidden "EUR/USD H1: " before what it shows
 * ("85% Long 2 h ago"), so the name always contains the visible words. The same words (cellLabel)
 * are its tooltip, which names the pair for a sighted user too. An open window shows only its vote
 * count, outlined and without a colour, so it can never pass for a confirmed consensus.
 */
function Cell({
  cell,
  asset,
  timeframe,
  trialLock,
  isSelected,
  now,
  onSelect,
}: {
  cell: GridCell;
  asset: string;
  timeframe: string;
  trialLock: string | null;
  isSelected: boolean;
  now: number;
  onSelect: () => void;
}) {
  const view = cellView(cell, now);
  const pair = `${asset} ${timeframe}`;
  const label = cellLabel(cell, asset, timeframe, now, trialLock);
  return (
    <UnstyledButton onClick={onSelect} aria-pressed={isSelected} title={label} className={classes.cell} data-selected={isSelected || undefined} data-cell-kind={view.kind}>
      <VisuallyHidden>{`${pair}: `}</VisuallyHidden>
      {view.kind === 'locked' ? (
        // No figures exist for a locked cell: a neutral placeholder under the blur, and a lock.
        <Stack gap={2} align="center">
          <VisuallyHidden>{`locked, ${lockedCellReason(trialLock)}`}</VisuallyHidden>
          <Group gap={4} className={classes.blurred} aria-hidden wrap="nowrap">
            <LightDot color="gray.4" />
            <Text size="sm" fw={700} component="span">
              ––
            </Text>
          </Group>
          <IconLock size={14} aria-hidden />
        </Stack>
      ) : view.kind === 'empty' ? (
        <Group gap={6} wrap="nowrap">
          <LightDot color={LIGHT_COLORS.grey} />
          <Text size="sm" c="dimmed" component="span" aria-hidden>
            –
          </Text>
          <VisuallyHidden>no votes yet</VisuallyHidden>
        </Group>
      ) : view.kind === 'voting_open' ? (
        <Stack gap={2} align="center">
          <Text size="xs" fw={600} component="span" className={classes.votingOpen}>
            {view.text}
          </Text>
          {view.last && <ResultLines view={view.last} dimmed />}
        </Stack>
      ) : (
        <ResultLines view={view} />
      )}
    </UnstyledButton>
  );
}

/** What a locked cell of an asset outside the user's pick says after "locked, ". */
const NOT_PICKED_REASON = 'not in your assets';

/** Assets (rows) by timeframes (columns): a traffic-light dot and the rounded confirmed share per cell, with its age (spec 3 section 2.1, decision 050). */
export function SentimentGrid({ grid, now, selected, onSelect }: SentimentGridProps) {
  // In a trial before the premium compass's day, locked cells say when they unlock instead of "needs a plan".
  const trialLock = trialLockMessage(grid.access);
  const unlockDay = grid.access.premium_unlocks_on_trial_day;
  const picked = grid.access.picked_asset_ids;
  // A plan with an asset limit: the assets outside the user's pick are rows of locked cells.
  const outsidePick = (asset: Asset) => picked !== null && !picked.includes(asset.id);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sentiment-grid-title">
      <Title order={2} size="h4" id="sentiment-grid-title">
        Market Sentiment Grid
      </Title>
      <Group gap="md" my="xs" aria-label="Legend" role="group">
        {(
          [
            ['green.7', 'Long'],
            ['red.7', 'Short'],
            ['orange.6', 'Neutral'],
            ['gray.5', 'No consensus, or no votes (–)'],
          ] as const
        ).map(([color, word]) => (
          <Group key={word} gap={4} wrap="nowrap">
            <LightDot color={color} size={10} />
            <Text size="xs">{word}</Text>
          </Group>
        ))}
        <Text size="xs" component="span" className={classes.votingOpen}>
          Voting open · votes/13
        </Text>
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        A cell shows the last closed window: its share and bias when it confirmed a consensus, and how long ago it closed. While a window is open only its vote count
        shows; its result appears when it closes.
      </Text>
      {grid.assets.length === 0 ? (
        <Text size="sm">No active assets yet.</Text>
      ) : (
        <DataTable
          rows={grid.assets}
          rowKey={(asset) => asset.id}
          rowProps={(asset) => ({ 'data-unpicked': outsidePick(asset) || undefined })}
          scroll={{ minWidth: 130 + grid.timeframes.length * 84 }}
          table={{ withTableBorder: true, withColumnBorders: true, verticalSpacing: 4, horizontalSpacing: 4 }}
          columns={[
            assetColumn((asset: Asset) => outsidePick(asset) ? 'Not in your assets' : ASSET_CLASS_LABELS[asset.asset_class]),
            ...grid.timeframes.map(
              (timeframe): DataColumn<Asset> => ({
                key: timeframe.id,
                header: (
                  <Stack gap={0} align="center">
                    <Text size="sm" fw={700}>
                      {timeframe.code}
                    </Text>
                    {timeframe.locked && unlockDay !== null && (
                      <Text size="xs" c="dimmed" title={trialLock ?? undefined}>
                        Day {unlockDay}
                      </Text>
                    )}
                    {timeframe.locked && unlockDay === null && (
                      <Anchor component={Link} to="/trading-subscription" size="xs" aria-label={`Unlock ${timeframe.code} with a plan`}>
                        Unlock
                      </Anchor>
                    )}
                  </Stack>
                ),
                th: { scope: 'col', ta: 'center' },
                td: { p: 2 },
                cell: (asset) => (
                  <Cell
                    cell={grid.grid[asset.id]?.[timeframe.id] ?? ({ locked: true } as const)}
                    asset={asset.symbol}
                    timeframe={timeframe.code}
                    trialLock={outsidePick(asset) ? NOT_PICKED_REASON : trialLock}
                    isSelected={selected?.assetId === asset.id && selected.timeframeId === timeframe.id}
                    now={now}
                    onSelect={() => onSelect({ assetId: asset.id, timeframeId: timeframe.id })}
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
