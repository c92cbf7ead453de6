import { Anchor, Button, Container, Divider, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatDollarsAndCents, type Receipt } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ScreenTitle } from '../../../components/ui/screen-title.tsx';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { useReceipt } from '../api/payments-api.ts';
import './receipt-print.css';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500} c="dimmed" style={{ width: '40%' }}>
        {label}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

function ReceiptBody({ receipt }: { receipt: Receipt }) {
  const { payment } = receipt;
  const refunded = receipt.refunds.reduce((sum, refund) => sum + refund.amount_cents, 0);
  return (
    <Paper withBorder p="lg" radius="md" className="receipt-sheet">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="md">
          <div>
            <Text fw={700} size="lg">
              {receipt.seller.name}
            </Text>
            {receipt.seller.details.map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
          </div>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              Billed to
            </Text>
            <Text size="sm" fw={600}>
              {receipt.customer.name}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {receipt.customer.email}
            </Text>
          </div>
        </Group>
        <Divider />
        <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={0}>
          <Table.Tbody>
            <Line label="Paid on">{formatDateTime(payment.paid_at)}</Line>
            <Line label="Plan">{receipt.plan_name ? `${receipt.plan_name} plan` : 'Subscription'}</Line>
            {payment.period_start && payment.period_end && (
              <Line label="Period">
                {formatDate(payment.period_start)} to {formatDate(payment.period_end)}
              </Line>
            )}
            <Line label="Amount paid">{formatDollarsAndCents(payment.amount_cents)}</Line>
            {payment.tax_cents !== null && <Line label="Of which tax">{formatDollarsAndCents(payment.tax_cents)}</Line>}
            <Line label="Payment reference">{payment.reference}</Line>
            <Line label="Paid through">{payment.provider === 'stripe' ? 'Card, through Stripe' : 'Test checkout (no real payment)'}</Line>
            {receipt.refunds.map((refund) => (
              <Line key={`${refund.settled_at}-${refund.amount_cents}`} label={`Refunded on ${formatDate(refund.settled_at)}`}>
                −{formatDollarsAndCents(refund.amount_cents)}
              </Line>
            ))}
            {refunded > 0 && <Line label="Net paid">{formatDollarsAndCents(payment.amount_cents - refunded)}</Line>}
          </Table.Tbody>
        </Table>
        {payment.hosted_invoice_url && (
          <Text size="sm">
            <Anchor href={payment.hosted_invoice_url} target="_blank" rel="noopener noreferrer">
              The invoice at Stripe
            </Anchor>{' '}
            (opens Stripe's page, with a PDF to download)
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** /trading-subscription/receipts/:paymentId: one payment's receipt, made to be printed. */
export function ReceiptPage() {
  const { paymentId = '' } = useParams();
  const receipt = useReceipt(paymentId);
  return (
    <Container size="sm" px={0}>
      <Stack gap="md">
        <ScreenTitle screen="/trading-subscription" name="Receipt" />
        <Group justify="space-between" className="receipt-actions">
          <Anchor component={Link} to="/trading-subscription" size="sm">
            Back to your subscription
          </Anchor>
          <Button variant="default" onClick={() => window.print()} disabled={!receipt.data}>
            Print
          </Button>
        </Group>
        {receipt.isPending && <Skeleton h={320} radius="md" />}
        {receipt.isError && <LoadError message={receipt.error.message} onRetry={() => void receipt.refetch()} />}
        {receipt.data && <ReceiptBody receipt={receipt.data} />}
      </Stack>
    </Container>
  );
}
