import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPath,
  AuthMethodsSchema,
  authPaths,
  DemoAccountListSchema,
  OkSchema,
  PasswordSignInResponseSchema,
  securityPaths,
  UserResponseSchema,
  type PasswordSignInInput,
  type RegisterInput,
  type TwoFactorVerifyInput,
  type UserProfile,
} from '@myeai/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileQueryKey } from './profile.ts';

export function useAuthMethods() {
  return useQuery({ queryKey: ['auth', 'methods'], queryFn: () => apiRequest(apiPath(authPaths.methods), { schema: AuthMethodsSchema }), staleTime: Infinity });
}

export function useDemoAccounts(enabled: boolean) {
  return useQuery({
    queryKey: ['auth', 'demo-accounts'],
    queryFn: () => apiRequest(apiPath(authPaths.demoAccounts), { schema: DemoAccountListSchema }),
    enabled,
    staleTime: Infinity,
  });
}

/** After any sign-in or sign-out every cached answer belonged to someone else: start clean. */
function useSessionChange() {
  const queryClient = useQueryClient();
  return (user: UserProfile | null) => {
    queryClient.clear();
    queryClient.setQueryData(profileQueryKey, user);
  };
}

export function useDemoSignIn() {
  const onSession = useSessionChange();
  return useMutation({
    mutationFn: (email: string) => apiRequest(apiPath(authPaths.demo), { method: 'POST', body: { email }, schema: UserResponseSchema }),
    onSuccess: ({ user }) => onSession(user),
  });
}

export function usePasswordSignIn() {
  const onSession = useSessionChange();
  return useMutation({
    mutationFn: (input: PasswordSignInInput) => apiRequest(apiPath(authPaths.password), { method: 'POST', body: input, schema: PasswordSignInResponseSchema }),
    // Two-factor on: no session yet (TwoFactorStep completes it).
    onSuccess: (result) => {
      if ('user' in result) onSession(result.user);
    },
  });
}

/** The second step of a password sign-in with two-factor on (decision 058). */
export function useTwoFactorVerify() {
  const onSession = useSessionChange();
  return useMutation({
    mutationFn: (input: TwoFactorVerifyInput) => apiRequest(apiPath(securityPaths.twoFactorVerify), { method: 'POST', body: input, schema: UserResponseSchema }),
    onSuccess: ({ user }) => onSession(user),
  });
}

export function useRegister() {
  const onSession = useSessionChange();
  return useMutation({
    mutationFn: (input: RegisterInput) => apiRequest(apiPath(authPaths.register), { method: 'POST', body: input, schema: UserResponseSchema }),
    onSuccess: ({ user }) => onSession(user),
  });
}

export function useLogout() {
  const onSession = useSessionChange();
  return useMutation({
    mutationFn: () => apiRequest(apiPath(authPaths.logout), { method: 'POST', schema: OkSchema }),
    onSuccess: () => onSession(null),
  });
}
