import { useQuery } from '@tanstack/react-query';
import {
  apiPath,
  OkSchema,
  RecoveryCodesSchema,
  securityPaths,
  SessionListSchema,
  SessionsRevokedSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';

/** The calls of my sessions and two-factor sign-in (decision 058). */
const sessionsKey = ['security', 'sessions'] as const;
const twoFactorKey = ['security', 'two-factor'] as const;

export function useMySessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: () => apiRequest(apiPath(securityPaths.sessions), { schema: SessionListSchema }) });
}

export function useRevokeSession() {
  return useRefreshingMutation(sessionsKey, (id: string) => apiRequest(apiPath(securityPaths.session, { id }), { method: 'DELETE', schema: OkSchema }));
}

export function useRevokeOtherSessions() {
  return useRefreshingMutation(sessionsKey, () => apiRequest(apiPath(securityPaths.revokeOtherSessions), { method: 'POST', schema: SessionsRevokedSchema }));
}

export function useTwoFactorStatus() {
  return useQuery({ queryKey: twoFactorKey, queryFn: () => apiRequest(apiPath(securityPaths.twoFactor), { schema: TwoFactorStatusSchema }) });
}

export function useTwoFactorSetup() {
  return useRefreshingMutation(twoFactorKey, () => apiRequest(apiPath(securityPaths.twoFactorSetup), { method: 'POST', schema: TwoFactorSetupSchema }));
}

export function useEnableTwoFactor() {
  return useRefreshingMutation(twoFactorKey, (code: string) =>
    apiRequest(apiPath(securityPaths.twoFactorEnable), { method: 'POST', body: { code }, schema: RecoveryCodesSchema }),
  );
}

export function useDisableTwoFactor() {
  return useRefreshingMutation(twoFactorKey, (code: string) => apiRequest(apiPath(securityPaths.twoFactorDisable), { method: 'POST', body: { code }, schema: OkSchema }));
}

export function useRegenerateRecoveryCodes() {
  return useRefreshingMutation(twoFactorKey, (code: string) =>
    apiRequest(apiPath(securityPaths.twoFactorRecoveryCodes), { method: 'POST', body: { code }, schema: RecoveryCodesSchema }),
  );
}
