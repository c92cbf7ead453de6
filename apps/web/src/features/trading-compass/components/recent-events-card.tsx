import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ConsensusEvent } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { formatPercent } from '../../../lib/percent.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import type { useConsensusEvents } from '../api/compass-api.ts';
import { BIAS_WORDS } from '../traffic-light.ts';

export function describeEvent(event: ConsensusEvent): string {
  const pair = `${event.asset.symbol} ${event.timeframe.code}`;
  const share = event.consensus_percentage === null ? '' : ` at ${formatPercent(event.consensus_percentage)}`;
  if (event.event_type === 'window_opened') return `${pair}: entry window opened`;
  const bias = event.confirmed_bias ? BIAS_WORDS[event.confirmed_bias] : 'No bias';
  if (event.event_type === 'consensus_confirmed') return `${pair}: ${bias} consensus confirmed${share}`;
  return `${pair}: ${bias} consensus exited${share}`;
}

/** The latest 5 consensus events of the selected asset (spec 3 section 2.1). */
export function RecentEventsCard({ events, symbol, now }: { events: ReturnType<typeof useConsensusEvents>; symbol: string | null; now: number }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="recent-events-title" h="100%">
      <Title order={2} size="h4" id="recent-events-title" mb="sm">
        Recent Events{symbol ? `: ${symbol}` : ''}
      </Title>
      {events.isPending && <Skeleton h={120} />}
      {events.isError && <LoadError message={events.error.message} onRetry={() => void events.refetch()} />}
      {events.data && events.data.events.length === 0 && <Text size="sm">No consensus events you can see for this asset yet.</Text>}
      {events.data && events.data.events.length > 0 && (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {events.data.events.map((event) => (
            <li key={event.id}>
              <Text size="sm">{describeEvent(event)}</Text>
              <Text size="xs" c="dimmed">
                {formatRelativeTime(event.timestamp, now, { missing: 'never' })}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
