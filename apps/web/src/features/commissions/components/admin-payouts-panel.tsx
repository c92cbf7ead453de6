import { Anchor, Button, Card, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { canPayNow, formatDollarsAndCents, type AdminCommission, type CommissionStatusFilter } from '@myeai/domain';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { PersonCell } from '../../../components/ui/person-cell.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useAdminCommissionList, usePayCommissionNow } from '../api/commissions-api.ts';
import { amountWithCurrency, commissionColumns } from './commission-table.tsx';
import { StatusFilter } from './status-filter.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';

function Note({ children }: { children: string }) {
  return (
    <Text size="xs" c="dimmed">
      {children}
    </Text>
  );
}

/**
 * What an admin may do to one line (decision 070): "Pay now", through a one-item payout batch with
 * the batch's rules, never their own. Otherwise the cell says where the line stands.
 */
function PayNowAction({ commission, adminId, onPay }: { commission: AdminCommission; adminId: string; onPay: (commission: AdminCommission) => void }) {
  // The server refuses a held commission (decision 046): say so instead of offering it.
  if (commission.on_hold) return <Note>On hold</Note>;
  if (commission.payout_batch) {
    return (
      <Anchor component={Link} to="/admin/payouts" size="xs">
        {`In the batch of ${formatDateTime(commission.payout_batch.created_at)}`}
      </Anchor>
    );
  }
  if (!canPayNow({ status: commission.status, amount_cents: commission.amount_cents, in_payout_batch: false })) {
    return <Note>{commission.amount_cents < 0 ? 'Netted in a payout' : commission.status === 'withheld' ? 'Not paid' : 'Done'}</Note>;
  }
  if (commission.user.id === adminId) return <Note>Your own</Note>;
  return (
    <Button size="xs" variant="light" onClick={() => onPay(commission)} aria-label={`Pay now: ${amountWithCurrency(commission)} to ${commission.user.name}`}>
      Pay now
    </Button>
  );
}

function ConfirmPayNow({ commission, onClose }: { commission: AdminCommission | null; onClose: () => void }) {
  const payNow = usePayCommissionNow();
  const onConfirm = () => {
    if (!commission) return;
    payNow.mutate(
      { id: commission.id },
      {
        onSuccess: ({ batch }) => {
          notifications.show({ color: 'green', title: 'Payout batch prepared', message: `${formatDollarsAndCents(batch.total_cents)} to ${commission.user.name}, in a batch of its own: approve it on Payouts.` });
          onClose();
        },
        onError: (error) => notifications.show({ color: 'red', title: 'Could not pay this commission now', message: error.message }),
      },
    );
  };
  return (
    <Modal opened={commission !== null} onClose={onClose} title="Pay this commission now" centered>
      {commission && (
        <Stack gap="md">
          <Text>
            Pay the {amountWithCurrency(commission)} commission of {commission.user.name} on {commission.product_name} now? It goes alone into a new payout batch, to{' '}
            {commission.user.name}’s payout method, with the batch rules: out of its holding period, payout details valid and out of their hold. Its reversals and{' '}
            {commission.user.name}’s clawbacks are netted, as in any batch.
          </Text>
          <Text size="sm" c="dimmed">
            Nothing is sent yet: approve the batch on Payouts, then mark it paid or let the provider pay it.
          </Text>
          <FormActions saving={payNow.isPending} onCancel={onClose} onConfirm={onConfirm}>
            Prepare the payout
          </FormActions>
        </Stack>
      )}
    </Modal>
  );
}

/** Admins (active role admin): every affiliate's commissions; payout batches pay them, and Pay now puts a single line in a batch of its own. */
export function AdminPayoutsPanel({ adminId }: { adminId: string }) {
  const [status, setStatus] = useState<CommissionStatusFilter>('pending');
  const list = useAdminCommissionList(status, true);
  const [paying, setPaying] = useState<AdminCommission | null>(null);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payout-admin-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <div>
            <Title order={2} size="h4" id="payout-admin-title">
              Payout administration
            </Title>
            <Text size="sm" c="dimmed">
              All affiliates’ commissions. They are paid in payout batches on{' '}
              <Anchor component={Link} to="/admin/payouts" underline="always">
                Payouts
              </Anchor>
              ; Pay now puts a single commission in a batch of its own.
            </Text>
          </div>
          <StatusFilter value={status} onChange={setStatus} label="Filter all commissions by status" />
        </Group>
        {list.isError ? (
          <LoadError message={list.error.message} onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <Center>
            <Loader aria-label="Loading commissions" />
          </Center>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No commissions with this status.
          </Text>
        ) : (
          <DataTable
            rows={items}
            rowKey={(commission) => commission.id}
            scroll={{ minWidth: 720, type: 'native', tabIndex: 0, role: 'region', 'aria-label': 'All commissions table' }}
            table={{ verticalSpacing: 'sm', 'aria-label': 'All commissions' }}
            columns={[
              {
                key: 'affiliate',
                header: 'Affiliate',
                th: { scope: 'col' },
                cell: (commission) => <PersonCell name={commission.user.name} detail={commission.user.email} fw={500} />,
              },
              { key: 'product', header: 'Product', th: { scope: 'col' }, cell: (commission) => commission.product_name },
              ...commissionColumns,
              { key: 'action', header: 'Action', th: { scope: 'col' }, cell: (commission) => <PayNowAction commission={commission} adminId={adminId} onPay={setPaying} /> },
            ]}
          />
        )}
        {list.hasNextPage && (
          <Center>
            <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
              Load more
            </Button>
          </Center>
        )}
      </Stack>
      <ConfirmPayNow commission={paying} onClose={() => setPaying(null)} />
    </Card>
  );
}
