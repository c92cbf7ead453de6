import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminUserPaymentsSchema, apiPath, billingAdminPaths, RefundResultSchema, type RefundInput } from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';

const billingKey = (userId: string) => ['admin', 'people', 'billing', userId] as const;

/** A person's payments and their refunds (GET /api/admin/billing/users/:id/payments). */
export function useUserPayments(userId: string) {
  return useQuery({
    queryKey: billingKey(userId),
    queryFn: () => apiRequest(apiPath(billingAdminPaths.userPayments, { id: userId }), { schema: AdminUserPaymentsSchema }),
  });
}

/**
 * POST /api/admin/billing/payments/:id/refund. The person's payments are read again after it, refused
 * or not, and the rest of People Management too (an access ending now changes their roles and subscription).
 */
export function useRefundPayment(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, input }: { paymentId: string; input: RefundInput }) =>
      apiRequest(apiPath(billingAdminPaths.refund, { id: paymentId }), { method: 'POST', body: input, schema: RefundResultSchema }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: billingKey(userId) });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'people'] });
    },
  });
}
