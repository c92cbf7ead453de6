import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Skeleton, Text, Title } from '@mantine/core';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { forbiddenMessage } from '../../../lib/api-client.ts';
import { formatPercent } from '../../../lib/percent.ts';
import type { useSentimentHistory } from '../api/compass-api.ts';
import type { TrialLock } from '../traffic-light.ts';

const when = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

const SERIES = [
  { name: 'Long', color: 'green.7' },
  { name: 'Short', color: 'red.7' },
  { name: 'Neutral', color: 'orange.6' },
];

/** Long / short / neutral shares of the selected pair over its last closed windows (oldest first). */
export function HistoryChart({ history, trialLock }: { history: ReturnType<typeof useSentimentHistory>; trialLock: TrialLock | null }) {
  const data = trialLock ? undefined : history.data;
  const points = data?.points ?? [];
  const last = points.at(-1);
  // The trial's stage (not asked, or refused with 403 by a grid older than the stage) says when it unlocks.
  const refused = forbiddenMessage(history.error);
  const lockText = trialLock?.message ?? refused;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="history-title" h="100%">
      <Title order={2} size="h4" id="history-title">
        Consensus History{trialLock ? `: ${trialLock.symbol} ${trialLock.code}` : data ? `: ${data.asset.symbol} ${data.timeframe.code}` : ''}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Shares of the last closed entry windows, oldest first.
      </Text>
      {lockText && <Text size="sm">{lockText}</Text>}
      {!lockText && history.isPending && <Skeleton h={220} />}
      {!lockText && history.isError && <LoadError message={history.error.message} onRetry={() => void history.refetch()} />}
      {data?.locked && <Text size="sm">The history of premium timeframes comes with a plan.</Text>}
      {data && !data.locked && points.length === 0 && <Text size="sm">No closed window with votes on this pair yet.</Text>}
      {data && !data.locked && points.length > 0 && (
        <div role="img" aria-label={`Chart of the last ${points.length} closed windows${last ? `; latest: long ${formatPercent(last.long_percentage)}, short ${formatPercent(last.short_percentage)}, neutral ${formatPercent(last.neutral_percentage)}` : ''}`}>
          <BarChart
            h={220}
            data={points.map((point) => ({ closed: when.format(new Date(point.closed_at)), Long: point.long_percentage, Short: point.short_percentage, Neutral: point.neutral_percentage }))}
            dataKey="closed"
            type="stacked"
            series={SERIES}
            yAxisProps={{ domain: [0, 100] }}
            unit="%"
            withLegend
            maxBarWidth={36}
          />
        </div>
      )}
    </Card>
  );
}
