import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Button, Card, Group, Loader, NativeSelect, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { LEARNING_ANALYTICS_DAYS } from '@myeai/domain';
import { useLearningAnalytics, useModuleAnalytics } from '../api/learning-admin-api.ts';

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);

function ModuleChart({ moduleId }: { moduleId: string }) {
  const [days, setDays] = useState<number>(30);
  const analytics = useModuleAnalytics(moduleId, days);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>Learners per day</Text>
          <SegmentedControl
            size="xs"
            value={String(days)}
            onChange={(value) => setDays(Number(value))}
            data={LEARNING_ANALYTICS_DAYS.map((value) => ({ value: String(value), label: `${value} days` }))}
            aria-label="Chart period"
          />
        </Group>
        {analytics.isPending ? (
          <Loader size="sm" aria-label="Loading chart" />
        ) : analytics.isError ? (
          <Alert color="red" title="Could not load the chart">
            <Button size="xs" variant="light" onClick={() => void analytics.refetch()}>
              Try Again
            </Button>
          </Alert>
        ) : (
          <>
            <BarChart
              h={220}
              data={analytics.data.series.map((point) => ({ ...point, date: point.date.slice(5) }))}
              dataKey="date"
              series={[
                { name: 'started', label: 'Started', color: 'blue.6' },
                { name: 'completed', label: 'Completed', color: 'teal.6' },
              ]}
              withLegend
              tickLine="y"
              aria-label={`Learners who started and completed ${analytics.data.title}, per day, last ${days} days`}
            />
            <Text size="xs" c="dimmed">
              Days in UTC. Started: learners who opened the module that day; completed: learners who reached 90% that day.
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The admin-only Analytics view (issue 20 item 4): per module, learners who started and completed
 * it, the completion rate, the average watched percent, and a chart over time. Every figure is
 * computed by the server from stored progress. Mounted on /admin-passion-content and in the hub.
 */
export function LearningAnalyticsPanel() {
  const analytics = useLearningAnalytics();
  const [selected, setSelected] = useState<string | null>(null);
  if (analytics.isPending) return <Loader aria-label="Loading analytics" />;
  if (analytics.isError)
    return (
      <Alert color="red" title="Could not load learning analytics">
        <Button size="xs" variant="light" onClick={() => void analytics.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  const modules = analytics.data;
  if (modules.length === 0) return <Text c="dimmed">No modules yet: analytics appear once modules exist and learners start them.</Text>;
  const current = selected ?? modules[0]!.module_id;
  const started = modules.reduce((sum, row) => sum + row.learners_started, 0);
  const completed = modules.reduce((sum, row) => sum + row.learners_completed, 0);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed">Module starts</Text>
          <Text fw={700} size="xl">{started}</Text>
        </Card>
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed">Completions</Text>
          <Text fw={700} size="xl">{completed}</Text>
        </Card>
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed">Overall completion rate</Text>
          <Text fw={700} size="xl">{started > 0 ? `${Math.round((completed / started) * 100)}%` : '—'}</Text>
        </Card>
      </SimpleGrid>
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover aria-label="Learning analytics per module">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Module</Table.Th>
              <Table.Th ta="right">Started</Table.Th>
              <Table.Th ta="right">Completed</Table.Th>
              <Table.Th ta="right">Completion rate</Table.Th>
              <Table.Th ta="right">Avg. watched</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {modules.map((row) => (
              <Table.Tr key={row.module_id}>
                <Table.Td>
                  {row.title}
                  {!row.is_active && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      (inactive)
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{row.learners_started}</Table.Td>
                <Table.Td ta="right">{row.learners_completed}</Table.Td>
                <Table.Td ta="right">{percent(row.completion_rate_percent)}</Table.Td>
                <Table.Td ta="right">{percent(row.average_watched_percent)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <NativeSelect
        label="Chart for module"
        value={current}
        onChange={(event) => setSelected(event.currentTarget.value)}
        data={modules.map((row) => ({ value: row.module_id, label: row.title }))}
        maw={420}
      />
      <ModuleChart key={current} moduleId={current} />
    </Stack>
  );
}
