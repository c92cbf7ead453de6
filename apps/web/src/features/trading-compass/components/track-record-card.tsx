import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Badge, Card, Skeleton, Text, Title } from '@mantine/core';
import { trackRecordHeadline, TRACK_RECORD_MESSAGES, type Bias, type CallOutcome } from '@myeai/domain';
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { forbiddenMessage } from '../../../lib/api-client.ts';
import { formatPercent } from '../../../lib/percent.ts';
import type { useTrackRecord } from '../api/compass-api.ts';
import type { TrialLock } from '../traffic-light.ts';

const when = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

const OUTCOME: Record<CallOutcome, { label: string; color: string }> = {
  hit: { label: 'Hit', color: 'green' },
  miss: { label: 'Miss', color: 'red' },
  awaiting_prices: { label: TRACK_RECORD_MESSAGES.awaiting, color: 'gray' },
};

const CALL: Record<Bias, string> = { long: 'Long', short: 'Short', neutral: 'Neutral' };

const signed = (bps: number) => `${bps > 0 ? '+' : ''}${bps.toFixed(2)} bps`;

type Call = NonNullable<ReturnType<typeof useTrackRecord>['data']>['calls'][number];

/** The shared DataTable: its first column (when the window closed) stays in view at 375 px while the prices scroll. */
const CALL_COLUMNS: readonly DataColumn<Call>[] = [
  { key: 'closed', header: 'Closed', cell: (call) => when.format(new Date(call.closed_at)), rowHeader: true },
  { key: 'call', header: 'Call', cell: (call) => CALL[call.bias] },
  { key: 'close', header: 'Price at close', cell: (call) => call.price_at_close ?? '–' },
  { key: 'horizon', header: 'Price at horizon', cell: (call) => call.price_at_horizon ?? '–' },
  { key: 'change', header: 'Change', cell: (call) => (call.change_bps === null ? '–' : signed(call.change_bps)) },
  {
    key: 'outcome',
    header: 'Outcome',
    cell: (call) => (
      <Badge color={OUTCOME[call.outcome].color} variant="dot">
        {OUTCOME[call.outcome].label}
      </Badge>
    ),
  },
];

type Bin = NonNullable<ReturnType<typeof useTrackRecord>['data']>['calibration'][number];

const binLabel = (bin: Bin) => `${bin.from}–${bin.to}%`;

const BIN_COLUMNS: readonly DataColumn<Bin>[] = [
  { key: 'band', header: 'Stated confidence', cell: binLabel, rowHeader: true },
  { key: 'votes', header: 'Scored votes', cell: (bin) => bin.votes },
  { key: 'stated', header: 'Mean stated', cell: (bin) => formatPercent(bin.mean_confidence) },
  { key: 'observed', header: 'Hit rate', cell: (bin) => formatPercent(bin.hit_rate) },
];

/**
 * Calibration (decision 068): the pool's votes on this pair, by stated confidence, against the hit
 * rate they reached. A calibrated pool's bars are level pairs; the table under it says the same in text.
 */
function CalibrationChart({ bins }: { bins: readonly Bin[] }) {
  const used = bins.filter((bin) => bin.votes > 0);
  if (used.length === 0) return <Text size="sm" data-empty-state>No scored vote on this pair yet: the calibration chart needs one.</Text>;
  return (
    <>
      <div role="img" aria-label={`Calibration chart: ${used.map((bin) => `confidence ${binLabel(bin)}: ${bin.votes} votes, hit rate ${formatPercent(bin.hit_rate)}`).join('; ')}`}>
        <BarChart
          h={200}
          data={used.map((bin) => ({ bin: binLabel(bin), 'Stated confidence': bin.mean_confidence ?? 0, 'Observed hit rate': bin.hit_rate ?? 0 }))}
          dataKey="bin"
          series={[
            { name: 'Stated confidence', color: 'gray.6' },
            { name: 'Observed hit rate', color: 'blue.8' },
          ]}
          yAxisProps={{ domain: [0, 100] }}
          unit="%"
          withLegend
          maxBarWidth={28}
        />
      </div>
      <DataTable columns={BIN_COLUMNS} rows={used} rowKey={(bin) => bin.from} scroll={{ minWidth: 360 }} table={{ striped: true, 'aria-label': 'Calibration' }} />
    </>
  );
}

/**
 * The consensus's hit rate on the selected pair against real prices, with its 95 % interval, and
 * its last calls (decision 062). Small samples say so instead of showing a rate.
 */
export function TrackRecordCard({ record, trialLock }: { record: ReturnType<typeof useTrackRecord>; trialLock: TrialLock | null }) {
  const data = trialLock ? undefined : record.data;
  const lockText = trialLock?.message ?? forbiddenMessage(record.error);
  const band = data?.calls[0]?.band_bps;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="track-record-title">
      <Title order={2} size="h4" id="track-record-title">
        Track record{trialLock ? `: ${trialLock.symbol} ${trialLock.code}` : data ? `: ${data.asset.symbol} ${data.timeframe.code}` : ''}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Each confirmed call is checked against the market one timeframe after its window closed: Long hits when the price rose by more than the neutral band{band ? ` (${band} bps here)` : ''}, Short when it fell by more, Neutral when it stayed inside.
      </Text>
      {lockText && <Text size="sm">{lockText}</Text>}
      {!lockText && record.isPending && <Skeleton h={160} />}
      {!lockText && record.isError && <LoadError message={record.error.message} onRetry={() => void record.refetch()} />}
      {data?.locked && <Text size="sm">The track record of this pair comes with a plan.</Text>}
      {data && !data.locked && (
        <>
          <Text fw={700} size="lg" data-testid="track-record-headline">
            {trackRecordHeadline(data.summary)}
          </Text>
          <Text size="xs" c="dimmed" mb="sm">
            {data.summary.enough_to_judge ? 'Hit rate of the scored calls with its 95% confidence interval.' : 'A rate is shown from 20 scored calls.'}
            {data.since ? ` Calls since ${when.format(new Date(data.since))} (your plan's history).` : ''}
          </Text>
          <DataTable
            columns={CALL_COLUMNS}
            rows={data.calls}
            rowKey={(call) => call.window_id}
            scroll={{ minWidth: 560 }}
            table={{ striped: true, 'aria-label': 'Last calls' }}
            empty="No confirmed call on this pair yet."
          />
          <Title order={3} size="h5" mt="md" id="calibration-title">
            Calibration
          </Title>
          <Text size="xs" c="dimmed" mb="xs">
            The traders&apos; votes on this pair, by the confidence they stated, against how often the market proved them right.
          </Text>
          <CalibrationChart bins={data.calibration} />
        </>
      )}
    </Card>
  );
}
