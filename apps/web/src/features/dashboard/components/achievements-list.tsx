import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import type { DashboardStats } from '@myeai/domain';
import { formatDay } from '../format.ts';

/** Recent achievements, derived by the server from what really happened (spec 1 section 2.4). */
export function AchievementsList({ achievements }: { achievements: DashboardStats['achievements'] }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="achievements-title">
      <Title order={2} size="h3" id="achievements-title" mb="sm">
        Recent achievements
      </Title>
      {achievements.length === 0 ? (
        <Text size="sm" c="dimmed">
          No achievements yet. Your first lead, your first closed deal, your first commission and your first referral will show here.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
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
    </Card>
  );
}
