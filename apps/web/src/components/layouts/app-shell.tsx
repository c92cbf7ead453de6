import { ActionIcon, AppShell, Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import type { UserProfile } from '@myeai/domain';
import { LiveChannelProvider } from '../../lib/live-channel.tsx';
import { NewVersionNotice } from '../ui/new-version-notice.tsx';
import { SIDEBAR_OVERLAY_BREAKPOINT } from './breakpoints.ts';
import type { RoleSwitch } from './role-switcher.tsx';
import { Sidebar } from './sidebar.tsx';

/** What the shell shows and does that belongs to features: app/ passes it in (shared components import no feature). */
type AppLayoutProps = {
  user: UserProfile;
  isBuilt: (path: string) => boolean;
  /** The header's right-hand end (the notification bell). */
  headerEnd: ReactNode;
  onLogout: () => void;
  isLoggingOut: boolean;
  roleSwitch: RoleSwitch;
  /** The live socket was closed because the session ended. */
  onSessionEnded: () => void;
  /** Starts downloading the page at a path (a sidebar link about to be followed). */
  preloadPage: (path: string) => void;
  /** Shown above every page (the "Confirm your e-mail" banner). */
  banner?: ReactNode;
};

export function AppLayout({ user, isBuilt, headerEnd, onLogout, isLoggingOut, roleSwitch, onSessionEnded, preloadPage, banner }: AppLayoutProps) {
  const [mobileOpen, mobile] = useDisclosure(false);
  const [desktopOpen, desktop] = useDisclosure(true);
  const isWide = useMediaQuery(`(min-width: ${SIDEBAR_OVERLAY_BREAKPOINT}px)`);
  const { pathname } = useLocation();

  useEffect(() => mobile.close(), [pathname, isWide]); // eslint-disable-line react-hooks/exhaustive-deps

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
            {/* The burger turns into an X only for the narrow screen's overlay, which it closes; on a wide
                screen the sidebar collapses beside the page, so its toggle says that instead of "close". */}
            <ActionIcon variant="subtle" color="gray" onClick={desktop.toggle} visibleFrom="lg" aria-label={desktopOpen ? 'Collapse sidebar' : 'Expand sidebar'} aria-expanded={desktopOpen}>
              {desktopOpen ? <IconLayoutSidebarLeftCollapse size={20} /> : <IconLayoutSidebarLeftExpand size={20} />}
            </ActionIcon>
            <UnstyledButton component={Link} to="/dashboard" aria-label="MYEAI home">
              <Text fw={800} size="lg" c="blue.8">
                MYEAI
              </Text>
            </UnstyledButton>
          </Group>
          {headerEnd}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <Sidebar user={user} isBuilt={isBuilt} onLogout={onLogout} isLoggingOut={isLoggingOut} roleSwitch={roleSwitch} preloadPage={preloadPage} />
      </AppShell.Navbar>
      <AppShell.Main>
        <NewVersionNotice />
        {banner}
        <Outlet />
      </AppShell.Main>
    </AppShell>
    </LiveChannelProvider>
  );
}
