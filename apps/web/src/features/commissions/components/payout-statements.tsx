import { Anchor, Badge, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import { Link } from 'react-router';
import { apiPath, formatDollarsAndCents, payoutsPaths, statementLineOrigin, statementPeriod, type PayoutItemStatus, type PayoutStatement } from '@myeai/domain';
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
            { key: 'origin', header: 'Earned by', th: { scope: 'col' }, cell: statementLineOrigin },
            { key: 'earned', header: 'Earned', th: { scope: 'col' }, td: { style: { whiteSpace: 'nowrap' } }, cell: (line) => formatDate(line.earned_at) },
            { key: 'amount', header: 'Amount', th: { scope: 'col', ta: 'right' }, td: { ta: 'right', style: { whiteSpace: 'nowrap' } }, cell: (line) => formatDollarsAndCents(line.amount_cents) },
          ]}
        />
      </Stack>
    </Card>
  );
}

/** The statement of a period (decision 063): the printable page (which chooses the period) and the last 12 months as CSV. */
export function StatementLinks() {
  const period = statementPeriod('last_12_months', new Date());
  return (
    <Group gap="md">
      <Anchor component={Link} to="/payouts/statement" size="sm">
        <Group gap={4} wrap="nowrap" component="span">
          <IconFileText size={16} aria-hidden />
          Statement for a period
        </Group>
      </Anchor>
      <Anchor href={`${apiPath(payoutsPaths.statementCsv)}?from=${period.from}&to=${period.to}`} download underline="always" size="sm">
        <Group gap={4} wrap="nowrap" component="span">
          <IconDownload size={16} aria-hidden />
          Last 12 months (CSV)
        </Group>
      </Anchor>
    </Group>
  );
}

/** The payee's statements (issue 30 item 5): every payout, newest first, with the ledger lines it paid. */
export function PayoutStatements() {
  const statements = usePayoutStatements();
  return (
    <section aria-labelledby="payout-statements-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="payout-statements-title">
            Payout history
          </Title>
          {statements.data && statements.data.items.length > 0 && <StatementLinks />}
        </Group>
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
