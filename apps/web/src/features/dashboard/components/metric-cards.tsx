import { Anchor, Card, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDollarsAndCents, type DashboardStats } from '@myeai/domain';
import { TextSkeleton } from '../../../components/ui/text-skeleton.tsx';
import { formatPercent } from '../../../lib/percent.ts';
import { formatDay, WHOLE_PERCENT } from '../format.ts';
import { ChangeLine } from './change-line.tsx';

const VALUE_TEXT = { fw: 700, fz: 28, lh: 1.3 } as const;

function MetricCardFrame({ label, value, children }: { label: string; value: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value}
      <Stack gap={2} mt={4}>
        {children}
      </Stack>
    </Card>
  );
}

function MetricCard({ label, value, children }: { label: string; value: ReactNode; children: ReactNode }) {
  return (
    <MetricCardFrame label={label} value={<Text {...VALUE_TEXT}>{value}</Text>}>
      {children}
    </MetricCardFrame>
  );
}

/** `goalPath`: where this role sets a goal (goalSettingPath), never a screen that is not built. */
function TargetCard({ target, goalPath }: { target: DashboardStats['target_progress']; goalPath: string }) {
  if (!target) {
    return (
      <MetricCard label="Monthly target" value="No target">
        <Text size="xs" c="dimmed">
          You have no approved monetary goal running this month.
        </Text>
        <Anchor component={Link} to={goalPath} size="xs" underline="always">
          Set a purpose goal
        </Anchor>
      </MetricCard>
    );
  }
  return (
    <MetricCard label="Monthly target" value={formatPercent(target.progress_percent, WHOLE_PERCENT)}>
      <Progress value={target.progress_percent} color={target.is_reached ? 'teal' : 'blue'} aria-label={`Monthly target progress ${formatPercent(target.progress_percent, WHOLE_PERCENT)}`} />
      <Text size="xs" c="dimmed">
        {formatDollarsAndCents(target.current_cents)} of {formatDollarsAndCents(target.target_cents)} · {target.title} (due {formatDay(target.deadline)})
      </Text>
    </MetricCard>
  );
}

/** The cards' labels and their number of small lines below the figure, as most users' cards have them. */
const PLACEHOLDER_CARDS = [
  { label: 'Total commissions', lines: 2 },
  { label: 'Pending payouts', lines: 2 },
  { label: 'Active leads', lines: 3 },
  { label: 'Monthly target', lines: 2 },
];

/** The four cards while the figures load, built like the loaded cards so that these take their place without moving the page. */
export function MetricCardsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm" component="section" aria-label="Your figures" aria-busy="true">
      {PLACEHOLDER_CARDS.map((card) => (
        <MetricCardFrame key={card.label} label={card.label} value={<TextSkeleton width="45%" {...VALUE_TEXT} />}>
          {Array.from({ length: card.lines }, (_, i) => (
            <TextSkeleton key={i} width={i % 2 === 0 ? '85%' : '60%'} size="xs" />
          ))}
        </MetricCardFrame>
      ))}
    </SimpleGrid>
  );
}

/** The four cards of the Business Hub (spec 1 section 2.4), whole dollars. */
export function MetricCards({ stats, goalPath }: { stats: DashboardStats; goalPath: string }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm" component="section" aria-label="Your figures">
      <MetricCard label="Total commissions" value={formatDollarsAndCents(stats.total_commissions_cents)}>
        <ChangeLine change={stats.total_commissions_change} comparison={stats.comparison} what="Commissions earned" />
        <Text size="xs" c="dimmed">
          {formatDollarsAndCents(stats.total_commissions_change.current)} earned this month
        </Text>
      </MetricCard>
      <MetricCard label="Pending payouts" value={formatDollarsAndCents(stats.pending_payouts_cents)}>
        <Text size="xs" c="dimmed">
          {stats.pending_payouts_note}
        </Text>
        <Text size="xs" c="dimmed">
          {stats.pending_payouts_count} {stats.pending_payouts_count === 1 ? 'commission' : 'commissions'} awaiting payout
        </Text>
      </MetricCard>
      <MetricCard label="Active leads" value={stats.active_leads}>
        <Text size="xs" c="dimmed">
          Conversion rate {formatPercent(stats.conversion_rate, WHOLE_PERCENT)} ({stats.leads_by_stage.closed} of {stats.total_leads} closed)
        </Text>
        <ChangeLine change={stats.active_leads_change} comparison={stats.comparison} what="New leads added" />
        <Text size="xs" c="dimmed">
          {stats.active_leads_change.current} new this month
        </Text>
      </MetricCard>
      <TargetCard target={stats.target_progress} goalPath={goalPath} />
    </SimpleGrid>
  );
}
