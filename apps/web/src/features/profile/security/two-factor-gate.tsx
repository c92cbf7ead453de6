import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { TWO_FACTOR_ENROLMENT_ROUTE } from '@myeai/domain';
import { ApiError } from '../../../lib/api-client.ts';

const isTwoFactorRequired = (error: unknown): boolean => error instanceof ApiError && error.code === 'TWO_FACTOR_REQUIRED';

/**
 * REQUIRE_ADMIN_2FA (decision 058): when the server refuses an admin call because the admin has
 * no two-factor sign-in yet, the app goes to the enrolment section of /profile instead of showing
 * the refusal on every admin screen. Renders nothing.
 */
export function TwoFactorGate() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const toEnrolment = (error: unknown) => {
      if (isTwoFactorRequired(error)) void navigate(TWO_FACTOR_ENROLMENT_ROUTE, { replace: true });
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') toEnrolment(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') toEnrolment(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, navigate]);
  return null;
}
