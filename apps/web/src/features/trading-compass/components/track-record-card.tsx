import { Badge, Card, Skeleton, Text, Title } from '@mantine/core';
import { trackRecordHeadline, TRACK_RECORD_MESSAGES, type Bias, type CallOutcome } from '@myeai/domain';
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { forbiddenMessage } from '../../../lib/api-client.ts';
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
        </>
      )}
    </Card>
  );
}
