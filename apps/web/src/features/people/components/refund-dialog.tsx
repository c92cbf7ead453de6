import { Modal, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  centsToDollarText,
  formatDollarsAndCents,
  getPlan,
  REFUND_ACCESS,
  REFUND_ACCESS_LABELS,
  REFUND_NOTE_MAX,
  REFUND_REASON_LABELS,
  REFUND_REASONS,
  refundFormSchema,
  type AdminPayment,
  type RefundAccess,
  type RefundReason,
} from '@myeai/domain';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { useRefundPayment } from '../api/billing-api.ts';

type RefundDialogProps = { userId: string; personName: string; payment: AdminPayment; onClose: () => void };

/**
 * "Refund" of one payment: the amount (all that is left, or less), one of the Refund Policy's
 * reasons or other (goodwill) with a note, and when access ends. The server refuses more than what
 * is left; the dialog's request id makes a second click the same refund.
 */
export function RefundDialog({ userId, personName, payment, onClose }: RefundDialogProps) {
  const [requestId] = useState(() => crypto.randomUUID());
  const refund = useRefundPayment(userId);
  const form = useDomainForm(
    refundFormSchema(payment.remaining_cents),
    { amount: centsToDollarText(payment.remaining_cents), reason: 'technical_fault' as RefundReason, note: '', access: 'period_end' as RefundAccess },
    { fieldOfPath: { amount_cents: 'amount' } },
  );
  const paidOn = formatDate(payment.paid_at);
  const submit = form.onSubmit(({ amount, reason, note, access }) =>
    refund.mutate(
      { paymentId: payment.id, input: { amount_cents: amount, reason, note: note || null, access, request_id: requestId } },
      {
        onSuccess: ({ refund: done }) => {
          const settled = done.status === 'succeeded';
          notifications.show({
            color: 'green',
            title: settled ? `Refunded ${formatDollarsAndCents(done.amount_cents)}` : `Refund of ${formatDollarsAndCents(done.amount_cents)} sent to the payment provider`,
            message: settled ? `${personName} is told by notification and e-mail.` : `It is settled when the provider confirms it; ${personName} is told then.`,
          });
          onClose();
        },
        onError: (error) => {
          if (!form.setServerErrors(error)) notifications.show({ color: 'red', title: 'The refund failed', message: error.message });
        },
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={`Refund a payment of ${personName}`} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {formatDollarsAndCents(payment.amount_cents)} paid on {paidOn}
            {payment.plan ? ` for the ${getPlan(payment.plan).name} plan` : ''}. {formatDollarsAndCents(payment.refunded_cents)} refunded so far
            {payment.pending_refund_cents > 0 ? ` and ${formatDollarsAndCents(payment.pending_refund_cents)} waiting for the provider` : ''}; at most{' '}
            {formatDollarsAndCents(payment.remaining_cents)} can be refunded.
          </Text>
          <TextInput label="Amount to refund (US$)" inputMode="decimal" required {...form.getInputProps('amount')} />
          <Radio.Group label="Reason" description="The Refund Policy's cases, or a goodwill refund outside them." required {...form.getInputProps('reason')}>
            <Stack gap="xs" mt="xs">
              {REFUND_REASONS.map((reason) => (
                <Radio key={reason} value={reason} label={REFUND_REASON_LABELS[reason]} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label="Note"
            description="Kept with the refund for the audit; required for a goodwill refund."
            maxLength={REFUND_NOTE_MAX}
            autosize
            minRows={2}
            required={form.values.reason === 'goodwill'}
            {...form.getInputProps('note')}
          />
          <Radio.Group label="Access" required {...form.getInputProps('access')}>
            <Stack gap="xs" mt="xs">
              {REFUND_ACCESS.map((access) => (
                <Radio key={access} value={access} label={REFUND_ACCESS_LABELS[access]} />
              ))}
            </Stack>
          </Radio.Group>
          <FormActions saving={refund.isPending} onCancel={onClose}>
            Refund
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
