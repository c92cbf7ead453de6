import { Badge, Button, Center, Group, Text } from '@mantine/core';
import { formatDollarsAndCents, type Commission } from '@myeai/domain';
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx';
import { formatDate } from '../format-dates.ts';
import { CommissionStatusBadge } from './commission-status-badge.tsx';

type CommissionTableProps = {
  items: Array<Commission & { on_hold?: boolean }>;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
};

export function amountWithCurrency(commission: Pick<Commission, 'amount_cents' | 'currency'>): string {
  return `${formatDollarsAndCents(commission.amount_cents)} ${commission.currency}`;
}

const noWrap = { style: { whiteSpace: 'nowrap' } } as const;
type Row = Pick<Commission, 'amount_cents' | 'currency' | 'status' | 'earned_at'> & { on_hold?: boolean };

/** The columns the ledger and the admins' list share: amount and currency, status, earned date. */
export const commissionColumns: readonly DataColumn<Row>[] = [
  { key: 'amount', header: 'Amount', th: { scope: 'col', ta: 'right' }, td: { ta: 'right', ...noWrap }, cell: amountWithCurrency },
  { key: 'status', header: 'Status', th: { scope: 'col' }, cell: (commission) => <CommissionStatusBadge status={commission.status} onHold={commission.on_hold ?? false} /> },
  { key: 'earned', header: 'Earned', th: { scope: 'col' }, td: noWrap, cell: (commission) => formatDate(commission.earned_at) },
];

/** The ledger: product, amount and currency, status, earned date, paid date or "Not paid". */
export function CommissionTable({ items, hasMore, isLoadingMore, onLoadMore }: CommissionTableProps) {
  return (
    <>
      <DataTable
        rows={items}
        rowKey={(commission) => commission.id}
        scroll={{ minWidth: 640, type: 'native', tabIndex: 0, role: 'region', 'aria-label': 'Commission history table' }}
        table={{ striped: true, highlightOnHover: true, verticalSpacing: 'sm', 'aria-label': 'Commissions' }}
        columns={[
          {
            key: 'product',
            header: 'Product',
            th: { scope: 'col' },
            cell: (commission) =>
              commission.reverses_id ? (
                // A reversal (decision 066): a negative line of its own, with the reason; the line it reverses is unchanged.
                <div>
                  <Group gap={6} wrap="nowrap">
                    <Badge color="red.9" variant="filled" size="sm">
                      Reversal
                    </Badge>
                    <Text size="sm" fw={500}>
                      {commission.product_name}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {commission.reason}
                  </Text>
                </div>
              ) : (
                <Text size="sm" fw={500}>
                  {commission.product_name}
                </Text>
              ),
          },
          ...commissionColumns,
          {
            key: 'paid',
            header: 'Paid',
            th: { scope: 'col' },
            td: noWrap,
            cell: (commission) => (commission.paid_at ? formatDate(commission.paid_at) : <Text size="sm" c="dimmed" span>Not paid</Text>),
          },
        ]}
      />
      {hasMore && (
        <Center>
          <Button variant="default" onClick={onLoadMore} loading={isLoadingMore}>
            Load more
          </Button>
        </Center>
      )}
    </>
  );
}
