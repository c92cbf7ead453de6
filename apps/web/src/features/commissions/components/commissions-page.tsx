import { Anchor, Button, Center, Container, Group, Loader, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { decideAccess, type CommissionStatusFilter, type UserProfile } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { PageTabs } from '../../../components/ui/page-tabs.tsx';
import { ScreenTitle } from '../../../components/ui/screen-title.tsx';
import { GoalQuickSetupPrompt } from '../../goals/index.ts';
import { downloadCommissionsCsv, useCommissionList, useCommissionSummary } from '../api/commissions-api.ts';
import { AdminPayoutsPanel } from './admin-payouts-panel.tsx';
import { CommissionTable } from './commission-table.tsx';
import { PayoutInfoPanel } from './payout-info-panel.tsx';
import { PayoutsTab } from './payouts-tab.tsx';
import { StatusFilter, isStatusFilter } from './status-filter.tsx';
import { SummaryCards } from './summary-cards.tsx';

function EmptyLedger({ status }: { status: CommissionStatusFilter }) {
  if (status !== 'all') {
    return (
      <Text c="dimmed" ta="center" py="lg">
        No {status} commissions.
      </Text>
    );
  }
  return (
    <Stack align="center" gap={4} py="lg">
      <Text fw={600}>No commissions yet</Text>
      <Text size="sm" c="dimmed" ta="center">
        A commission appears here when a merchant reports a sale made through one of your affiliate links.{' '}
        <Anchor component={Link} to="/products" underline="always">
          Share a product from the Opportunity Engine
        </Anchor>{' '}
        to get started.
      </Text>
    </Stack>
  );
}

/** /commissions (spec 2 "Commission tracking"): the user's own commission ledger and payouts. */
export function CommissionsPage({ user }: { user: UserProfile }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('status');
  const status: CommissionStatusFilter = isStatusFilter(requested) ? requested : 'all';
  // The Payouts tab (issue 30) is part of the address, so a notification or e-mail can link to it.
  const tab: 'commissions' | 'payouts' = searchParams.get('tab') === 'payouts' ? 'payouts' : 'commissions';
  const summary = useCommissionSummary();
  const list = useCommissionList(status);
  const [isExporting, setIsExporting] = useState(false);
  const isAdmin = decideAccess('admin', { activeRole: user.active_role }) === 'allowed';
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  const onStatus = (next: CommissionStatusFilter) => setSearchParams(next === 'all' ? {} : { status: next }, { replace: true });
  const onTab = (next: 'commissions' | 'payouts') => setSearchParams(next === 'payouts' ? { tab: 'payouts' } : {}, { replace: true });
  const onExport = async () => {
    setIsExporting(true);
    try {
      await downloadCommissionsCsv(status);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not export the report', message: error instanceof Error ? error.message : 'Please try again.' });
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Container size="xl" px={0}>
      <GoalQuickSetupPrompt context="commission" />
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <ScreenTitle screen="/commissions" name="Commissions" />
            <Text c="dimmed">What you earned from sales through your affiliate links, and when it is paid.</Text>
          </div>
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void onExport()} loading={isExporting}>
            Export Report
          </Button>
        </Group>

        <PageTabs
          value={tab}
          onChange={onTab}
          tabs={[
            {
              value: 'commissions',
              label: 'Commissions',
              panel: (
                <Stack gap="lg">
                  {summary.isError ? (
                    <LoadError message={summary.error.message} onRetry={() => void summary.refetch()} />
                  ) : summary.isPending ? (
                    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                      {[0, 1, 2].map((i) => (
                        <Skeleton key={i} h={96} radius="md" />
                      ))}
                    </SimpleGrid>
                  ) : (
                    <SummaryCards summary={summary.data} />
                  )}

                  <section aria-labelledby="ledger-title">
                    <Stack gap="sm">
                      <Group justify="space-between" gap="sm">
                        <Title order={2} size="h4" id="ledger-title">
                          Commission history
                        </Title>
                        <StatusFilter value={status} onChange={onStatus} label="Filter commissions by status" />
                      </Group>
                      {list.isError ? (
                        <LoadError message={list.error.message} onRetry={() => void list.refetch()} />
                      ) : list.isPending ? (
                        <Center py="lg">
                          <Loader aria-label="Loading commissions" />
                        </Center>
                      ) : items.length === 0 ? (
                        <EmptyLedger status={status} />
                      ) : (
                        <CommissionTable items={items} hasMore={list.hasNextPage} isLoadingMore={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} />
                      )}
                </Stack>
              </section>

              {summary.data && <PayoutInfoPanel summary={summary.data} />}
              {isAdmin && <AdminPayoutsPanel adminId={user.id} />}
                </Stack>
              ),
            },
            { value: 'payouts', label: 'Payouts', panel: <PayoutsTab /> },
          ]}
        />
      </Stack>
    </Container>
  );
}
