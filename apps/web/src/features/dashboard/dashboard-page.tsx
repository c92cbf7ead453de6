import { Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconBook2, IconCoin, IconCompass, IconShoppingBag, IconTarget, IconUserPlus } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { decideAccess, goalSettingPath, homeOf, quickActionsFor, type QuickActionKey, type UserProfile } from '@myeai/domain';
import { LoadError } from '../../components/ui/load-error.tsx';
import { ScreenTitle } from '../../components/ui/screen-title.tsx';
import { useIsBuilt } from '../../lib/built-screens.ts';
import { GoalQuickSetupPrompt } from '../goals/index.ts';
import { ShareEarnButton } from '../referrals/index.ts';
import { NewcomerPanels, useTrackPageView } from '../trial/index.ts';
import { VideoWidgetsSection } from '../video-widgets/index.ts';
import { useDashboardLiveRefresh, useDashboardStats } from './api/dashboard-api.ts';
import { AchievementsList, AchievementsListSkeleton } from './components/achievements-list.tsx';
import { MetricCards, MetricCardsSkeleton } from './components/metric-cards.tsx';
import { PipelinePanel } from './components/pipeline-panel.tsx';
import { RoleHomeSections } from './components/role-home.tsx';

const QUICK_ACTION_ICONS: Record<QuickActionKey, ComponentType<{ size?: number }>> = {
  add_lead: IconUserPlus,
  set_goal: IconTarget,
  explore_learning: IconBook2,
  open_compass: IconCompass,
  browse_opportunities: IconShoppingBag,
  view_earnings: IconCoin,
};

type StatsQuery = ReturnType<typeof useDashboardStats>;

/** The four cards; a failed load says so with Try Again (never zeros standing in for "unknown"). */
function FiguresSection({ stats, user }: { stats: StatsQuery; user: UserProfile }) {
  const isBuilt = useIsBuilt();
  if (stats.isError) return <LoadError message={stats.error.message} onRetry={() => void stats.refetch()} />;
  if (stats.isPending) return <MetricCardsSkeleton />;
  return <MetricCards stats={stats.data} goalPath={goalSettingPath({ activeRole: user.active_role }, isBuilt)} />;
}

/** Pipeline and achievements, from the same call (its error is shown once, with the cards). */
function PipelineSection({ stats, user }: { stats: StatsQuery; user: UserProfile }) {
  if (stats.isError) return null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <PipelinePanel counts={stats.data?.leads_by_stage ?? null} activeRole={user.active_role} />
      {stats.data ? <AchievementsList achievements={stats.data.achievements} /> : <AchievementsListSkeleton />}
    </SimpleGrid>
  );
}

export function DashboardPage({ user }: { user: UserProfile }) {
  const firstName = user.name.split(' ')[0] || user.name;
  // Set by the sign-up form: a brand-new account has not been here before.
  const isNewAccount = (useLocation().state as { newAccount?: boolean } | null)?.newAccount === true;
  const isAdmin = decideAccess('admin', { activeRole: user.active_role }) === 'allowed';
  // The home of the active role, from the one table (DESIGN.md decision 45): the affiliate keeps
  // the cockpit (figures, pipeline, achievements); every other role gets its own sections.
  const home = homeOf(user.active_role);
  const isCockpit = home.kind === 'cockpit';
  const stats = useDashboardStats(isCockpit);
  useDashboardLiveRefresh();
  const isBuilt = useIsBuilt();
  // Chosen per active role from the route table, built screens only (DESIGN.md decision 34).
  const quickActions = quickActionsFor({ activeRole: user.active_role }, isBuilt);
  useTrackPageView('dashboard');
  return (
    // Which home of ROLE_HOMES is drawn, for the browser tests that check each role lands on its own.
    <Container size="lg" px={0} data-role-home={home.kind}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <ScreenTitle screen="/dashboard" name={`${isNewAccount ? 'Welcome' : 'Welcome back'}, ${firstName}`} />
            <Text c="dimmed">{home.intro}</Text>
          </div>
          <ShareEarnButton />
        </Group>
        <NewcomerPanels user={user} />
        <GoalQuickSetupPrompt context="personalization" />
        {isCockpit ? <FiguresSection stats={stats} user={user} /> : <RoleHomeSections home={home} />}
        <VideoWidgetsSection isAdmin={isAdmin} />
        {isCockpit && <PipelineSection stats={stats} user={user} />}
        <section aria-labelledby="quick-actions-title">
          <Title order={2} size="h3" id="quick-actions-title" mb="sm">
            Quick actions
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {quickActions.map((action) => {
              const Icon = QUICK_ACTION_ICONS[action.key];
              return (
                <UnstyledButton key={action.key} component={Link} to={action.path}>
                  <Card withBorder radius="md" padding="lg" h="100%">
                    <ThemeIcon size="lg" variant="light" mb="sm" aria-hidden>
                      <Icon size={20} />
                    </ThemeIcon>
                    <Text fw={700}>{action.title}</Text>
                    <Text size="sm" c="dimmed">
                      {action.description}
                    </Text>
                  </Card>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        </section>
      </Stack>
    </Container>
  );
}
