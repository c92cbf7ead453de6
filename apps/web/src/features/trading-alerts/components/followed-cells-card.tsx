import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSetFollowing, useTradingAlerts } from '../api/trading-alerts-api.ts';
import { frequencyText } from './follow-control.tsx';

/** The cells the user follows, with a way to stop each; hidden for users who follow nothing and may not. */
export function FollowedCellsCard() {
  const alerts = useTradingAlerts();
  const setFollowing = useSetFollowing();
  if (!alerts.data) return null;
  const { frequency, follows } = alerts.data;
  if (frequency === null && follows.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="trading-alerts-title">
      <Title order={2} size="h4" id="trading-alerts-title" mb={4}>
        Your trading alerts
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {frequency === null
          ? 'Your plan sends no alerts now; the cells stay listed until you unfollow them.'
          : `You get ${frequencyText(frequency)} a consensus on a followed cell is confirmed or exits. Choose how in the notification settings.`}
      </Text>
      {follows.length === 0 ? (
        <Text size="sm">You follow no cell yet: select a cell in the grid and choose Follow.</Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {follows.map((follow) => {
            const name = `${follow.asset.symbol} ${follow.timeframe.code}`;
            return (
              <Group key={`${follow.asset.id}:${follow.timeframe.id}`} component="li" justify="space-between" wrap="nowrap">
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {name}
                  </Text>
                  {follow.paused_reason && (
                    <Text size="xs" c="dimmed">
                      {follow.paused_reason}
                    </Text>
                  )}
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  {!follow.alerting && (
                    <Badge color="gray" variant="light">
                      Paused
                    </Badge>
                  )}
                  <Button
                    variant="subtle"
                    size="xs"
                    aria-label={`Unfollow ${name}`}
                    onClick={() =>
                      setFollowing.mutate(
                        { cell: { assetId: follow.asset.id, timeframeId: follow.timeframe.id }, follow: false },
                        { onError: (error) => notifications.show({ color: 'red', title: `Could not unfollow ${name}`, message: error.message }) },
                      )
                    }
                  >
                    Unfollow
                  </Button>
                </Group>
              </Group>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
