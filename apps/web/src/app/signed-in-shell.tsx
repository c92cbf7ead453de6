import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { navigationFor, type Role, type UserProfile } from '@myeai/domain';
import { AppLayout } from '../components/layouts/app-shell.tsx';
import { AccountUpdates, profileQueryKey, useLogout, useSwitchRole, VerifyEmailBanner } from '../features/auth/index.ts';
import { NotificationBell } from '../features/notifications/index.ts';
import { preloadPage } from './screens.tsx';

/** Runs `work` when the browser is idle (a short timeout where requestIdleCallback is missing). Returns a cancel. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work);
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 200);
  return () => window.clearTimeout(handle);
}

/**
 * Downloads the chunks of the viewer's sidebar screens one at a time while the browser is idle,
 * after the page on screen has loaded: the next click opens its page without a wait. One per idle
 * period, so the page the user is reading never competes with them.
 */
function usePreloadSidebarPages(user: UserProfile, isBuilt: (path: string) => boolean): void {
  useEffect(() => {
    const paths = navigationFor({ activeRole: user.active_role }, isBuilt).flatMap((group) => group.items.map((item) => item.path));
    let cancel = () => {};
    const next = (index: number) => {
      if (index >= paths.length) return;
      cancel = whenIdle(() => {
        preloadPage(paths[index]!);
        next(index + 1);
      });
    };
    next(0);
    return () => cancel();
  }, [user.active_role, isBuilt]);
}

/** The app shell with what it takes from features: the bell, sign-out, the role switch, the end of the session. */
export function SignedInShell({ user, isBuilt }: { user: UserProfile; isBuilt: (path: string) => boolean }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const switchRole = useSwitchRole();
  const queryClient = useQueryClient();
  // The live socket was closed because the session ended: refetching the profile leads to /login.
  const onSessionEnded = useCallback(() => void queryClient.invalidateQueries({ queryKey: profileQueryKey }), [queryClient]);
  usePreloadSidebarPages(user, isBuilt);

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
      preloadPage={preloadPage}
      banner={<VerifyEmailBanner user={user} />}
    />
  );
}
