import { Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isAssetPicked, notPickedMessage, type TradingAlerts } from '@myeai/domain';
import { useSetFollowing, useTradingAlerts } from '../api/trading-alerts-api.ts';

type FollowControlProps = { asset: { id: string; symbol: string }; timeframe: { id: string; code: string } };

export function frequencyText(frequency: NonNullable<TradingAlerts['frequency']>): string {
  return frequency === 'immediate' ? 'an alert as soon as' : 'a daily digest (00:00 UTC) when';
}

/** Follow / Unfollow for the selected compass cell, or why it cannot be followed (decision 020). */
export function FollowControl({ asset, timeframe }: FollowControlProps) {
  const alerts = useTradingAlerts();
  const setFollowing = useSetFollowing();
  if (alerts.isPending) return <Skeleton h={36} />;
  if (alerts.isError) return null;
  const { frequency, refusal, picked_asset_ids: picks, follows } = alerts.data;
  const cellName = `${asset.symbol} ${timeframe.code}`;
  const following = follows.some((f) => f.asset.id === asset.id && f.timeframe.id === timeframe.id);

  if (refusal || frequency === null) {
    return (
      <Text size="sm" c="dimmed">
        {refusal}{' '}
        <Anchor component={Link} to="/trading-subscription" size="sm" underline="always">
          See the plans
        </Anchor>
      </Text>
    );
  }
  const toggle = (follow: boolean) =>
    setFollowing.mutate(
      { cell: { assetId: asset.id, timeframeId: timeframe.id }, follow },
      {
        onSuccess: () => notifications.show({ color: 'green', message: follow ? `Following ${cellName}` : `Stopped following ${cellName}` }),
        onError: (error) => notifications.show({ color: 'red', title: follow ? `Could not follow ${cellName}` : `Could not unfollow ${cellName}`, message: error.message }),
      },
    );
  const picked = isAssetPicked(picks, asset.id);
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="nowrap">
        {following ? (
          <Button variant="default" size="xs" leftSection={<IconBellOff size={16} aria-hidden />} loading={setFollowing.isPending} onClick={() => toggle(false)}>
            Unfollow {cellName}
          </Button>
        ) : (
          <Button size="xs" leftSection={<IconBell size={16} aria-hidden />} loading={setFollowing.isPending} disabled={!picked} onClick={() => toggle(true)}>
            Follow {cellName}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {!picked
          ? notPickedMessage(asset.symbol)
          : following
            ? `You get ${frequencyText(frequency)} a consensus on ${cellName} is confirmed or exits.`
            : `Follow to get ${frequencyText(frequency)} a consensus on ${cellName} is confirmed or exits.`}
      </Text>
    </Stack>
  );
}
