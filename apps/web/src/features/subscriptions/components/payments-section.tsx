import { Alert, Anchor, Button, Group, Modal, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  formatDollarsAndCents,
  getPlan,
  REFUND_PAYOUT_TIME,
  REFUND_REVIEW_BUSINESS_DAYS,
  RefundRequestInputSchema,
  SUPPORT_MESSAGE_MAX,
  type MyPayment,
  type PaymentProviderKind,
  type SupportRequest,
} from '@myeai/domain';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { useMySupportRequests, useSupportLiveRefresh } from '../../support/index.ts';
import { useMyPayments, usePaymentMethodSession, usePaymentsLiveRefresh, useRequestRefund } from '../api/payments-api.ts';
import { READABLE_TITLE } from './readable-title.ts';

export const receiptPath = (paymentId: string) => `/trading-subscription/receipts/${encodeURIComponent(paymentId)}`;

function RefundRequestDialog({ payment, onClose }: { payment: MyPayment; onClose: () => void }) {
  const form = useDomainForm(RefundRequestInputSchema, { message: '' });
  const send = useRequestRefund();
  const submit = form.onSubmit((input) =>
    send.mutate(
      { paymentId: payment.id, input },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', title: 'Refund request sent', message: `We review it within ${REFUND_REVIEW_BUSINESS_DAYS} business days and answer you by notification and e-mail.` });
          onClose();
        },
        onError: (error) => {
          if (!form.setServerErrors(error)) notifications.show({ color: 'red', title: 'Could not send the request', message: error.message });
        },
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title="Request a refund" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Your payment of {formatDollarsAndCents(payment.amount_cents)} on {formatDate(payment.paid_at)}. Refunds are given if you were charged after cancelling, for a technical fault or for a
            duplicate payment (see the{' '}
            <Anchor component={Link} to="/refund-policy" inherit>
              Refund Policy
            </Anchor>
            ). We review requests within {REFUND_REVIEW_BUSINESS_DAYS} business days; an approved refund reaches your card within {REFUND_PAYOUT_TIME}.
          </Text>
          <Textarea label="Why do you ask for a refund?" maxLength={SUPPORT_MESSAGE_MAX} autosize minRows={3} required {...form.getInputProps('message')} />
          <FormActions saving={send.isPending} onCancel={onClose}>
            Send request
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}

function PaymentRow({ payment, request, onRequest }: { payment: MyPayment; request: SupportRequest | undefined; onRequest: () => void }) {
  const paidOn = formatDate(payment.paid_at);
  const fullyRefunded = payment.refunded_cents + payment.pending_refund_cents >= payment.amount_cents;
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={`Payment of ${paidOn}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {paidOn} · {payment.plan ? `${getPlan(payment.plan).name} plan` : 'Subscription'}
          </Text>
          {payment.refunded_cents > 0 && (
            <Text size="sm" c="green.9" fw={600}>
              Refunded {formatDollarsAndCents(payment.refunded_cents)}
            </Text>
          )}
          {payment.pending_refund_cents > 0 && (
            <Text size="sm" c="orange.9">
              Refund of {formatDollarsAndCents(payment.pending_refund_cents)} on its way
            </Text>
          )}
        </div>
        <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
          {formatDollarsAndCents(payment.amount_cents)}
        </Text>
      </Group>
      <Group gap="sm" mt="xs">
        <Anchor component={Link} to={receiptPath(payment.id)} size="sm" aria-label={`Receipt of ${paidOn}`}>
          Receipt
        </Anchor>
        {request ? (
          <Text size="sm" c="dimmed">
            Refund requested on {formatDate(request.created_at)}
            {request.status === 'answered' ? (
              <>
                {': '}
                <Anchor component={Link} to="/profile" inherit>
                  read the answer on your profile
                </Anchor>
              </>
            ) : (
              `: we answer within ${REFUND_REVIEW_BUSINESS_DAYS} business days`
            )}
          </Text>
        ) : (
          !fullyRefunded && (
            <Button size="compact-sm" variant="subtle" onClick={onRequest} aria-label={`Request a refund of the payment of ${paidOn}`}>
              Request a refund
            </Button>
          )
        )}
      </Group>
    </Paper>
  );
}

/** "Update payment method": Stripe's customer portal; with the test checkout, what to do instead. */
function UpdatePaymentMethod({ provider }: { provider: PaymentProviderKind }) {
  const session = usePaymentMethodSession();
  const [message, setMessage] = useState<string | null>(null);
  const open = () =>
    session.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) setMessage(error.message);
        else notifications.show({ color: 'red', title: 'Could not open the payment page', message: error.message });
      },
    });
  return (
    <Stack gap="xs">
      <Group>
        <Button variant="default" onClick={open} loading={session.isPending}>
          Update payment method
        </Button>
      </Group>
      {message && (
        <Alert color="gray" variant="outline" title={provider === 'local' ? 'Test checkout' : 'Payment method'} styles={READABLE_TITLE} role="status">
          {message}
        </Alert>
      )}
    </Stack>
  );
}

/** /trading-subscription's payments: each with its receipt and "Request a refund", and the card to update. */
export function PaymentsSection() {
  const payments = useMyPayments();
  const requests = useMySupportRequests();
  usePaymentsLiveRefresh();
  useSupportLiveRefresh();
  const [requesting, setRequesting] = useState<MyPayment | null>(null);
  if (payments.isPending) return <Skeleton h={96} radius="md" />;
  if (payments.isError) return <LoadError message={payments.error.message} onRetry={() => void payments.refetch()} />;
  const { items, provider } = payments.data;
  if (items.length === 0 && provider === null) return null;
  // The latest refund request of each payment.
  const requestOf = (paymentId: string) => requests.data?.items.find((request) => request.payment_id === paymentId);
  return (
    <section aria-labelledby="payments-title">
      <Title order={2} size="h3" id="payments-title" mb="sm">
        Payments and receipts
      </Title>
      <Stack gap="sm">
        {provider && <UpdatePaymentMethod provider={provider} />}
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No payments yet: your receipts appear here after your first payment.
          </Text>
        ) : (
          items.map((payment) => <PaymentRow key={payment.id} payment={payment} request={requestOf(payment.id)} onRequest={() => setRequesting(payment)} />)
        )}
      </Stack>
      {requesting && <RefundRequestDialog payment={requesting} onClose={() => setRequesting(null)} />}
    </section>
  );
}
