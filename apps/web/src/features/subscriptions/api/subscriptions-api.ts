import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPath,
  billingPaths,
  CancelSubscriptionResponseSchema,
  CheckoutSessionViewSchema,
  CreateCheckoutResponseSchema,
  LocalCheckoutRedirectSchema,
  PaymentConfigSchema,
  subscriptionsPaths,
  SubscriptionStatusSchema,
  type LocalTestCard,
  type PlanId,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileQueryKey } from '../../auth/index.ts';

export const subscriptionKeys = {
  all: ['subscription'] as const,
  status: () => [...subscriptionKeys.all, 'status'] as const,
  config: () => [...subscriptionKeys.all, 'payment-config'] as const,
  session: (sessionId: string) => [...subscriptionKeys.all, 'checkout-session', sessionId] as const,
};

export function useSubscriptionStatus() {
  return useQuery({ queryKey: subscriptionKeys.status(), queryFn: () => apiRequest(apiPath(subscriptionsPaths.status), { schema: SubscriptionStatusSchema }) });
}

export function usePaymentConfig() {
  return useQuery({ queryKey: subscriptionKeys.config(), queryFn: () => apiRequest(apiPath(billingPaths.config), { schema: PaymentConfigSchema }), staleTime: 5 * 60_000 });
}

/**
 * A checkout session of the user. While the provider has not confirmed it yet (the webhook may
 * come a moment after the redirect), it is polled every 2 seconds.
 */
export function useCheckoutSession(sessionId: string | null, options: { pollWhileOpen?: boolean } = {}) {
  return useQuery({
    queryKey: subscriptionKeys.session(sessionId ?? ''),
    queryFn: () => apiRequest(apiPath(subscriptionsPaths.checkoutSession, { sessionId: sessionId ?? '' }), { schema: CheckoutSessionViewSchema }),
    // An empty id (?session_id=) names no session: the page says so without asking.
    enabled: Boolean(sessionId),
    refetchInterval: (query) => (options.pollWhileOpen && query.state.data?.status === 'open' ? 2000 : false),
  });
}

export function useCreateCheckout() {
  return useMutation({
    mutationFn: (input: { plan: PlanId; marketingAccepted: boolean }) =>
      apiRequest(apiPath(subscriptionsPaths.checkout), {
        method: 'POST',
        body: { plan: input.plan, consent: { terms_accepted: true, marketing_accepted: input.marketingAccepted } },
        schema: CreateCheckoutResponseSchema,
      }),
  });
}

/** Subscription and roles change together: both are refetched after a change. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }), queryClient.invalidateQueries({ queryKey: profileQueryKey })]);
  };
}

export function useCancelSubscription() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: () => apiRequest(apiPath(subscriptionsPaths.cancel), { method: 'POST', schema: CancelSubscriptionResponseSchema }),
    onSettled: refresh,
  });
}

export function useConfirmLocalCheckout(sessionId: string) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (card: LocalTestCard) =>
      apiRequest(apiPath(billingPaths.localConfirm, { sessionId }), { method: 'POST', body: { card }, schema: LocalCheckoutRedirectSchema }),
    onSettled: refresh,
  });
}

export function useCancelLocalCheckout(sessionId: string) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: () => apiRequest(apiPath(billingPaths.localCancel, { sessionId }), { method: 'POST', schema: LocalCheckoutRedirectSchema }),
    onSettled: refresh,
  });
}

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
export const formatLongDate = (iso: string | null): string => (iso ? longDate.format(new Date(iso)) : '');
