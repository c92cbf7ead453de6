import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  accountPaths,
  AccountRequestAcceptedSchema,
  apiPath,
  ChangePasswordResultSchema,
  OkSchema,
  VerifyEmailResultSchema,
  type ChangeEmailInput,
  type ChangePasswordInput,
  type PasswordResetConfirm,
  type PasswordResetRequest,
} from '@myeai/domain';
import { apiRequest, ApiError } from '../../../lib/api-client.ts';
import { profileQueryKey } from './profile.ts';

/** The calls of decision 057: password reset, e-mail verification, and the Security settings' changes. */
export function usePasswordResetRequest() {
  return useMutation({
    mutationFn: (input: PasswordResetRequest) =>
      apiRequest(apiPath(accountPaths.passwordReset), { method: 'POST', body: input, schema: AccountRequestAcceptedSchema }),
  });
}

export function usePasswordResetConfirm() {
  return useMutation({
    mutationFn: (input: PasswordResetConfirm) => apiRequest(apiPath(accountPaths.passwordResetConfirm), { method: 'POST', body: input, schema: OkSchema }),
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest(apiPath(accountPaths.verifyEmail), { method: 'POST', body: { token }, schema: VerifyEmailResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiRequest(apiPath(accountPaths.verifyEmailResend), { method: 'POST', schema: AccountRequestAcceptedSchema }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiRequest(apiPath(accountPaths.changePassword), { method: 'POST', body: input, schema: ChangePasswordResultSchema }),
  });
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: (input: ChangeEmailInput) => apiRequest(apiPath(accountPaths.changeEmail), { method: 'POST', body: input, schema: AccountRequestAcceptedSchema }),
  });
}

/** Whether a refused link is one a new e-mail replaces (expired or used): the page then offers "Send a new link". */
export function isStaleLink(error: unknown): boolean {
  return error instanceof ApiError && (error.details ?? []).some((detail) => detail.path === 'token' && (detail.message === 'expired' || detail.message === 'used'));
}
