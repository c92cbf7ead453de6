import { Badge, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatDollarsAndCents, type PayoutItemStatus, type PayoutStatement } from '@myeai/domain';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { usePayoutStatements } from '../api/payouts-api.ts';

export const PAYOUT_ITEM_STATUS_LABELS: Record<PayoutItemStatus, string> = { processing: 'On its way', paid: 'Paid', failed: 'Failed', cancelled: 'Cancelled' };
const STATUS_COLORS: Record<PayoutItemStatus, string> = { processing: 'blue', paid: 'green', failed: 'red', cancelled: 'gray' };

export function PayoutStatusBadge({ status }: { status: PayoutItemStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="dot">
      {PAYOUT_ITEM_STATUS_LABELS[status]}
    </Badge>
  );
}

/** What earned a line: a sale through a link, a cell run (with the seat or the override level), an adjustment. */
function lineOrigin(line: PayoutStatement['lines'][number]): string {
  if (line.source === 'conversion') return 'Sale';
  if (line.source === 'cell') {
    if (line.cell_override_level !== null) return `Cell run, override level ${line.cell_override_level}`;
    if (line.cell_seat_position !== null) return `Cell run, seat ${line.cell_seat_position}`;
    return 'Cell run';
  }
  return 'Adjustment';
}

function Statement({ statement }: { statement: PayoutStatement }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`Payout of ${formatDate(statement.created_at)}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <div>
            <Text fw={700}>{formatDollarsAndCents(statement.amount_cents)}</Text>
            <Text size="sm" c="dimmed">
              {formatDate(statement.created_at)} · {statement.method_summary}
            </Text>
          </div>
          <PayoutStatusBadge status={statement.status} />
        </Group>
        {statement.status === 'failed' && statement.reason && (
          <Text size="sm" c="red.9">
            Failed: {statement.reason}. The amount is available again for the next payout.
          </Text>
        )}
        {statement.status === 'paid' && statement.settled_at && <Text size="sm">Paid on {formatDate(statement.settled_at)}.</Text>}
        <DataTable
          rows={statement.lines}
          rowKey={(line) => line.commission_id}
          scroll={{ minWidth: 520, type: 'native', tabIndex: 0, role: 'region', 'aria-label': `Lines of the payout of ${formatDate(statement.created_at)}` }}
          table={{ verticalSpacing: 'xs', fz: 'sm', 'aria-label': 'Lines paid' }}
          columns={[
            { key: 'product', header: 'Product', th: { scope: 'col' }, rowHeader: true, cell: (line) => line.product_name },
            { key: 'origin', header: 'Earned by', th: { scope: 'col' }, cell: lineOrigin },
            { key: 'earned', header: 'Earned', th: { scope: 'col' }, td: { style: { whiteSpace: 'nowrap' } }, cell: (line) => formatDate(line.earned_at) },
            { key: 'amount', header: 'Amount', th: { scope: 'col', ta: 'right' }, td: { ta: 'right', style: { whiteSpace: 'nowrap' } }, cell: (line) => formatDollarsAndCents(line.amount_cents) },
          ]}
        />
      </Stack>
    </Card>
  );
}

/** The payee's statements (issue 30 item 5): every payout, newest first, with the ledger lines it paid. */
export function PayoutStatements() {
  const statements = usePayoutStatements();
  return (
    <section aria-labelledby="payout-statements-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="payout-statements-title">
          Payout history
        </Title>
        {statements.isError ? (
          <LoadError message={statements.error.message} onRetry={() => void statements.refetch()} />
        ) : statements.isPending ? (
          <Center py="lg">
            <Loader aria-label="Loading payouts" />
          </Center>
        ) : statements.data.items.length === 0 ? (
          <Text c="dimmed" data-empty-state>
            No payouts yet. Your first payout is listed here once a batch includes you.
          </Text>
        ) : (
          statements.data.items.map((statement) => <Statement key={statement.id} statement={statement} />)
        )}
      </Stack>
    </section>
  );
}
