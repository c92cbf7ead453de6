import { Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconBook2, IconTarget, IconUserPlus } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import type { UserProfile } from '@myeai/domain';
import { NewcomerPanels, useTrackPageView } from '../trial/index.ts';

type QuickAction = { to: string; title: string; description: string; icon: ComponentType<{ size?: number }> };

/** The three quick actions of spec 1 section 2.4. */
const QUICK_ACTIONS: QuickAction[] = [
  { to: '/leads', title: 'Add Lead', description: 'Capture a new prospect in your client pipeline.', icon: IconUserPlus },
  { to: '/goals', title: 'Set Purpose Goal', description: 'Define what you are working towards this month.', icon: IconTarget },
  { to: '/learning-hub', title: 'Explore Learning', description: 'Grow your skills with the learning hub.', icon: IconBook2 },
];

export function DashboardPage({ user }: { user: UserProfile }) {
  const firstName = user.name.split(' ')[0] || user.name;
  useTrackPageView('dashboard');
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <div>
          <Title order={1}>Welcome back, {firstName}</Title>
          <Text c="dimmed">Your Business Hub: everything you need to grow, in one place.</Text>
        </div>
        <NewcomerPanels user={user} />
        <section aria-labelledby="quick-actions-title">
          <Title order={2} size="h3" id="quick-actions-title" mb="sm">
            Quick actions
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {QUICK_ACTIONS.map((action) => (
              <UnstyledButton key={action.to} component={Link} to={action.to}>
                <Card withBorder radius="md" padding="lg" h="100%">
                  <ThemeIcon size="lg" variant="light" mb="sm" aria-hidden>
                    <action.icon size={20} />
                  </ThemeIcon>
                  <Text fw={700}>{action.title}</Text>
                  <Text size="sm" c="dimmed">
                    {action.description}
                  </Text>
                </Card>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </section>
      </Stack>
    </Container>
  );
}
