import { Alert, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatGoalValue, roleMayOpen, type GoalView, type ProgressStatus, type UserProfile } from '@myeai/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { CardsSkeleton } from '../../../components/ui/page-loader.tsx';
import { ScreenTitle } from '../../../components/ui/screen-title.tsx';
import { useGoalProgress, useGoalsLiveRefresh } from '../api/goals-api.ts';
import { DaysRemaining, GoalHistoryChart, GoalProgressBar } from './goal-parts.tsx';
import { GoalQuickSetupButton } from './goal-quick-setup.tsx';

const STATUS_TEXT: Record<ProgressStatus, { label: string; color: string }> = {
  behind: { label: 'Behind', color: 'red.9' },
  on_track: { label: 'On track', color: 'blue.9' },
  ahead: { label: 'Ahead', color: 'teal.9' },
};
const TYPE_EMOJI: Record<string, string> = { monetary: '💰', skill: '🎯', lifestyle: '🌱' };

/** /goal-progress (every role): the user's approved goals with progress from data (spec 2 section 4). */
export function GoalProgressPage({ user }: { user: UserProfile }) {
  useGoalsLiveRefresh();
  const progress = useGoalProgress();
  // The goal shown stays set while the modal closes, so the closing dialog keeps its title (axe aria-dialog-name).
  const [details, setDetails] = useState<GoalView | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  if (progress.isError) return <LoadError message={progress.error.message} onRetry={() => void progress.refetch()} />;
  if (!progress.data) {
    // The heading at once, and the four tiles' outline until the figures arrive.
    return (
      <Stack gap="lg" aria-busy="true">
        <ScreenTitle screen="/goal-progress" />
        <CardsSkeleton />
      </Stack>
    );
  }
  const data = progress.data;
  const tiles = [
    { label: 'Total Goals', value: String(data.tiles.total_goals) },
    { label: 'Completed', value: String(data.tiles.completed) },
    { label: 'Avg Progress', value: `${data.tiles.avg_progress}%` },
    { label: 'On Track', value: String(data.tiles.on_track) },
  ];
  return (
    <Stack gap="lg">
      <div>
        <ScreenTitle screen="/goal-progress" />
        <Text c="dimmed">Welcome back, {data.user_name || user.name}. How your approved goals are moving, from your commissions and the progress you record.</Text>
      </div>
      {data.achievement_unlocked && (
        <Alert color="teal" title="Achievement Unlocked" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
          You completed a goal. Well done!
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {tiles.map((tile) => (
          <Card key={tile.label} withBorder radius="md" padding="md">
            <Text size="sm" c="dimmed">
              {tile.label}
            </Text>
            <Text size="xl" fw={700}>
              {tile.value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {data.achievement_score !== null && <Text>Goal Achievement Score: {data.achievement_score}% (30% short term, 40% mid term, 30% long term)</Text>}
      {data.items.length === 0 ? (
        <Card withBorder radius="md" padding="xl">
          <Stack align="center" gap="sm">
            <Title order={2} size="h3">
              No Active Goals
            </Title>
            <Text c="dimmed" ta="center">
              Goals show here once they are approved. Goals waiting for review are on your goal list.
            </Text>
            {/* The goal screen when the role may open it; else the quick setup here, never the onboarding wizard (issue 26). */}
            {roleMayOpen(user.active_role, '/goals') ? (
              <Button component={Link} to="/goals">
                Create Your First Goal
              </Button>
            ) : (
              <GoalQuickSetupButton label="Create Your First Goal" />
            )}
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {data.items.map((goal) => (
            <ProgressCard
              key={goal.id}
              goal={goal}
              onDetails={() => {
                setDetails(goal);
                setDetailsOpen(true);
              }}
            />
          ))}
        </SimpleGrid>
      )}
      <Modal opened={detailsOpen} onClose={() => setDetailsOpen(false)} title={details?.title ?? 'Goal details'}>
        {details && <GoalDetails goal={details} />}
      </Modal>
    </Stack>
  );
}

function ProgressCard({ goal, onDetails }: { goal: GoalView; onDetails: () => void }) {
  const status = STATUS_TEXT[goal.progress_status];
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`progress-${goal.id}`}>
      <Stack gap="xs">
        <Title order={2} size="h5" id={`progress-${goal.id}`}>
          <span aria-hidden="true">{TYPE_EMOJI[goal.goal_type]} </span>
          {goal.title}
        </Title>
        <GoalProgressBar goal={goal} />
        <Group gap="sm">
          <Text size="sm" c={status.color} fw={600}>
            {status.label}
          </Text>
          <Text size="sm">{goal.velocity_per_week} {goal.unit}/week</Text>
          <DaysRemaining days={goal.days_remaining} />
          <Text size="sm" c="dimmed">
            Deadline {goal.deadline}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {goal.why_important}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onDetails} aria-label={`View Details: ${goal.title}`}>
            View Details
          </Button>
          <Button component={Link} to={`/goals/edit/${goal.id}`} size="xs" aria-label={`Update Progress: ${goal.title}`}>
            Update Progress
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function GoalDetails({ goal }: { goal: GoalView }) {
  return (
    <Stack gap="xs">
      <Text size="sm">Time progress: {goal.time_progress}%</Text>
      <Text size="sm">Actual progress: {goal.progress_percent}% ({formatGoalValue(goal.current_value, goal.unit)} of {formatGoalValue(goal.target_value, goal.unit)})</Text>
      <Text size="sm">Velocity: {goal.velocity_per_week} {goal.unit} per week (last 13 weeks)</Text>
      <Text size="sm">Status: {STATUS_TEXT[goal.progress_status].label}</Text>
      <Text size="sm" c="dimmed">{goal.ledger_fed ? 'From your commission ledger.' : 'From the progress you record.'}</Text>
      <GoalHistoryChart goal={goal} />
    </Stack>
  );
}
