import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../../lib/live-channel.tsx';
import { profileQueryKey } from '../api/profile.ts';

/**
 * Mounted inside the live channel: when an admin changes this user's roles (account.updated), the
 * profile is fetched again, so the sidebar, the role switcher and the screens follow at once.
 */
export function AccountUpdates() {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.kind === 'account.updated') void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  });
  return null;
}
