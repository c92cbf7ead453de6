import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Badge, Card, Grid, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { FlowChart, FlowFeedItem, FlowRange, UserProfile } from '@myeai/domain';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { StatTiles } from '../../../components/ui/stat-tiles.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useLiveStatus } from '../../../lib/live-channel.tsx';
import { formatPercent } from '../../../lib/percent.ts';
import { useDetailedWindows, useFlowChart, useFlowFeed } from '../api/trading-admin-api.ts';
import { formatTime, formatWhen, liveBadge } from '../format.ts';
import { useTradingAdminLiveRefresh } from '../hooks/use-trading-admin-live.ts';
import { TradingDisclaimer } from './trading-admin-page.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';

type View = 'hierarchy' | 'activity';
const TIERS = [
  { key: 'lead', title: 'Lead' },
  { key: 'senior', title: 'Senior' },
  { key: 'regular', title: 'Regular' },
] as const;
const BIAS_COLORS = { long: 'green', short: 'red', neutral: 'orange' } as const;

function TraderNode({ trader }: { trader: FlowChart['hierarchy']['lead'][number] }) {
  const active = trader.status === 'active';
  return (
    <Paper withBorder p="xs" radius="md" miw={150}>
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text size="sm" fw={600}>
          {trader.email_local}
        </Text>
        <Badge size="xs" variant="dot" color={active ? 'green' : 'gray'}>
          {active ? 'Active' : 'Idle'}
        </Badge>
      </Group>
      <Text size="xs">Weight {formatPercent(trader.weight)}</Text>
      <Text size="xs" c="dimmed">
        {trader.votes_in_range} votes · agreement with consensus {formatPercent(trader.accuracy)}
      </Text>
      <Text size="xs" c="dimmed">
        Last seen {formatWhen(trader.last_seen_at)}
      </Text>
    </Paper>
  );
}

function Hierarchy({ flow }: { flow: FlowChart }) {
  return (
    <Stack gap="md">
      {TIERS.map((tier) => (
        <div key={tier.key}>
          <Title order={2} size="h5" mb={6}>
            {tier.title} ({flow.hierarchy[tier.key].length})
          </Title>
          {flow.hierarchy[tier.key].length === 0 ? (
            <Text size="sm" c="dimmed">
              No {tier.title.toLowerCase()} trader in the pool.
            </Text>
          ) : (
            <Group gap="xs" align="stretch">
              {flow.hierarchy[tier.key].map((trader) => (
                <TraderNode key={trader.user_id} trader={trader} />
              ))}
            </Group>
          )}
        </div>
      ))}
      <Text size="xs" c="dimmed">
        Active: seen within the last hour; idle otherwise.
      </Text>
    </Stack>
  );
}

const hourLabel = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' });
const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

function Activity({ flow }: { flow: FlowChart }) {
  const figures = [
    { label: 'Windows opened', value: flow.activity.windows_opened },
    { label: 'Votes cast', value: flow.activity.votes_cast },
    { label: 'Consensus confirmed', value: flow.activity.consensus_confirmed },
    { label: 'Consensus exits', value: flow.activity.consensus_exits },
  ];
  const format = flow.range === '24h' ? hourLabel : dayLabel;
  const data = flow.activity.buckets.map((bucket) => ({ period: format.format(new Date(bucket.start)), Windows: bucket.windows_opened, Votes: bucket.votes_cast }));
  return (
    <Stack gap="md">
      <StatTiles figures={figures} cols={{ base: 2, sm: 4 }} compact />
      <BarChart
        h={220}
        data={data}
        dataKey="period"
        series={[
          { name: 'Votes', color: 'blue.7' },
          { name: 'Windows', color: 'grape.7' },
        ]}
        tickLine="y"
        withLegend
        aria-label={`Windows opened and votes cast per ${flow.range === '24h' ? 'hour' : 'day'}`}
      />
    </Stack>
  );
}

function feedText(item: FlowFeedItem): string {
  const where = `${item.payload.asset_symbol} ${item.payload.timeframe_code}`;
  if (item.kind === 'position_initiated') return `Window opened on ${where}, closes ${formatTime(item.payload.closes_at)}`;
  if (item.kind === 'vote_update_admin') {
    const voter = item.payload.voter;
    return `${voter.trader_email_local} (${formatPercent(voter.weight)}) voted ${voter.bias.toUpperCase()} at ${voter.confidence}% confidence on ${where}: ${item.payload.total_votes}/${item.payload.pool_size}`;
  }
  const result = item.payload.consensus_reached ? `${item.payload.final_bias?.toUpperCase()} confirmed at ${formatPercent(item.payload.consensus_percentage ?? 0)}` : 'no consensus';
  return `${where} closed with ${item.payload.total_votes} votes: ${result}`;
}

