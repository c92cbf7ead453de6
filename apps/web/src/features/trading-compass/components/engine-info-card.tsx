import { Card, List, Text, Title } from '@mantine/core';
import { ELITE_POOL, type SentimentGrid } from '@myeai/domain';
import { useLiveStatus } from '../../../lib/live-channel.tsx';
import type { LiveSocketStatus } from '../../../lib/live-socket.ts';

// A first connection is not a reconnection: only a socket that dropped or gave up is; until the
// socket is open the grid polls every 60 s (useLiveFallbackInterval).
const REAL_TIME_TEXT: Record<LiveSocketStatus, string> = {
  open: 'the grid changes on this page as votes arrive and windows close; each cell says how long ago its window closed.',
  connecting: 'connecting; meanwhile the grid refreshes every 60 seconds.',
  down: 'reconnecting; meanwhile the grid refreshes every 60 seconds.',
  closed: 'reconnecting; meanwhile the grid refreshes every 60 seconds.',
};

/** How the consensus is made (spec 3 section 2.1): 13 professionals, the stored thresholds, live updates, anonymity. */
export function EngineInfoCard({ thresholds, delayMinutes }: { thresholds: SentimentGrid['thresholds']; delayMinutes: number }) {
  const status = useLiveStatus();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="engine-info-title">
      <Title order={2} size="h4" id="engine-info-title" mb="sm">
        Consensus Engine
      </Title>
      <List spacing="xs" size="sm">
        <List.Item>
          <strong>{ELITE_POOL.size} Professionals</strong>: a vetted pool ({ELITE_POOL.lead} lead, {ELITE_POOL.senior} senior, {ELITE_POOL.regular} regular) votes long, short or neutral in each entry window, weighted by seniority.
        </List.Item>
        <List.Item>
          <strong>≥{thresholds.confirmation_percentage}% Agreement</strong>: a bias is confirmed when its weighted share reaches {thresholds.confirmation_percentage}%, and stays confirmed until it falls
          below {thresholds.exit_percentage}% (thresholds set by the administrators).
        </List.Item>
        <List.Item>
          {delayMinutes > 0 ? (
            // A delayed view is not real time, whatever the socket does: say what it is.
            <>
              <strong>Delayed view</strong>: your grid shows the consensus as it stood {delayMinutes / 60} hours ago; it moves on as that time passes.
            </>
          ) : (
            <>
              <strong>Real-time updates</strong>: {REAL_TIME_TEXT[status]}
            </>
          )}
        </List.Item>
        <List.Item>
          <strong>Anonymous</strong>: no trader is ever named. The grid shows the aggregated consensus; the trader breakdown (4 Weeks plan and longer) shows a closed window&apos;s votes as
          weighted shares per tier, a tier of fewer than 3 traders merged into the next, so no single trader&apos;s vote can be read off.
        </List.Item>
      </List>
      <Text size="xs" c="dimmed" mt="sm">
        Colours: green long, red short, orange neutral, grey no consensus or no votes. An open window shows its vote count only, outlined, until it closes.
      </Text>
    </Card>
  );
}
