import { Button, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { findScreen, navigationFor, USER_STATUS_GROUP_LABELS, type AdminOverview } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useIsBuilt } from '../../../lib/built-screens.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useAdminOverview } from '../api/overview-api.ts';

const number = new Intl.NumberFormat('en-US');
const THIS_SCREEN = '/admin-comprehensive-dashboard';

function Tile({ id, label, value, children }: { id: string; label: string; value: string; children?: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={800} data-testid={`tile-${id}`}>
        {value}
      </Text>
      {children}
    </Card>
  );
}

function growthText(growth: AdminOverview['users']['growth']): string {
  const joined = `${number.format(growth.current)} joined in the last 30 days`;
  if (growth.percent === null) return `${joined}; none in the 30 days before`;
  const sign = growth.percent > 0 ? '+' : '';
  return `${joined} (${sign}${growth.percent}% vs the 30 days before: ${number.format(growth.previous)})`;
}

function StatusDistribution({ status }: { status: AdminOverview['user_status'] }) {
  const total = status.visitors + status.trial + status.subscribers + status.team;
  const parts = [
    { id: 'visitors', label: USER_STATUS_GROUP_LABELS.visitors, value: status.visitors, color: 'gray.5' },
    { id: 'trial', label: USER_STATUS_GROUP_LABELS.trial, value: status.trial, color: 'blue.6' },
    { id: 'subscribers', label: USER_STATUS_GROUP_LABELS.subscribers, value: status.subscribers, color: 'teal.7' },
    { id: 'team', label: USER_STATUS_GROUP_LABELS.team, value: status.team, color: 'grape.7' },
  ];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="status-title">
      <Title order={2} size="h4" id="status-title" mb="sm">
        User status distribution
      </Title>
      <Progress.Root size="xl" aria-hidden>
        {parts.map((part) => (total > 0 && part.value > 0 ? <Progress.Section key={part.id} value={(part.value / total) * 100} color={part.color} /> : null))}
      </Progress.Root>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mt="sm">
        {parts.map((part) => (
          <div key={part.id}>
            <Text fw={800} size="lg" data-testid={`tile-status-${part.id}`}>
              {number.format(part.value)}
            </Text>
            <Text size="sm">{part.label}</Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}

function QuickActions() {
  const isBuilt = useIsBuilt();
  // The built admin-only screens of the sidebar (any section: System Command sits under trading).
  const items = navigationFor({ activeRole: 'admin' }, isBuilt)
    .flatMap((group) => group.items)
    .filter((item) => item.path !== THIS_SCREEN && findScreen(item.path)?.access === 'admin');
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="quick-actions-title">
      <Title order={2} size="h4" id="quick-actions-title" mb="sm">
        Quick actions
      </Title>
      <Group gap="xs">
        {items.map((item) => (
          <Button key={item.path} component={Link} to={item.path} variant="light" size="sm">
            {item.label}
          </Button>
        ))}
      </Group>
    </Card>
  );
}

function Performance({ performance }: { performance: AdminOverview['performance'] }) {
  const rows = [
    { id: 'jobs-succeeded', label: 'Background jobs completed', value: performance.jobs_succeeded },
    { id: 'jobs-failed', label: 'Background jobs failed', value: performance.jobs_failed },
    { id: 'emails-sent', label: 'E-mails sent', value: performance.emails_sent },
    { id: 'emails-failed', label: 'E-mails failed', value: performance.emails_failed },
    { id: 'sign-ins-today', label: 'Sign-ins today (since 00:00 UTC)', value: performance.sign_ins_today },
  ];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="performance-title">
      <Title order={2} size="h4" id="performance-title">
        Performance summary
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        Last {performance.window_hours} hours, from the database (every app server counted).
      </Text>
      <Table verticalSpacing={6} aria-labelledby="performance-title">
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Th scope="row" fw={400}>
                {row.label}
              </Table.Th>
              <Table.Td ta="right" fw={700} data-testid={`tile-${row.id}`}>
                {number.format(row.value)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** The Overview tab: every figure counted by the server from stored rows (GET /api/admin/overview). */
export function Overview() {
  const overview = useAdminOverview();
  if (overview.isError) return <LoadError message={overview.error.message} onRetry={() => void overview.refetch()} />;
  if (overview.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} aria-label="Loading the overview" aria-busy>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={110} />
        ))}
      </SimpleGrid>
    );
  }
  const data = overview.data;
  const rate = data.email.delivery_rate_percent;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Tile id="total-users" label="Total users" value={number.format(data.users.total)}>
          <Text size="xs" c="dimmed" data-testid="tile-growth">
            {growthText(data.users.growth)}
          </Text>
        </Tile>
        <Tile id="pending-goals" label="Pending goals" value={`${number.format(data.goals.pending)} of ${number.format(data.goals.total)}`}>
          <Text size="xs" c="dimmed">
            Goals waiting for a review, of all goals set
          </Text>
        </Tile>
        <Tile id="ai-messages-today" label="AI messages generated today" value={number.format(data.ai_messages_today)}>
          <Text size="xs" c="dimmed">
            Goal messages asked of the AI writer since 00:00 UTC, by every admin
          </Text>
        </Tile>
        <Tile id="delivery-rate" label="E-mail delivery rate" value={rate === null ? 'No e-mail settled yet' : `${rate}%`}>
          <Text size="xs" c="dimmed" data-testid="tile-email-counts">
            {number.format(data.email.sent)} sent · {number.format(data.email.failed)} failed · {number.format(data.email.queued)} queued
          </Text>
        </Tile>
      </SimpleGrid>
      <StatusDistribution status={data.user_status} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Performance performance={data.performance} />
        <QuickActions />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Counted at {formatDateTime(data.generated_at)}. Refresh Data counts again.
      </Text>
    </Stack>
  );
}
