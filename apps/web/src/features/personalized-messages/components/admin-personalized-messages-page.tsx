import { Badge, Container, Group, Stack, Tabs, Text } from '@mantine/core';
import { usePendingGoals, usePersonalizationHealth } from '../api/personalization-api.ts';
import { GenerateMessagesTab } from './generate-messages-tab.tsx';
import { PendingGoalsTab } from './pending-goals-tab.tsx';
import { ScreenTitle } from '../../../components/ui/screen-title.tsx';

function HealthIndicator({ offline, writer, loading }: { offline: boolean; writer: string | undefined; loading: boolean }) {
  if (loading) return null;
  if (offline) return <Badge color="red" variant="dot" size="lg">AI Service Offline</Badge>;
  return <Badge color="green" variant="dot" size="lg">{writer === 'ai' ? 'AI service online' : 'Template writer ready'}</Badge>;
}

/** /admin-personalized-messages (spec 2): goal approval with written messages; admin only. */
export function AdminPersonalizedMessagesPage() {
  const health = usePersonalizationHealth();
  const pending = usePendingGoals({ submitted: 'all' });
  const offline = health.isError || health.data?.status === 'degraded';
  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <div>
            <ScreenTitle screen="/admin-personalized-messages" size="h2" />
            <Text c="dimmed" size="sm">
              Review pending goals and approve them with a message the owner receives.
            </Text>
          </div>
          <HealthIndicator offline={offline} writer={health.data?.writer} loading={health.isPending} />
        </Group>
        <Tabs defaultValue="generate" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="generate">Generate Messages</Tabs.Tab>
            <Tabs.Tab value="pending">Pending Goals ({pending.data?.total ?? 0})</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="generate" pt="md">
            <GenerateMessagesTab writerOffline={offline} />
          </Tabs.Panel>
          <Tabs.Panel value="pending" pt="md">
            <PendingGoalsTab writerOffline={offline} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