function LiveFeed() {
  const feed = useFlowFeed();
  return (
    <Card withBorder padding="md" h="100%">
      <Title order={2} size="h4" mb="sm">
        Live feed
      </Title>
      {feed.isError ? (
        <LoadError message={feed.error.message} onRetry={() => void feed.refetch()} />
      ) : feed.isPending ? (
        <Text c="dimmed">Loading…</Text>
      ) : feed.data.events.length === 0 ? (
        <Text c="dimmed" size="sm">
          No voting activity yet.
        </Text>
      ) : (
        <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Latest 20 voting events">
          {feed.data.events.map((item) => (
            <li key={item.id}>
              <Text size="xs" c="dimmed">
                {formatTime(item.created_at)}
              </Text>
              <Text size="sm">{feedText(item)}</Text>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function RecentWindows() {
  const windows = useDetailedWindows();
  if (windows.isError) return <LoadError message={windows.error.message} onRetry={() => void windows.refetch()} />;
  if (windows.isPending) return <Text c="dimmed">Loading recent windows…</Text>;
  if (windows.data.windows.length === 0) return <Text c="dimmed">No entry window yet.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      {windows.data.windows.map((window) => (
        <Card key={window.window_id} withBorder padding="md">
          <Group justify="space-between" mb={4}>
            <Text fw={700}>
              {window.asset_symbol} {window.timeframe_name}
            </Text>
            <Badge color={window.status === 'open' ? 'blue' : 'gray'} variant="dot">
              {window.status === 'open' ? 'Open' : 'Closed'}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            Opened {formatWhen(window.opened_at)} by {window.opened_by_email_local ?? 'unknown'} · {window.total_votes}/{window.pool_size} voted
            {window.missing_traders > 0 ? `, ${window.missing_traders} missing` : ''}
          </Text>
          <Text size="sm" my={6}>
            Long {formatPercent(window.long_percentage)} · Short {formatPercent(window.short_percentage)} · Neutral {formatPercent(window.neutral_percentage)}
            {window.status === 'closed' ? ` · ${window.consensus_reached ? `${window.final_consensus?.toUpperCase()} confirmed` : 'no consensus'}` : ''}
          </Text>
          {window.voter_details.length > 0 && (
            <DataTable
              rows={window.voter_details}
              rowKey={(voter) => voter.trader_id}
              scroll={{ minWidth: 420 }}
              table={{ verticalSpacing: 2, fz: 'xs', 'aria-label': `Votes on ${window.asset_symbol} ${window.timeframe_name}` }}
              columns={[
                { key: 'trader', header: 'Trader', cell: (voter) => voter.trader_email_local },
                { key: 'weight', header: 'Weight', cell: (voter) => formatPercent(voter.weight) },
                {
                  key: 'bias',
                  header: 'Bias',
                  cell: (voter) => (
                    <Badge size="xs" variant="dot" color={BIAS_COLORS[voter.bias]}>
                      {voter.bias}
                    </Badge>
                  ),
                },
                { key: 'confidence', header: 'Confidence', cell: (voter) => `${voter.confidence}%` },
              ]}
            />
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** /admin-flow-chart (spec 3 section 2.8): admins see e-mail local parts and weights; nobody else reaches it. */
export function AdminFlowChartPage(_props: { user: UserProfile }) {
  const [view, setView] = useState<View>('hierarchy');
  const [range, setRange] = useState<FlowRange>('24h');
  const flow = useFlowChart(range);
  const live = useLiveStatus();
  useTradingAdminLiveRefresh();
  return (
    <Stack gap="lg">
      <PageHeader screen="/admin-flow-chart" subtitle="The trader pool, its voting activity and the latest entry windows.">
        <Badge color={liveBadge(live).color} variant="dot">
          {liveBadge(live).label}
        </Badge>
      </PageHeader>
      <Group gap="md">
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(value) => setView(value as View)}
          data={[
            { value: 'hierarchy', label: 'Hierarchy' },
            { value: 'activity', label: 'Activity' },
          ]}
        />
        <SegmentedControl aria-label="Time range" value={range} onChange={(value) => setRange(value as FlowRange)} data={['24h', '7d', '30d']} />
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card withBorder padding="md">
            {flow.isError ? (
              <LoadError message={flow.error.message} onRetry={() => void flow.refetch()} />
            ) : flow.isPending ? (
              <Text c="dimmed">Loading…</Text>
            ) : view === 'hierarchy' ? (
              <Hierarchy flow={flow.data} />
            ) : (
              <Activity flow={flow.data} />
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <LiveFeed />
        </Grid.Col>
      </Grid>
      <Title order={2} size="h3">
        Recent voting windows
      </Title>
      <RecentWindows />
      <TradingDisclaimer />
    </Stack>
  );
}
