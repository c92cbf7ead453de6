import { Badge, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UserProfile } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { CreateCellDialog } from '../../network-manager/index.ts';
import { commissionManagementKeys, useCommissionConfig, useCommissionOverview } from '../api/commission-management-api.ts';
import { CellsTab } from './cells-tab.tsx';
import { ConfigurationForm } from './configuration-tab.tsx';
import { ElitePoolDialog } from './elite-pool-dialog.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { RevenueRunsTab } from './revenue-runs-tab.tsx';
import { ScreenTitle } from '../../../components/ui/screen-title.tsx';

type Tab = 'overview' | 'cells' | 'runs' | 'configuration';

/** /commission-management (spec 3 section 2.10, admin): overview, cells and the configuration of the payout engine. */
export function CommissionManagementPage(_props: { user: UserProfile }) {
  const [tab, setTab] = useState<Tab>('overview');
  const [eliteOpen, setEliteOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const queryClient = useQueryClient();
  const config = useCommissionConfig();
  const overview = useCommissionOverview();
  const failed = config.isError || overview.isError;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <ScreenTitle screen="/commission-management" />
          <Text c="dimmed">Commission cells, the payout engine and its configuration</Text>
        </div>
        {config.data && (
          <Badge size="lg" color={config.data.engine_enabled ? 'teal.9' : 'red.9'} variant="filled">
            {config.data.engine_enabled ? 'Engine Enabled' : 'Engine Disabled'}
          </Badge>
        )}
      </Group>
      {failed ? (
        <LoadError
          message="Failed to load commission data"
          onRetry={() => {
            void config.refetch();
            void overview.refetch();
          }}
        />
      ) : !config.data || !overview.data ? (
        <PageLoader />
      ) : (
        <Tabs value={tab} onChange={(value) => setTab((value as Tab | null) ?? 'overview')} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="overview">Overview</Tabs.Tab>
            <Tabs.Tab value="cells">Commission Cells</Tabs.Tab>
            <Tabs.Tab value="runs">Revenue Runs</Tabs.Tab>
            <Tabs.Tab value="configuration">Configuration</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="overview" pt="md">
            <OverviewTab overview={overview.data} config={config.data} />
          </Tabs.Panel>
          <Tabs.Panel value="cells" pt="md">
            <CellsTab overview={overview.data} createCell={<Button onClick={() => setCreateOpen(true)}>Create Cell</Button>} />
          </Tabs.Panel>
          <Tabs.Panel value="runs" pt="md">
            <RevenueRunsTab />
          </Tabs.Panel>
          <Tabs.Panel value="configuration" pt="md">
            <ConfigurationForm key={config.data.updated_at ?? 'defaults'} config={config.data} onEditElitePool={() => setEliteOpen(true)} />
          </Tabs.Panel>
        </Tabs>
      )}
      <ElitePoolDialog opened={eliteOpen} onClose={() => setEliteOpen(false)} />
      <CreateCellDialog
        opened={createOpen}
        onClose={() => setCreateOpen(false)}
        onCreated={() => void queryClient.invalidateQueries({ queryKey: commissionManagementKeys.all })}
        failureTitle="Failed to create commission cell"
      />
    </Stack>
  );
}
