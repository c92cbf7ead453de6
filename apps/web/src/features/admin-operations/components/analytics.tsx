import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ANALYTICS_RANGES, GOAL_REVIEW_ACTIONS, GOAL_REVIEW_LABELS, type AdminAnalytics, type AnalyticsRange } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useAdminAnalytics } from '../api/overview-api.ts';

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const TICK_INTERVAL: Record<AnalyticsRange, number> = { 7: 0, 30: 6, 90: 14 };

const REVIEW_COLORS = { approve: 'teal.8', reject: 'red.8', request_revision: 'yellow.7' } as const;

/** Approval counts (spec 3 section 2.9): goal reviews per day by their audited action. */
function GoalReviews({ data, days }: { data: AdminAnalytics['goal_reviews']; days: AnalyticsRange }) {
  const totals = GOAL_REVIEW_ACTIONS.map((action) => ({ action, count: data.reduce((sum, point) => sum + point[action], 0) }));
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="goal-reviews-title">
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} size="h4" id="goal-reviews-title">
          Goal reviews, last {days} days
        </Title>
        <Text size="sm" data-testid="analytics-reviews">
          {totals.map(({ action, count }) => `${count} ${GOAL_REVIEW_LABELS[action].toLowerCase()}`).join(' · ')}
        </Text>
      </Group>
      <BarChart
        h={200}
        data={data.map((point) => ({
          day: dayFormat.format(new Date(`${point.day}T00:00:00Z`)),
          ...Object.fromEntries(GOAL_REVIEW_ACTIONS.map((action) => [GOAL_REVIEW_LABELS[action], point[action]])),
        }))}
        dataKey="day"
        type="stacked"
        series={GOAL_REVIEW_ACTIONS.map((action) => ({ name: GOAL_REVIEW_LABELS[action], color: REVIEW_COLORS[action] }))}
        withLegend
        tickLine="y"
        xAxisProps={{ interval: TICK_INTERVAL[days] }}
        yAxisProps={{ allowDecimals: false }}
      />
    </Card>
  );
}

/** The Analytics tab: users who joined and goal reviews per day (UTC) over 7, 30 or 90 days. */
export function Analytics() {
  const [days, setDays] = useState<AnalyticsRange>(30);
  const analytics = useAdminAnalytics(days);
  const points = analytics.data?.user_growth ?? [];
  const joined = points.reduce((sum, point) => sum + point.count, 0);
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Range"
        value={String(days)}
        onChange={(value) => setDays(Number(value) as AnalyticsRange)}
        data={ANALYTICS_RANGES.map((range) => ({ value: String(range), label: `${range} days` }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {analytics.isError ? (
        <LoadError message={analytics.error.message} onRetry={() => void analytics.refetch()} />
      ) : analytics.isPending ? (
        <Skeleton h={260} aria-label="Loading analytics" />
      ) : (
        <>
          <Card withBorder padding="md" component="section" aria-labelledby="user-growth-title">
            <Group justify="space-between" align="baseline" mb="sm">
              <Title order={2} size="h4" id="user-growth-title">
                User growth, last {analytics.data.days} days
              </Title>
              <Text size="sm" data-testid="analytics-joined">
                {joined} new user{joined === 1 ? '' : 's'}
              </Text>
            </Group>
            <BarChart
              h={240}
              data={points.map((point) => ({ day: dayFormat.format(new Date(`${point.day}T00:00:00Z`)), 'New users': point.count }))}
              dataKey="day"
              series={[{ name: 'New users', color: 'blue.7' }]}
              tickLine="y"
              xAxisProps={{ interval: TICK_INTERVAL[days] }}
              yAxisProps={{ allowDecimals: false }}
            />
          </Card>
          <GoalReviews data={analytics.data.goal_reviews} days={days} />
        </>
      )}
    </Stack>
  );
}
