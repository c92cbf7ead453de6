import { Badge, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UserProfile } from '@myeai/domain';
import { ReferralMigrationPanel } from '../../referrals/index.ts';
import { supportKeys, useAdminSupportRequests, useSupportLiveRefresh } from '../../support/index.ts';
import { operationsKeys, useDemoMode, useFailedJobs } from '../api/operations-api.ts';
import { Analytics } from './analytics.tsx';
import { FailedOperations } from './failed-operations.tsx';
import { Mailbox } from './mailbox.tsx';
import { OperationsLog } from './operations-log.tsx';
import { Overview } from './overview.tsx';
import { SupportRequests } from './support-requests.tsx';

type Tab = 'overview' | 'migration' | 'analytics' | 'support' | 'log' | 'failed' | 'mailbox';
const TABS: readonly Tab[] = ['overview', 'migration', 'analytics', 'support', 'log', 'failed', 'mailbox'];

function FailedCount() {
  const failed = useFailedJobs();
  const total = failed.data?.pages[0]?.total;
  if (total === undefined) return null;
  return (
    <Badge size="sm" color={total > 0 ? 'red' : 'gray'} variant={total > 0 ? 'filled' : 'light'}>
      {total}
    </Badge>
  );
}

function OpenSupportCount() {
  const open = useAdminSupportRequests('open');
  const count = open.data?.pages[0]?.open_count;
  if (count === undefined) return null;
  return (
    <Badge size="sm" color={count > 0 ? 'violet.8' : 'gray'} variant={count > 0 ? 'filled' : 'light'}>
      {count}
    </Badge>
  );
}

/**
 * /admin-comprehensive-dashboard (spec 3 section 2.9): the tabs for which real data exists, and the
 * Referral Migration panel (the same as on /trading-admin); charts and tiles of facts not stored
 * yet (AI messages, goal approvals) come with the features that store them.
 */
export function AdminOperationsPage(_props: { user: UserProfile }) {
  const [tab, setTab] = useState<Tab>('overview');
  const isDemo = useDemoMode();
  const queryClient = useQueryClient();
  useSupportLiveRefresh();
  const isRefreshing = useIsFetching({ queryKey: operationsKeys.all }) + useIsFetching({ queryKey: supportKeys.all }) > 0;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Comprehensive Dashboard</Title>
          <Text c="dimmed" size="sm">
            Overview, analytics, support requests, audit trail and failed background operations{isDemo ? ', and the demo mailbox' : ''}.
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={isRefreshing}
          onClick={() => void Promise.all([queryClient.invalidateQueries({ queryKey: operationsKeys.all }), queryClient.invalidateQueries({ queryKey: supportKeys.all })])}
        >
          Refresh Data
        </Button>
      </Group>
      <Tabs value={tab} onChange={(value) => setTab(TABS.find((known) => known === value) ?? 'overview')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="migration">Referral Migration</Tabs.Tab>
          <Tabs.Tab value="analytics">Analytics</Tabs.Tab>
          <Tabs.Tab value="support" rightSection={<OpenSupportCount />}>
            Support
          </Tabs.Tab>
          <Tabs.Tab value="log">Operations Log</Tabs.Tab>
          <Tabs.Tab value="failed" rightSection={<FailedCount />}>
            Failed Operations
          </Tabs.Tab>
          {isDemo ? <Tabs.Tab value="mailbox">Mailbox</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <Overview />
        </Tabs.Panel>
        <Tabs.Panel value="migration" pt="md">
          <ReferralMigrationPanel />
        </Tabs.Panel>
        <Tabs.Panel value="analytics" pt="md">
          <Analytics />
        </Tabs.Panel>
        <Tabs.Panel value="support" pt="md">
          <SupportRequests />
        </Tabs.Panel>
        <Tabs.Panel value="log" pt="md">
          <OperationsLog />
        </Tabs.Panel>
        <Tabs.Panel value="failed" pt="md">
          <FailedOperations />
        </Tabs.Panel>
        {isDemo ? (
          <Tabs.Panel value="mailbox" pt="md">
            <Mailbox />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Stack>
  );
}
