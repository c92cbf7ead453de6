import { Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { GoalView } from '@myeai/domain';
import { Link } from 'react-router';
import { DaysRemaining, GoalProgressBar, GoalStatusBadge, QualityScore } from './goal-parts.tsx';

const TYPE_LABEL: Record<string, string> = { monetary: 'Monetary', skill: 'Skill', lifestyle: 'Lifestyle' };

/** A goal card of the Purpose Alignment Center: up to 2 daily habits and 1 weekly habit (spec 2). */
export function GoalCard({ goal }: { goal: GoalView }) {
  const daily = goal.habits.filter((h) => h.cadence === 'daily').slice(0, 2);
  const weekly = goal.habits.filter((h) => h.cadence === 'weekly').slice(0, 1);
  const action = goal.status === 'approved' || goal.status === 'active' ? 'Update Progress' : goal.status === 'completed' ? 'View' : 'Open';
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`goal-${goal.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {TYPE_LABEL[goal.goal_type]} · {goal.timeframe.replace('_', ' ')}
            </Text>
            <Title order={3} size="h5" id={`goal-${goal.id}`}>
              {goal.title}
            </Title>
          </div>
          <GoalStatusBadge status={goal.status} />
        </Group>
        <GoalProgressBar goal={goal} />
        <Group gap="sm">
          <QualityScore score={goal.goal_quality_score} />
          <DaysRemaining days={goal.days_remaining} />
        </Group>
        {goal.review_feedback && (goal.status === 'rejected' || goal.status === 'revision_requested') && (
          <Text size="sm">
            <Text span fw={600}>Reviewer feedback:</Text> {goal.review_feedback}
          </Text>
        )}
        {daily.length + weekly.length > 0 && (
          <List size="sm" spacing={2}>
            {[...daily, ...weekly].map((habit) => (
              <List.Item key={`${habit.cadence}-${habit.habit}`}>
                {habit.habit} <Text span c="dimmed" size="xs">({habit.cadence}{habit.streak > 0 ? `, streak ${habit.streak}` : ''})</Text>
              </List.Item>
            ))}
          </List>
        )}
        <Group justify="flex-end">
          <Button component={Link} to={`/goals/edit/${goal.id}`} variant="light" size="xs" aria-label={`${action}: ${goal.title}`}>
            {action}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
