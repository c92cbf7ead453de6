import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDollarsAndCents, getPlan, REFUND_ACCESS_LABELS, REFUND_REASON_LABELS, type AdminPayment, type Refund } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useUserPayments } from '../api/billing-api.ts';
import { RefundDialog } from './refund-dialog.tsx';

const STATUS_TEXT: Record<Refund['status'], { label: string; color: string }> = {
  succeeded: { label: 'Refunded', color: 'green.9' },
  pending: { label: 'Waiting for the provider', color: 'orange.9' },
  failed: { label: 'Failed', color: 'red.9' },
  canceled: { label: 'Cancelled', color: 'gray.7' },
};

function RefundLine({ refund }: { refund: Refund }) {
  const status = STATUS_TEXT[refund.status];
  const by = refund.requested_by ? `by ${refund.requested_by.name}` : 'at the payment provider';
  return (
    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600} c={status.color} inherit>
        {status.label} {formatDollarsAndCents(refund.amount_cents)}
      </Text>{' '}
      · {REFUND_REASON_LABELS[refund.reason]} · {by}, {formatDate(refund.requested_at)}
      {refund.access && refund.access !== 'keep' ? ` · ${REFUND_ACCESS_LABELS[refund.access]}${refund.access_applied_at ? '' : ' (to do)'}` : ''}
      {refund.note ? ` · “${refund.note}”` : ''}
      {refund.failure_message ? ` · ${refund.failure_message}` : ''}
    </Text>
  );
}

function PaymentCard({ payment, onRefund }: { payment: AdminPayment; onRefund: () => void }) {
  const paidOn = formatDate(payment.paid_at);
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={`Payment of ${paidOn}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {paidOn} · {payment.plan ? getPlan(payment.plan).name : 'Plan not recorded'}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {payment.provider === 'stripe' ? 'Stripe' : 'Test checkout'} · {payment.reference}
          </Text>
        </div>
        <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
          {formatDollarsAndCents(payment.amount_cents)}
        </Text>
      </Group>
      <Group justify="space-between" align="center" mt="xs" gap="xs">
        <Text size="xs">
          Refunded so far: <strong>{formatDollarsAndCents(payment.refunded_cents)}</strong>
          {payment.pending_refund_cents > 0 ? ` (+ ${formatDollarsAndCents(payment.pending_refund_cents)} waiting)` : ''}
        </Text>
        {payment.remaining_cents > 0 ? (
          <Button size="xs" variant="light" color="red" onClick={onRefund} aria-label={`Refund the payment of ${paidOn}`}>
            Refund
          </Button>
        ) : (
          <Badge variant="light" color="gray">
            Refunded in full
          </Badge>
        )}
      </Group>
      {payment.refunds.length > 0 && (
        <Stack gap={2} mt="xs">
          {payment.refunds.map((refund) => (
            <RefundLine key={refund.id} refund={refund} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** People Management's billing section: every payment of the person, what was refunded of it, and "Refund". */
export function PersonBilling({ personId, personName }: { personId: string; personName: string }) {
  const payments = useUserPayments(personId);
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  return (
    <Stack gap="xs" component="section" aria-label="Billing">
      <Text fw={600}>Billing</Text>
      {payments.isError ? (
        <LoadError message={payments.error.message} onRetry={() => void payments.refetch()} />
      ) : payments.isPending ? (
        <Skeleton h={64} radius="md" aria-label="Loading payments" />
      ) : payments.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No payments yet.
        </Text>
      ) : (
        payments.data.items.map((payment) => <PaymentCard key={payment.id} payment={payment} onRefund={() => setRefunding(payment)} />)
      )}
      {refunding && (
        <RefundDialog
          userId={personId}
          personName={personName}
          // The latest figures of the payment, once a refund elsewhere changed them.
          payment={payments.data?.items.find((payment) => payment.id === refunding.id) ?? refunding}
          onClose={() => setRefunding(null)}
        />
      )}
    </Stack>
  );
}
