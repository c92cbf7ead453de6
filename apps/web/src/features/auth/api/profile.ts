import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, authPaths, UserProfileSchema, type UserProfile } from '@myeai/domain';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

export const profileQueryKey = ['auth', 'profile'] as const;

/** The signed-in user, or null when signed out. */
export async function getProfile(): Promise<UserProfile | null> {
  try {
    return await apiRequest(apiPath(authPaths.profile), { schema: UserProfileSchema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const profileQueryOptions = () => queryOptions({ queryKey: profileQueryKey, queryFn: getProfile, staleTime: 60_000 });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
