import { Card, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { MIN_CALLS_TO_JUDGE, SHRINK_PRIOR_WEIGHT, TRACK_RECORD_MESSAGES, type TraderTrackRecord } from '@myeai/domain';
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { formatPercent } from '../../../lib/percent.ts';
import { useTraderTrackRecord } from '../api/track-record-api.ts';

type Summary = TraderTrackRecord['summary'];
type Market = TraderTrackRecord['by_market'][number];

const ASSET_CLASS: Record<string, string> = { forex: 'Forex', indices: 'Indices', commodities: 'Commodities', stocks: 'Stocks', crypto: 'Crypto' };

/** "61.0% (52.3–69.1%)", or "—" before any scored vote. */
export function rateWithInterval(summary: Pick<Summary, 'hit_rate' | 'ci_low' | 'ci_high'>): string {
  if (summary.hit_rate === null) return '—';
  return `${formatPercent(summary.hit_rate)} (${formatPercent(summary.ci_low)}–${formatPercent(summary.ci_high)})`;
}

const MARKET_COLUMNS: readonly DataColumn<Market>[] = [
  { key: 'market', header: 'Market', cell: (m) => `${ASSET_CLASS[m.asset_class] ?? m.asset_class} ${m.timeframe.code}`, rowHeader: true },
  { key: 'scored', header: 'Scored votes', cell: (m) => m.summary.scored },
  { key: 'hits', header: 'Hits', cell: (m) => m.summary.hits },
  { key: 'rate', header: 'Hit rate (95% interval)', cell: (m) => rateWithInterval(m.summary) },
];

/**
 * A trader's votes against market prices (issue 32 item 4, decision 072): the market hit rate with
 * its interval, the Brier score, the scored votes, the shrunk estimate the leaderboard ranks by, and
 * agreement with consensus beside them; then per asset class and timeframe. The Trader Dashboard
 * shows the trader's own; System Command shows any trader's to an admin.
 */
export function TraderTrackRecordCard({ traderId, title = 'Your record against the market' }: { traderId: string; title?: string }) {
  const record = useTraderTrackRecord(traderId);
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h4" mb={4}>
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        Each vote is scored against market prices one timeframe after its window closed. Brier score: 0 is best, 1 worst. Shrunk estimate: (hits + {SHRINK_PRIOR_WEIGHT / 2}) / (scored votes + {SHRINK_PRIOR_WEIGHT}), a prior of {SHRINK_PRIOR_WEIGHT} votes at 50%.
      </Text>
      {record.isError ? (
        <LoadError message={record.error.message} onRetry={() => void record.refetch()} />
      ) : record.isPending ? (
        <Skeleton h={120} />
      ) : (
        <RecordBody record={record.data} />
      )}
    </Card>
  );
}

function RecordBody({ record }: { record: TraderTrackRecord }) {
  const { summary } = record;
  const figures = [
    { label: 'Market hit rate (95% interval)', value: rateWithInterval(summary) },
    { label: 'Scored votes', value: `${summary.scored} (${summary.hits} hits)` },
    { label: 'Brier score', value: record.brier === null ? '—' : record.brier.toFixed(3) },
    { label: 'Shrunk estimate', value: formatPercent(record.shrunk_hit_rate) },
    { label: 'Agreement with consensus', value: formatPercent(record.agreement_with_consensus) },
  ];
  return (
    <>
      {!summary.enough_to_judge && (
        <Text size="sm" mb="xs">
          {TRACK_RECORD_MESSAGES.tooFew}: {summary.scored} scored votes, fewer than {MIN_CALLS_TO_JUDGE}.
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} mb="sm">
        {figures.map((figure) => (
          <div key={figure.label}>
            <Text fw={700}>{figure.value}</Text>
            <Text size="xs" c="dimmed">
              {figure.label}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {record.by_market.length === 0 ? (
        <Text size="sm" c="dimmed">
          No vote has been scored against market prices yet.
        </Text>
      ) : (
        <DataTable rows={record.by_market} rowKey={(m) => `${m.asset_class}|${m.timeframe.id}`} columns={MARKET_COLUMNS} table={{ striped: true, 'aria-label': 'Record by market' }} scroll={{ minWidth: 480 }} />
      )}
    </>
  );
}
