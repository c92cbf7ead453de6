import { Badge, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UserProfile } from '@myeai/domain';
import { operationsKeys, useDemoMode, useFailedJobs } from '../api/operations-api.ts';
import { FailedOperations } from './failed-operations.tsx';
import { Mailbox } from './mailbox.tsx';
import { OperationsLog } from './operations-log.tsx';

type Tab = 'log' | 'failed' | 'mailbox';

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

/** /admin-comprehensive-dashboard (spec 3 section 2.9): the tabs for which real data exists. */
export function AdminOperationsPage(_props: { user: UserProfile }) {
  const [tab, setTab] = useState<Tab>('log');
  const isDemo = useDemoMode();
  const queryClient = useQueryClient();
  const isRefreshing = useIsFetching({ queryKey: operationsKeys.all }) > 0;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Comprehensive Dashboard</Title>
          <Text c="dimmed" size="sm">
            Audit trail, failed background operations{isDemo ? ' and the demo mailbox' : ''}.
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={isRefreshing}
          onClick={() => void queryClient.invalidateQueries({ queryKey: operationsKeys.all })}
        >
          Refresh Data
        </Button>
      </Group>
      <Tabs value={tab} onChange={(value) => setTab((value as Tab | null) ?? 'log')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="log">Operations Log</Tabs.Tab>
          <Tabs.Tab value="failed" rightSection={<FailedCount />}>
            Failed Operations
          </Tabs.Tab>
          {isDemo ? <Tabs.Tab value="mailbox">Mailbox</Tabs.Tab> : null}
        </Tabs.List>
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
