import { ActionIcon, Button, Card, Container, Group, SimpleGrid, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconCrown, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import type { CommissionCell } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ElitePoolDialog, TestRevenueDialog, type TestRevenueCell } from '../../commission-management/index.ts';
import { formatPercent } from '../../../lib/percent.ts';
import { networkKey, useNetworkAnalytics } from '../api/network-api.ts';
import { AuditTrail } from './audit-trail.tsx';
import { CellOverview } from './cell-overview.tsx';
import { CreateCellDialog } from './create-cell-dialog.tsx';
import { NetworkBreakdown } from './network-breakdown.tsx';
import { VisualEditor } from './visual-editor.tsx';
import { ScreenTitle } from '../../../components/ui/screen-title.tsx';

type Tab = 'overview' | 'editor' | 'audit';

function StatCards() {
  const analytics = useNetworkAnalytics();
  if (analytics.isError) return <LoadError message={analytics.error.message || 'Failed to load commission data'} onRetry={() => void analytics.refetch()} />;
  const data = analytics.data;
  const cards = [
    { label: 'Total Cells', value: data ? String(data.total_cells) : '…' },
    { label: 'Total Members', value: data ? String(data.total_members) : '…' },
    { label: 'Avg Fill Rate', value: data ? formatPercent(data.fill_analytics.avg_fill_rate) : '…' },
    { label: 'Available Users', value: data ? String(data.available_users) : '…', hint: 'Active users holding no seat' },
  ];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        {cards.map((card) => (
          <Card key={card.label} withBorder padding="md" radius="md">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {card.label}
            </Text>
            <Text size="xl" fw={700} title={card.hint}>
              {card.value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {data && <NetworkBreakdown data={data} />}
    </Stack>
  );
}

/** Network Manager (spec 3 section 2.11, /admin/commission-manager): real cells, seats and their audit trail (decision 040). */
export function NetworkManagerPage() {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('overview');
  const [cellId, setCellId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [elitePool, setElitePool] = useState(false);
  const [testing, setTesting] = useState<TestRevenueCell | null>(null);
  const open = (cell: CommissionCell) => {
    setCellId(cell.id);
    setTab('editor');
  };
  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <ScreenTitle screen="/admin/commission-manager" size="h2" />
            <Text size="sm" c="dimmed">
              Commission cells, their 13 seats and every change to them.
            </Text>
          </Stack>
          <Group gap="xs">
            <Button variant="default" leftSection={<IconCrown size={16} />} onClick={() => setElitePool(true)}>
              Elite Pool
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New Cell
            </Button>
            <Tooltip label="Refresh">
              <ActionIcon variant="default" size="lg" aria-label="Refresh" onClick={() => void queryClient.invalidateQueries({ queryKey: networkKey })}>
                <IconRefresh size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <StatCards />
        <Tabs value={tab} onChange={(value) => setTab((value as Tab | null) ?? 'overview')} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="overview">Cell Overview</Tabs.Tab>
            <Tabs.Tab value="editor" disabled={cellId === null}>
              Visual Editor
            </Tabs.Tab>
            <Tabs.Tab value="audit">Audit Trail</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="overview" pt="md">
            <CellOverview onEdit={open} onTest={(cell) => setTesting({ id: cell.id, name: cell.name })} onCreate={() => setCreating(true)} />
          </Tabs.Panel>
          <Tabs.Panel value="editor" pt="md">
            {cellId ? (
              <VisualEditor key={cellId} cellId={cellId} onGone={() => setCellId(null)} />
            ) : (
              <Card withBorder padding="xl">
                <Text ta="center" c="dimmed">
                  No cell selected
                </Text>
              </Card>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="audit" pt="md">
            <AuditTrail initialCellId={cellId} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <CreateCellDialog opened={creating} onClose={() => setCreating(false)} onCreated={open} />
      <ElitePoolDialog opened={elitePool} onClose={() => setElitePool(false)} />
      <TestRevenueDialog cell={testing} onClose={() => setTesting(null)} />
    </Container>
  );
}
