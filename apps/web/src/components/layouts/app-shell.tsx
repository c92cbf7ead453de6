import { AppShell, Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import type { UserProfile } from '@myeai/domain';
import { profileQueryKey, useLogout } from '../../features/auth/index.ts';
import { NotificationBell } from '../../features/notifications/index.ts';
import { LiveChannelProvider } from '../../lib/live-channel.tsx';
import { SIDEBAR_OVERLAY_BREAKPOINT } from './breakpoints.ts';
import { Sidebar } from './sidebar.tsx';

type AppLayoutProps = { user: UserProfile; isBuilt: (path: string) => boolean };

export function AppLayout({ user, isBuilt }: AppLayoutProps) {
  const [mobileOpen, mobile] = useDisclosure(false);
  const [desktopOpen, desktop] = useDisclosure(true);
  const isWide = useMediaQuery(`(min-width: ${SIDEBAR_OVERLAY_BREAKPOINT}px)`);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const queryClient = useQueryClient();
  // The live socket was closed because the session ended: refetching the profile leads to /login.
  const onSessionEnded = useCallback(() => void queryClient.invalidateQueries({ queryKey: profileQueryKey }), [queryClient]);

  useEffect(() => mobile.close(), [pathname, isWide]); // eslint-disable-line react-hooks/exhaustive-deps

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate('/login', { replace: true }),
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });

  return (
    <LiveChannelProvider userId={user.id} onSessionEnded={onSessionEnded}>
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 280, breakpoint: 'lg', collapsed: { mobile: !mobileOpen, desktop: !desktopOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger opened={mobileOpen} onClick={mobile.toggle} hiddenFrom="lg" size="sm" aria-label="Toggle navigation" />
            <Burger opened={desktopOpen} onClick={desktop.toggle} visibleFrom="lg" size="sm" aria-label={desktopOpen ? 'Collapse sidebar' : 'Expand sidebar'} />
            <UnstyledButton component={Link} to="/dashboard" aria-label="MYEAI home">
              <Text fw={800} size="lg" c="blue.8">
                MYEAI
              </Text>
            </UnstyledButton>
          </Group>
          <NotificationBell />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <Sidebar user={user} isBuilt={isBuilt} onLogout={onLogout} isLoggingOut={logout.isPending} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
    </LiveChannelProvider>
  );
}
