import { useQuery } from '@tanstack/react-query';
import {
  apiPath,
  PayoutBalanceSchema,
  PayoutMethodResponseSchema,
  payoutsPaths,
  PayoutStatementListSchema,
  StripeConnectLinkSchema,
  StripeConnectRefreshSchema,
  type PayoutDetails,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';

/** Issue 30 (decision 060): payout queries; the payee's method, balance and statements here, the admin's under `admin`. */
export const payoutKeys = {
  all: ['payouts'] as const,
  method: ['payouts', 'method'] as const,
  balance: ['payouts', 'balance'] as const,
  statements: ['payouts', 'statements'] as const,
  admin: ['payouts', 'admin'] as const,
};

export function usePayoutMethod() {
  return useQuery({ queryKey: payoutKeys.method, queryFn: () => apiRequest(apiPath(payoutsPaths.method), { schema: PayoutMethodResponseSchema }) });
}

/** Saves the details (the server validates, seals, masks, mails the change and starts the hold). */
export function useSavePayoutMethod() {
  return useRefreshingMutation(payoutKeys.method, (details: PayoutDetails) => apiRequest(apiPath(payoutsPaths.method), { method: 'PUT', body: details, schema: PayoutMethodResponseSchema }));
}

/** "Connect with Stripe" (decision 069): the onboarding link to send the browser to; the page Stripe returns to is this one. */
export function useStripeConnect() {
  return useRefreshingMutation(payoutKeys.method, (page: 'commissions' | 'earnings') =>
    apiRequest(apiPath(payoutsPaths.stripeConnect), { method: 'POST', body: { page }, schema: StripeConnectLinkSchema }),
  );
}

/** Back from Stripe: the connected account read from Stripe now. */
export function useStripeRefresh() {
  return useRefreshingMutation(payoutKeys.method, () => apiRequest(apiPath(payoutsPaths.stripeRefresh), { method: 'POST', schema: StripeConnectRefreshSchema }));
}

export function usePayoutBalance() {
  return useQuery({ queryKey: payoutKeys.balance, queryFn: () => apiRequest(apiPath(payoutsPaths.balance), { schema: PayoutBalanceSchema }) });
}

export function usePayoutStatements() {
  return useQuery({ queryKey: payoutKeys.statements, queryFn: () => apiRequest(apiPath(payoutsPaths.statements), { schema: PayoutStatementListSchema }) });
}
