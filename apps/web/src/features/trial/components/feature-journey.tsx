import { Badge, Card, Group, List, SimpleGrid, Skeleton, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconLock, IconSparkles } from '@tabler/icons-react';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useUnlockedFeatures } from '../api/trial-api.ts';

const STATUS_LABEL = { unlocked: 'Unlocked', coming_soon: 'Coming Soon', locked: 'Locked' } as const;
const STATUS_COLOR = { unlocked: 'teal', coming_soon: 'blue', locked: 'gray' } as const;

/** The staged unlocks of the trial (days 1, 3, 5, 7): unlocked stages, the next one "Coming Soon". */
export function FeatureJourney() {
  const unlocked = useUnlockedFeatures(true);
  if (unlocked.isError) return <LoadError message={unlocked.error.message} onRetry={() => void unlocked.refetch()} />;
  if (!unlocked.data) return <Skeleton h={180} />;
  const { trial_day, stages, days_until_next_unlock } = unlocked.data;
  if (trial_day === 0) return null;
  return (
    <section aria-labelledby="journey-heading">
      <Group justify="space-between" mb="sm" align="baseline">
        <Title order={2} size="h3" id="journey-heading">
          Your trial journey: day {Math.min(trial_day, 7)} of 7
        </Title>
        {days_until_next_unlock !== null && (
          <Text size="sm" c="dimmed">
            Next unlock in {days_until_next_unlock} day{days_until_next_unlock === 1 ? '' : 's'}
          </Text>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {stages.map((stage) => (
          <Card key={stage.day} withBorder radius="md" padding="md" aria-label={`${stage.name}: ${STATUS_LABEL[stage.status]}`} opacity={stage.status === 'locked' ? 0.85 : 1}>
            <Group justify="space-between" mb="xs" gap="xs">
              <Text fw={700}>{stage.name}</Text>
              <Badge color={STATUS_COLOR[stage.status]} variant="dot">
                {STATUS_LABEL[stage.status]}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed" mb="xs">
              Day {stage.day}
            </Text>
            <List
              size="sm"
              spacing={4}
              icon={
                <ThemeIcon size={18} radius="xl" variant="light" color={STATUS_COLOR[stage.status]} aria-hidden>
                  {stage.status === 'unlocked' ? <IconCheck size={12} /> : stage.status === 'coming_soon' ? <IconSparkles size={12} /> : <IconLock size={12} />}
                </ThemeIcon>
              }
            >
              {stage.features.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
