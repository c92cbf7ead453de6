import { Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { DashboardStats } from '@myeai/domain';
import { TextSkeleton } from '../../../components/ui/text-skeleton.tsx';
import { formatDay } from '../format.ts';

const LIST_STYLE = { listStyle: 'none', padding: 0, margin: 0 };

function AchievementsCard({ isLoading, children }: { isLoading: boolean; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="achievements-title" aria-busy={isLoading || undefined}>
      <Title order={2} size="h3" id="achievements-title" mb="sm">
        Recent achievements
      </Title>
      {children}
    </Card>
  );
}

/** Recent achievements, derived by the server from what really happened (spec 1 section 2.4). */
export function AchievementsList({ achievements }: { achievements: DashboardStats['achievements'] }) {
  return (
    <AchievementsCard isLoading={false}>
      {achievements.length === 0 ? (
        <Text size="sm" c="dimmed">
          No achievements yet. Your first lead, your first closed deal, your first commission and your first referral will show here.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={LIST_STYLE}>
          {achievements.map((achievement) => (
            <Group key={achievement.key} component="li" gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" color="yellow" radius="xl" aria-hidden>
                <IconTrophy size={16} />
              </ThemeIcon>
              <div>
                <Text size="sm" fw={600}>
                  {achievement.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {achievement.description}
                </Text>
                <Text size="xs" c="dimmed" component="time" dateTime={achievement.date}>
                  {formatDay(achievement.date)}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </AchievementsCard>
  );
}

/**
 * Two placeholder entries built like the loaded ones: beside the pipeline panel (wide screens)
 * the card is then no taller than the panel, so an empty or short list replaces it unmoved.
 */
export function AchievementsListSkeleton() {
  return (
    <AchievementsCard isLoading>
      <Stack gap="sm">
        {[0, 1].map((i) => (
          <Group key={i} gap="sm" wrap="nowrap" align="flex-start">
            <Skeleton circle height={28} />
            <Stack gap={0} style={{ flex: 1 }}>
              <TextSkeleton width="50%" size="sm" fw={600} />
              <TextSkeleton width="80%" size="sm" />
              <TextSkeleton width={80} size="xs" />
            </Stack>
          </Group>
        ))}
      </Stack>
    </AchievementsCard>
  );
}
