import { Badge, Button, Card, CloseButton, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import type { EntryWindow } from '@myeai/domain';
import { formatPercent } from '../../../lib/percent.ts';
import { formatCountdown, waitingText } from '../countdown.ts';
import type { WindowResult } from '../hooks/use-trader-live.ts';

const time = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

type WindowCardProps = {
  window: EntryWindow;
  /** Time left by the server's clock (see countdown.ts). */
  remaining: number;
  canVote: boolean;
  onVote: () => void;
};

/** One open entry window (spec 3 section 2.2); bias counts stay sealed until the viewer voted. */
export function WindowCard({ window, remaining, canVote, onVote }: WindowCardProps) {
  const titleId = `window-${window.id}-title`;
  const countdown = formatCountdown(remaining);
  const isClosed = countdown === 'Closed';
  const waiting = waitingText(window.total_votes, window.pool_size);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h5" id={titleId}>
            {window.asset.symbol} {window.timeframe.code}
          </Title>
          {/* Only an Elite Pool member is asked for a vote; an admin outside the pool watches the window. */}
          <Badge color={window.user_voted ? 'green' : canVote ? 'orange' : 'gray'} variant="dot">
            {window.user_voted ? 'Vote Submitted' : canVote ? 'Vote Required' : 'Voting open'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Opened {time.format(new Date(window.opened_at))}
          {window.opened_by_me ? ' by you' : ''}
        </Text>
        <Group gap={6} wrap="nowrap">
          <IconClock size={16} aria-hidden />
          <Text size="sm" fw={700} ff="monospace">
            {isClosed ? 'Closed' : `${countdown} left`}
          </Text>
        </Group>
        <Text size="sm">
          {window.total_votes}/{window.pool_size} traders voted
        </Text>
        <Progress value={(window.total_votes / Math.max(1, window.pool_size)) * 100} aria-label={`${window.total_votes} of ${window.pool_size} traders voted`} />
        {window.bias_counts ? (
          <Group gap="md">
            <Text size="sm">Long {window.bias_counts.long}</Text>
            <Text size="sm">Short {window.bias_counts.short}</Text>
            <Text size="sm">Neutral {window.bias_counts.neutral}</Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Counts stay sealed until you vote.
          </Text>
        )}
        {waiting && <Text size="sm">{waiting}</Text>}
        <Button onClick={onVote} disabled={window.user_voted || isClosed || !canVote} aria-label={`Submit Vote: ${window.asset.symbol} ${window.timeframe.code}`}>
          Submit Vote
        </Button>
      </Stack>
    </Card>
  );
}

/** A window that closed while the page was open: the anonymous result from consensus_final_trader. */
export function WindowResultCard({ result, onDismiss }: { result: WindowResult; onDismiss: () => void }) {
  const titleId = `result-${result.window_id}-title`;
  const name = `${result.asset_symbol} ${result.timeframe_code}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId} bg="var(--mantine-color-gray-0)">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h5" id={titleId}>
            {name}
          </Title>
          <Group gap={4} wrap="nowrap">
            <Badge color="gray" variant="light">
              Closed
            </Badge>
            <CloseButton size="sm" onClick={onDismiss} aria-label={`Dismiss the result of ${name}`} />
          </Group>
        </Group>
        <Text size="sm" fw={700}>
          {result.consensus_reached && result.final_bias && result.consensus_percentage !== null
            ? `Consensus confirmed: ${result.final_bias.toUpperCase()} ${formatPercent(result.consensus_percentage)}`
            : 'No consensus reached'}
        </Text>
        <Group gap="md">
          <Text size="sm">Long {formatPercent(result.long_percentage)}</Text>
          <Text size="sm">Short {formatPercent(result.short_percentage)}</Text>
          <Text size="sm">Neutral {formatPercent(result.neutral_percentage)}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {result.total_votes} votes · {result.close_reason === 'all_voted' ? 'closed when every trader had voted' : 'closed at its closing time'} ·{' '}
          {time.format(new Date(result.closed_at))}
        </Text>
      </Stack>
    </Card>
  );
}
