import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { Role, UserProfile } from '@myeai/domain';
import { AppLayout } from '../components/layouts/app-shell.tsx';
import { AccountUpdates, profileQueryKey, useLogout, useSwitchRole } from '../features/auth/index.ts';
import { NotificationBell } from '../features/notifications/index.ts';

/** The app shell with what it takes from features: the bell, sign-out, the role switch, the end of the session. */
export function SignedInShell({ user, isBuilt }: { user: UserProfile; isBuilt: (path: string) => boolean }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const switchRole = useSwitchRole();
  const queryClient = useQueryClient();
  // The live socket was closed because the session ended: refetching the profile leads to /login.
  const onSessionEnded = useCallback(() => void queryClient.invalidateQueries({ queryKey: profileQueryKey }), [queryClient]);

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate('/login', { replace: true }),
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  const onSwitchRole = (role: Role) =>
    switchRole.mutate(role, {
      onError: () => notifications.show({ color: 'red', message: 'Failed to switch role. Please try again.' }),
    });

  return (
    <AppLayout
      user={user}
      isBuilt={isBuilt}
      headerEnd={
        <>
          <AccountUpdates />
          <NotificationBell />
        </>
      }
      onLogout={onLogout}
      isLoggingOut={logout.isPending}
      roleSwitch={{ onSwitch: onSwitchRole, isSwitching: switchRole.isPending }}
      onSessionEnded={onSessionEnded}
    />
  );
}
