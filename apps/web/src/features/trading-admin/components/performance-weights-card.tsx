import { Button, Card, Group, Text, Title } from '@mantine/core';
import { SHRINK_PRIOR_WEIGHT, type PerformanceWeightsBacktest } from '@myeai/domain';
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { formatPercent } from '../../../lib/percent.ts';
import { usePerformanceWeightsBacktest } from '../api/trading-admin-api.ts';

type Row = PerformanceWeightsBacktest['total'] & { label: string; key: string };
type Side = Row['fixed'];

/** "2 of 5 scored calls: 40.0% (11.8–76.9%)", or why there is no rate. */
function sideText(side: Side): string {
  const { summary } = side;
  if (summary.scored === 0) return side.calls === 0 ? 'No calls' : `${side.calls} calls, none scored yet`;
  return `${summary.hits} of ${summary.scored} scored calls: ${formatPercent(summary.hit_rate)} (${formatPercent(summary.ci_low)}–${formatPercent(summary.ci_high)})`;
}

const COLUMNS: readonly DataColumn<Row>[] = [
  { key: 'timeframe', header: 'Timeframe', cell: (row) => row.label, rowHeader: true },
  { key: 'windows', header: 'Closed windows', cell: (row) => row.windows },
  { key: 'fixed', header: 'Weights as cast (fixed)', cell: (row) => sideText(row.fixed) },
  { key: 'performance', header: 'Performance weights', cell: (row) => sideText(row.performance) },
  { key: 'changed', header: 'Calls that change', cell: (row) => row.changed_calls },
];

/**
 * Before switching performance weighting on (issue 32 item 5, decision 072): every stored closed
 * window's consensus re-derived with the weights its votes were cast with and with performance
 * weights, scored against the stored prices, per timeframe with 95% Wilson intervals. The server
 * computes it with the same domain functions the engine counts votes with.
 */
export function PerformanceWeightsCard() {
  const backtest = usePerformanceWeightsBacktest();
  const rows: Row[] = backtest.data && backtest.data.total.windows > 0
    ? [
        ...backtest.data.timeframes.map((row) => ({ ...row, key: row.timeframe.id, label: row.timeframe.label })),
        { ...backtest.data.total, key: 'total', label: 'All timeframes' },
      ]
    : [];
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h4">
        Performance weights: backtest
      </Title>
      <Text size="sm" my="xs">
        With performance weighting (open mode), a vote weighs the trader&apos;s shrunk market hit rate, (hits + {SHRINK_PRIOR_WEIGHT / 2}) / (scored votes + {SHRINK_PRIOR_WEIGHT}): a trader with no scored vote weighs 50, 200 hits of 300 weigh 65.6. Only votes whose
        outcome was known when a vote was cast count towards its weight, so the backtest sees nothing a window could not have known.
      </Text>
      <Group mb="sm">
        <Button onClick={() => void backtest.refetch()} loading={backtest.isFetching}>
          {backtest.data ? 'Run the backtest again' : 'Run the backtest'}
        </Button>
        {backtest.data && (
          <Text size="xs" c="dimmed">
            Computed {new Date(backtest.data.generated_at).toLocaleString()}. Performance weighting is {backtest.data.performance_weight_enabled ? 'on' : 'off'} now.
          </Text>
        )}
      </Group>
      {backtest.isError ? (
        <LoadError message={backtest.error.message} onRetry={() => void backtest.refetch()} />
      ) : backtest.data ? (
        <DataTable
          rows={rows}
          rowKey={(row) => row.key}
          columns={COLUMNS}
          table={{ striped: true, 'aria-label': 'Performance weights backtest' }}
          scroll={{ minWidth: 720 }}
          empty="No closed window with votes is stored yet."
        />
      ) : (
        <Text size="sm" c="dimmed">
          Run the backtest to compare the consensus hit rate with fixed weights and with performance weights over the stored history.
        </Text>
      )}
    </Card>
  );
}
