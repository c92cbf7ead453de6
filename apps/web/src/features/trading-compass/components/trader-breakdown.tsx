import { Anchor, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { featureUnlocksOnDayMessage, type CompassAccessInfo, type TierGroup } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { forbiddenMessage } from '../../../lib/api-client.ts';
import { formatPercent } from '../../../lib/percent.ts';
import { useTraderBreakdown } from '../api/compass-api.ts';

function GroupRow({ group }: { group: TierGroup }) {
  const split = `Long ${formatPercent(group.long_percentage)}, Short ${formatPercent(group.short_percentage)}, Neutral ${formatPercent(group.neutral_percentage)}`;
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={700}>
          {group.label}
        </Text>
        <Text size="xs" c="dimmed">
          {group.voter_count} traders · {formatPercent(group.weight_percentage)} of the weight
        </Text>
      </Group>
      {/* The split is said in the text below; the bar only draws it. */}
      <Progress.Root size="lg" aria-hidden>
        <Progress.Section value={group.long_percentage} color="green.7" />
        <Progress.Section value={group.short_percentage} color="red.7" />
        <Progress.Section value={group.neutral_percentage} color="orange.6" />
      </Progress.Root>
      <Text size="xs">{split}</Text>
    </Stack>
  );
}

/**
 * The trader breakdown of the pair's last closed window (DESIGN.md decision 36): weighted shares
 * per tier, a tier of fewer than 3 traders merged into the next, never a name. Plans without it
 * see what opens it.
 */
export function TraderBreakdownSection({ assetId, timeframeId, access }: { assetId: string; timeframeId: string; access: CompassAccessInfo }) {
  const breakdown = useTraderBreakdown(assetId, timeframeId, access.trader_breakdown);
  const heading = (
    <Title order={3} size="h5">
      Trader breakdown
    </Title>
  );
  if (!access.trader_breakdown) {
    return (
      <Stack gap={4}>
        {heading}
        <Text size="sm" c="dimmed">
          {access.level === 'trial' ? featureUnlocksOnDayMessage('trader_breakdown') : 'How each trader tier voted comes with the 4 Weeks plan and longer plans.'}{' '}
          <Anchor component={Link} to="/trading-subscription" size="sm" underline="always">
            Compare plans
          </Anchor>
        </Text>
      </Stack>
    );
  }
  const refused = forbiddenMessage(breakdown.error);
  return (
    <Stack gap="xs">
      {heading}
      {breakdown.isPending && <Skeleton h={60} />}
      {refused && (
        <Text size="sm" c="dimmed">
          {refused}
        </Text>
      )}
      {breakdown.isError && !refused && <LoadError message={breakdown.error.message} onRetry={() => void breakdown.refetch()} />}
      {breakdown.data &&
        (breakdown.data.window === null ? (
          <Text size="sm" c="dimmed">
            No closed window with votes yet on this pair.
          </Text>
        ) : (
          <>
            <Text size="xs" c="dimmed">
              Last closed window, {breakdown.data.window.total_votes} votes, by tier (Lead, Senior, Regular; a tier of fewer than 3 traders is shown with the next one).
            </Text>
            {breakdown.data.groups.map((group) => (
              <GroupRow key={group.label} group={group} />
            ))}
          </>
        ))}
    </Stack>
  );
}
