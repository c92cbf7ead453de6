import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiPath, MyPaymentsSchema, PaymentMethodSessionSchema, paymentsPaths, ReceiptSchema, SupportRequestSchema, type LiveEvent, type RefundRequestInput } from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLiveEvents } from '../../../lib/live-channel.tsx';
import { supportKeys } from '../../support/index.ts';

export const paymentKeys = {
  all: ['subscription', 'payments'] as const,
  receipt: (paymentId: string) => ['subscription', 'payments', 'receipt', paymentId] as const,
};

/** The member's payments, newest first (GET /api/subscriptions/payments). */
export function useMyPayments() {
  return useQuery({ queryKey: paymentKeys.all, queryFn: () => apiRequest(apiPath(paymentsPaths.mine), { schema: MyPaymentsSchema }) });
}

/** One payment's receipt (GET /api/subscriptions/payments/:id). */
export function useReceipt(paymentId: string) {
  return useQuery({
    queryKey: paymentKeys.receipt(paymentId),
    queryFn: () => apiRequest(apiPath(paymentsPaths.receipt, { id: paymentId }), { schema: ReceiptSchema }),
    enabled: paymentId !== '',
  });
}

/** "Request a refund": a support request about the payment; the member's requests are read again after it. */
export function useRequestRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, input }: { paymentId: string; input: RefundRequestInput }) =>
      apiRequest(apiPath(paymentsPaths.refundRequest, { id: paymentId }), { method: 'POST', body: input, schema: SupportRequestSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}

/** "Update payment method": the provider's page for the member's card (POST /api/subscriptions/payment-method). */
export function usePaymentMethodSession() {
  return useMutation({ mutationFn: () => apiRequest(apiPath(paymentsPaths.paymentMethod), { method: 'POST', schema: PaymentMethodSessionSchema }) });
}

/** A refund of one of the member's payments was settled (its notification arrived live): the payments and receipts are read again. */
export function usePaymentsLiveRefresh() {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: LiveEvent) => {
      if (event.kind === 'notification.created' && typeof event.payload.data?.payment_id === 'string') void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    },
    [queryClient],
  );
  useLiveEvents(onEvent);
}
