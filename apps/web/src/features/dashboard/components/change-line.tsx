import { Group, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import type { DashboardStats } from '@myeai/domain';
import { formatPercent } from '../../../lib/percent.ts';
import { formatDayRange, WHOLE_PERCENT } from '../format.ts';

type Change = DashboardStats['total_commissions_change'];

/** "+50% vs last month", computed by the server; the exact days compared are in the tooltip text. */
export function ChangeLine({ change, comparison, what }: { change: Change; comparison: DashboardStats['comparison']; what: string }) {
  const days = `${formatDayRange(comparison.current)} vs ${formatDayRange(comparison.previous)}`;
  if (change.percent === null) {
    return (
      <Text size="xs" c="teal.9" fw={600} title={`${what}, ${days}`}>
        Up from none at this point last month
      </Text>
    );
  }
  const isUp = change.percent > 0;
  const isDown = change.percent < 0;
  const Icon = isUp ? IconArrowUpRight : isDown ? IconArrowDownRight : IconArrowRight;
  const color = isUp ? 'teal.9' : isDown ? 'red.9' : 'gray.7';
  const sign = isUp ? '+' : '';
  return (
    <Group gap={4} wrap="nowrap" title={`${what}, ${days}`}>
      <Icon size={14} aria-hidden color={`var(--mantine-color-${color.replace('.', '-')})`} />
      <Text size="xs" c={color} fw={600}>
        {sign}
        {formatPercent(change.percent, WHOLE_PERCENT)} vs last month
      </Text>
    </Group>
  );
}
