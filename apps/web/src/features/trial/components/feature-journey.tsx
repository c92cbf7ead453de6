import { Badge, Card, Group, List, SimpleGrid, Skeleton, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconLock, IconSparkles, IconTool } from '@tabler/icons-react';
import type { UnlockedFeatures } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useUnlockedFeatures } from '../api/trial-api.ts';

const STATUS_LABEL = { unlocked: 'Unlocked', coming_soon: 'Coming Soon', locked: 'Locked', in_development: 'In development' } as const;
const STATUS_COLOR = { unlocked: 'teal', coming_soon: 'blue', locked: 'gray', in_development: 'gray' } as const;
const STATUS_ICON = { unlocked: IconCheck, coming_soon: IconSparkles, locked: IconLock, in_development: IconTool } as const;

type Stage = UnlockedFeatures['stages'][number];

/** A stage none of whose features is built is "In development" whatever the day, never "Unlocked" (DESIGN.md decision 34). */
const stageLabel = (stage: Stage) => (stage.available ? stage.status : 'in_development');

/** A feature's own mark: its stage's, or "in development" while its screen is not built. */
const featureLabel = (stage: Stage, feature: Stage['features'][number]) => (feature.available ? stage.status : 'in_development');

/**
 * The staged unlocks of the trial (days 1, 3, 5, 7) from the domain's one stage table: unlocked
 * stages, the next one "Coming Soon"; a feature whose screen is not built says so.
 */
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
        {stages.map((stage) => {
          const label = stageLabel(stage);
          return (
            <Card key={stage.day} withBorder radius="md" padding="md" aria-label={`${stage.name}: ${STATUS_LABEL[label]}`} opacity={label === 'locked' ? 0.85 : 1}>
              <Group justify="space-between" mb="xs" gap="xs">
                <Text fw={700}>{stage.name}</Text>
                <Badge color={STATUS_COLOR[label]} variant="dot">
                  {STATUS_LABEL[label]}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" mb="xs">
                Day {stage.day}
              </Text>
              <List size="sm" spacing={4}>
                {stage.features.map((feature) => {
                  const mark = featureLabel(stage, feature);
                  const Icon = STATUS_ICON[mark];
                  return (
                    <List.Item
                      key={feature.key}
                      aria-label={`${feature.name}: ${STATUS_LABEL[mark]}`}
                      icon={
                        <ThemeIcon size={18} radius="xl" variant="light" color={STATUS_COLOR[mark]} aria-hidden>
                          <Icon size={12} />
                        </ThemeIcon>
                      }
                    >
                      {feature.name}
                      {!feature.available && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          (in development, not open yet)
                        </Text>
                      )}
                    </List.Item>
                  );
                })}
              </List>
            </Card>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
