import { Badge, Button, Stack } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UserProfile } from '@myeai/domain';
import { PageTabs } from '../../../components/ui/page-tabs.tsx';
import { ReferralMigrationPanel } from '../../referrals/index.ts';
import { supportKeys, useAdminSupportRequests, useSupportLiveRefresh } from '../../support/index.ts';
import { operationsKeys, useDemoMode, useFailedJobs } from '../api/operations-api.ts';
import { Analytics } from './analytics.tsx';
import { FailedOperations } from './failed-operations.tsx';
import { Mailbox } from './mailbox.tsx';
import { OperationsLog } from './operations-log.tsx';
import { Overview } from './overview.tsx';
import { SupportRequests } from './support-requests.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';

type Tab = 'overview' | 'migration' | 'analytics' | 'support' | 'log' | 'failed' | 'mailbox';

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
      <PageHeader screen="/admin-comprehensive-dashboard" subtitle={<>Overview, analytics, support requests, audit trail and failed background operations{isDemo ? ', and the demo mailbox' : ''}.</>} subtitleSize="sm">
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={isRefreshing}
          onClick={() => void Promise.all([queryClient.invalidateQueries({ queryKey: operationsKeys.all }), queryClient.invalidateQueries({ queryKey: supportKeys.all })])}
        >
          Refresh Data
        </Button>
      </PageHeader>
      <PageTabs
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'overview', label: 'Overview', panel: <Overview /> },
          { value: 'migration', label: 'Referral Migration', panel: <ReferralMigrationPanel /> },
          { value: 'analytics', label: 'Analytics', panel: <Analytics /> },
          { value: 'support', label: 'Support', rightSection: <OpenSupportCount />, panel: <SupportRequests /> },
          { value: 'log', label: 'Operations Log', panel: <OperationsLog /> },
          { value: 'failed', label: 'Failed Operations', rightSection: <FailedCount />, panel: <FailedOperations /> },
          ...(isDemo ? [{ value: 'mailbox' as const, label: 'Mailbox', panel: <Mailbox /> }] : []),
        ]}
      />
    </Stack>
  );
}
