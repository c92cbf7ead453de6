import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AuthMethodsSchema,
  DemoAccountListSchema,
  OkSchema,
  UserProfileSchema,
  type PasswordSignInInput,
  type RegisterInput,
} from '@myeai/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileQueryKey } from './profile.ts';

const UserResponseSchema = z.object({ user: UserProfileSchema });

export function useAuthMethods() {
  return useQuery({ queryKey: ['auth', 'methods'], queryFn: () => apiRequest('/api/auth/methods', { schema: AuthMethodsSchema }), staleTime: Infinity });
}

export function useDemoAccounts(enabled: boolean) {
  return useQuery({
    queryKey: ['auth', 'demo-accounts'],
    queryFn: () => apiRequest('/api/auth/demo-accounts', { schema: DemoAccountListSchema }),
    enabled,
    staleTime: Infinity,
  });
}

/** After any sign-in or sign-out every cached answer belonged to someone else: start clean. */
function useSessionChange() {
  const queryClient = useQueryClient();
  return (user: z.infer<typeof UserProfileSchema> | null) => {
    queryClient.clear();
    queryClient.setQueryData(profileQueryKey, user);
  };
}

export function useDemoSignIn() {
  const onSession = useSessionChange();
  return useMutation({
    mutationFn: (email: string) => apiRequest('/api/auth/demo', { method: 'POST', body: { email }, schema: UserResponseSchema }),
    onSuccess: ({ user }) => onSession(user),
  });
}

export function usePasswordSignIn() {
  const onSession = useSessionChange();
  return useMutation({
    mutationFn: (input: PasswordSignInInput) => apiRequest('/api/auth/password', { method: 'POST', body: input, schema: UserResponseSchema }),
    onSuccess: ({ user }) => onSession(user),
  });
}

export function useRegister() {
  const onSession = useSessionChange();
  return useMutation({
    mutationFn: (input: RegisterInput) => apiRequest('/api/auth/register', { method: 'POST', body: input, schema: UserResponseSchema }),
    onSuccess: ({ user }) => onSession(user),
  });
}

export function useLogout() {
  const onSession = useSessionChange();
  return useMutation({
    mutationFn: () => apiRequest('/api/auth/logout', { method: 'POST', schema: OkSchema }),
    onSuccess: () => onSession(null),
  });
}
