import { Box, Button, Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { navigationFor, ROLE_LABELS, type UserProfile } from '@myeai/domain';
import { MonthlyProgressCard } from './monthly-progress-card.tsx';
import { RoleSwitcher, type RoleSwitch } from './role-switcher.tsx';

type SidebarProps = {
  user: UserProfile;
  isBuilt: (path: string) => boolean;
  onLogout: () => void;
  isLoggingOut: boolean;
  roleSwitch: RoleSwitch;
  /** Starts downloading a page's chunk: on hover or focus of its link, before the click. */
  preloadPage: (path: string) => void;
};

export function Sidebar({ user, isBuilt, onLogout, isLoggingOut, roleSwitch, preloadPage }: SidebarProps) {
  const { pathname } = useLocation();
  const groups = navigationFor({ activeRole: user.active_role }, isBuilt);
  return (
    <Stack h="100%" gap={0}>
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Box component="nav" aria-label="Main" p="xs">
          {groups.length === 0 && (
            <Text size="sm" c="dimmed" p="sm">
              No accessible features for current role
            </Text>
          )}
          {groups.map((group) => (
            <Box key={group.section} mb="md" component="section" aria-labelledby={`nav-${group.section}`}>
              <Text id={`nav-${group.section}`} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" py={6}>
                {group.title}
              </Text>
              {group.items.map((item) => (
                <NavLink
                  key={item.path}
                  component={Link}
                  to={item.path}
                  label={item.label}
                  variant="filled"
                  active={pathname === item.path}
                  aria-current={pathname === item.path ? 'page' : undefined}
                  onMouseEnter={() => preloadPage(item.path)}
                  onFocus={() => preloadPage(item.path)}
                  onTouchStart={() => preloadPage(item.path)}
                />
              ))}
            </Box>
          ))}
        </Box>
      </ScrollArea>
      <Divider />
      <Stack p="sm" gap="xs">
        <MonthlyProgressCard />
        <Text size="sm">
          <Text span fw={600}>
            {user.name}
          </Text>
          <Text span c="dimmed" size="xs" display="block">
            Active role: {ROLE_LABELS[user.active_role]}
          </Text>
        </Text>
        <RoleSwitcher roles={user.roles} activeRole={user.active_role} {...roleSwitch} />
        <NavLink
          component={Link}
          to="/profile"
          label="Profile Settings"
          variant="filled"
          active={pathname === '/profile'}
          onMouseEnter={() => preloadPage('/profile')}
          onFocus={() => preloadPage('/profile')}
        />
        <Button variant="light" color="red" onClick={onLogout} loading={isLoggingOut}>
          Log out
        </Button>
      </Stack>
    </Stack>
  );
}
