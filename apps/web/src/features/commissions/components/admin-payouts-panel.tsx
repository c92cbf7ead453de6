import { Anchor, Button, Card, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { COMMISSION_STATUS_LABELS, manualCommissionMove, type AdminCommission, type CommissionStatusFilter } from '@myeai/domain';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { PersonCell } from '../../../components/ui/person-cell.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useAdminCommissionList, useChangeCommissionStatus } from '../api/commissions-api.ts';
import { amountWithCurrency, commissionColumns } from './commission-table.tsx';
import { StatusFilter } from './status-filter.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';

type Move = { commission: AdminCommission; to: 'paid' };

function Note({ children }: { children: string }) {
  return (
    <Text size="xs" c="dimmed">
      {children}
    </Text>
  );
}

/**
 * What an admin may do by hand (decision 060): mark paid a line moved to processing before payouts,
 * never their own. Batches move everything else, so the cell says where the line stands instead.
 */
function MoveAction({ commission, adminId, onMove }: { commission: AdminCommission; adminId: string; onMove: (move: Move) => void }) {
  // The server refuses to move a held commission (decision 046): say so instead of offering the step.
  if (commission.on_hold) return <Note>On hold</Note>;
  if (commission.payout_batch) return <Note>{`In the batch of ${formatDateTime(commission.payout_batch.created_at)}`}</Note>;
  const move = manualCommissionMove(commission.status, false);
  if (!move) return <Note>{commission.status === 'pending' ? 'Paid in a batch' : 'Done'}</Note>;
  if (commission.user.id === adminId) return <Note>Your own</Note>;
  return (
    <Button size="xs" variant="light" onClick={() => onMove({ commission, to: move })}>
      Mark {COMMISSION_STATUS_LABELS[move].toLowerCase()}
    </Button>
  );
}

function ConfirmMove({ move, onClose }: { move: Move | null; onClose: () => void }) {
  const change = useChangeCommissionStatus();
  const onConfirm = () => {
    if (!move) return;
    change.mutate(
      { id: move.commission.id, status: move.to },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `Commission marked as ${COMMISSION_STATUS_LABELS[move.to].toLowerCase()}` });
          onClose();
        },
        onError: (error) => notifications.show({ color: 'red', title: 'Could not change the status', message: error.message }),
      },
    );
  };
  return (
    <Modal opened={move !== null} onClose={onClose} title="Change commission status" centered>
      {move && (
        <Stack gap="md">
          <Text>
            Mark the {amountWithCurrency(move.commission)} commission of {move.commission.user.name} on {move.commission.product_name} as{' '}
            {COMMISSION_STATUS_LABELS[move.to].toLowerCase()}? It was moved to processing before payouts, so no batch will pay it: mark it once the money is sent.{' '}
            {move.commission.user.name} is notified, and the change is recorded in the audit log.
          </Text>
          <FormActions saving={change.isPending} onCancel={onClose} onConfirm={onConfirm}>
            Mark {COMMISSION_STATUS_LABELS[move.to].toLowerCase()}
          </FormActions>
        </Stack>
      )}
    </Modal>
  );
}

/** Admins (active role admin): every affiliate's commissions; payout batches pay them, so the only step by hand is finishing a line moved to processing before payouts. */
export function AdminPayoutsPanel({ adminId }: { adminId: string }) {
  const [status, setStatus] = useState<CommissionStatusFilter>('pending');
  const list = useAdminCommissionList(status, true);
  const [move, setMove] = useState<Move | null>(null);
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
              ; a commission moved to processing before payouts can be marked paid here.
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
              { key: 'action', header: 'Action', th: { scope: 'col' }, cell: (commission) => <MoveAction commission={commission} adminId={adminId} onMove={setMove} /> },
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
      <ConfirmMove move={move} onClose={() => setMove(null)} />
    </Card>
  );
}
