import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Badge, Button, Card, Container, Grid, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { adminDaysLeftColor, type TrialAnalytics } from '@myeai/domain';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { PersonCell } from '../../../components/ui/person-cell.tsx';
import { StatTiles } from '../../../components/ui/stat-tiles.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { formatPercent } from '../../../lib/percent.ts';
import { useTrialAnalytics } from '../api/trial-analytics-api.ts';
import { ExpireTrialsButton, ExtendTrialModal } from './trial-actions.tsx';
import { ScreenTitle } from '../../../components/ui/screen-title.tsx';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function Overview({ overview }: { overview: TrialAnalytics['overview'] }) {
  const figures = [
    { label: 'Total trials', value: overview.total_trials },
    { label: 'Active trials', value: overview.active_trials },
    { label: 'Converted users', value: overview.converted_users },
    { label: 'Expired trials', value: overview.expired_trials },
    { label: 'Conversion rate', value: formatPercent(overview.conversion_rate) },
  ];
  return <StatTiles figures={figures.map((figure) => ({ ...figure, testId: `figure-${figure.label}` }))} cols={{ base: 2, sm: 3, lg: 5 }} />;
}

function Charts({ data }: { data: TrialAnalytics }) {
  const { high, medium, low } = data.engagement_breakdown;
  const total = high + medium + low;
  const engagement = [
    { name: 'High', value: high, color: 'teal.7' },
    { name: 'Medium', value: medium, color: 'orange.6' },
    { name: 'Low', value: low, color: 'gray.6' },
  ].filter((slice) => slice.value > 0);
  const daily = data.daily.map((d) => ({ day: dayFormat.format(new Date(`${d.date}T00:00:00Z`)), Started: d.started, Converted: d.converted }));
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 4 }}>
      <Card withBorder padding="md" h="100%">
        <Title order={2} size="h4" mb="sm">
          Engagement breakdown
        </Title>
        {total === 0 ? (
          <Text c="dimmed" size="sm">
            No trials yet.
          </Text>
        ) : (
          <Group justify="center">
            <DonutChart data={engagement} withTooltip={false} size={150} thickness={26} chartLabel={`${total} trial${total === 1 ? '' : 's'}`} />
          </Group>
        )}
        <Text size="sm" mt="sm">
          High {high} · Medium {medium} · Low {low}
        </Text>
      </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
      <Card withBorder padding="md" h="100%">
        <Title order={2} size="h4" mb="sm">
          Trials started and converted, last 30 days
        </Title>
        <BarChart
          h={200}
          data={daily}
          dataKey="day"
          series={[
            { name: 'Started', color: 'blue.7' },
            { name: 'Converted', color: 'teal.7' },
          ]}
          tickLine="y"
          withLegend
          xAxisProps={{ interval: 6 }}
          yAxisProps={{ allowDecimals: false }}
        />
      </Card>
      </Grid.Col>
    </Grid>
  );
}

function RecentTrials({ trials, onExtend }: { trials: TrialAnalytics['recent_trials']; onExtend: (trial: { id: string; name: string }) => void }) {
  if (trials.length === 0) return <Text c="dimmed">No trials have started yet.</Text>;
  return (
    <DataTable
      rows={trials}
      rowKey={(trial) => trial.id}
      scroll={{ minWidth: 640 }}
      table={{ verticalSpacing: 'sm', striped: true }}
      columns={[
        { key: 'user', header: 'User', cell: (trial) => <PersonCell name={trial.name} detail={trial.email} fw={600} /> },
        { key: 'ends', header: 'Trial ends', cell: (trial) => dateFormat.format(new Date(trial.trial_ends_at)) },
        {
          key: 'left',
          header: 'Days left',
          cell: (trial) => (
            <Badge color={adminDaysLeftColor(trial.days_left)} variant="dot" data-testid="days-left" data-color={adminDaysLeftColor(trial.days_left)}>
              {trial.days_left} day{trial.days_left === 1 ? '' : 's'}
            </Badge>
          ),
        },
        { key: 'status', header: 'Status', cell: (trial) => trial.status.charAt(0).toUpperCase() + trial.status.slice(1) },
        {
          key: 'actions',
          header: <VisuallyHidden>Actions</VisuallyHidden>,
          cell: (trial) =>
            trial.status !== 'converted' && (
              <Button size="xs" variant="light" onClick={() => onExtend({ id: trial.id, name: trial.name })} aria-label={`Extend the trial of ${trial.name}`}>
                Extend
              </Button>
            ),
        },
      ]}
    />
  );
}

/** Admin Trial Analytics (spec 3 section 2.7). */
export function AdminTrialAnalyticsPage() {
  const analytics = useTrialAnalytics();
  const [extending, setExtending] = useState<{ id: string; name: string } | null>(null);
  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <Group justify="space-between">
          <div>
            <ScreenTitle screen="/admin-trial-analytics" />
            <Text c="dimmed">Newcomer trials, their engagement and conversions, from stored data.</Text>
          </div>
          <ExpireTrialsButton />
        </Group>
        {analytics.isError ? (
          <LoadError message={analytics.error.message} onRetry={() => void analytics.refetch()} />
        ) : !analytics.data ? (
          <Skeleton h={320} />
        ) : (
          <>
            <Overview overview={analytics.data.overview} />
            <Charts data={analytics.data} />
            <Card withBorder padding="md">
              <Title order={2} size="h4" mb="sm">
                Recent trials
              </Title>
              <RecentTrials trials={analytics.data.recent_trials} onExtend={setExtending} />
            </Card>
          </>
        )}
      </Stack>
      <ExtendTrialModal trial={extending} onClose={() => setExtending(null)} />
    </Container>
  );
}
