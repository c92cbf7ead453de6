import { Button, Center, Table, Text } from '@mantine/core';
import { formatDollarsAndCents, type Commission } from '@myeai/domain';
import { formatDate } from '../format-dates.ts';
import { CommissionStatusBadge } from './commission-status-badge.tsx';

type CommissionTableProps = {
  items: Commission[];
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
};

export function amountWithCurrency(commission: Pick<Commission, 'amount_cents' | 'currency'>): string {
  return `${formatDollarsAndCents(commission.amount_cents)} ${commission.currency}`;
}

/** The ledger: product, amount and currency, status, earned date, paid date or "Not paid". */
export function CommissionTable({ items, hasMore, isLoadingMore, onLoadMore }: CommissionTableProps) {
  return (
    <>
      <Table.ScrollContainer minWidth={640} type="native" tabIndex={0} role="region" aria-label="Commission history table">
        <Table striped highlightOnHover verticalSpacing="sm" aria-label="Commissions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Product</Table.Th>
              <Table.Th scope="col" ta="right">
                Amount
              </Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Earned</Table.Th>
              <Table.Th scope="col">Paid</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((commission) => (
              <Table.Tr key={commission.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {commission.product_name}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {amountWithCurrency(commission)}
                </Table.Td>
                <Table.Td>
                  <CommissionStatusBadge status={commission.status} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(commission.earned_at)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{commission.paid_at ? formatDate(commission.paid_at) : <Text size="sm" c="dimmed" span>Not paid</Text>}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
