import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, authPaths, SwitchRoleResponseSchema, type Role } from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileQueryKey } from './profile.ts';

/** The active role changes only after the server accepted the switch (no optimistic update). */
export function useSwitchRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role: Role) => apiRequest(apiPath(authPaths.switchRole), { method: 'POST', body: { role }, schema: SwitchRoleResponseSchema }),
    onSuccess: async ({ user }) => {
      queryClient.setQueryData(profileQueryKey, user);
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    },
  });
}
