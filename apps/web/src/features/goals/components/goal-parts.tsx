import { Badge, Group, Progress, Text } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import { formatGoalValue, GOAL_STATUS_LABELS, qualityScoreColor, type GoalStatus, type GoalView } from '@myeai/domain';

const STATUS_COLOR: Record<GoalStatus, string> = {
  pending_approval: 'yellow.6',
  approved: 'green.7',
  active: 'green.7',
  completed: 'teal.7',
  rejected: 'red.7',
  revision_requested: 'orange.6',
  withdrawn: 'gray.6',
};

export function GoalStatusBadge({ status }: { status: GoalStatus }) {
  return (
    // Never shrunk beside a long title (it would cut the status to "PENDING APPROV...").
    <Badge color={STATUS_COLOR[status]} variant="dot" c="dark.9" style={{ flexShrink: 0 }}>
      {GOAL_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Days left in red under 7, "Overdue" at 0 or less (spec 2 section 3). */
export function DaysRemaining({ days }: { days: number }) {
  if (days <= 0) return <Text size="sm" c="red.9" fw={600}>Overdue</Text>;
  return (
    <Text size="sm" c={days < 7 ? 'red.9' : 'dimmed'} fw={days < 7 ? 600 : undefined}>
      {days} {days === 1 ? 'day' : 'days'} left
    </Text>
  );
}

export function QualityScore({ score }: { score: number }) {
  const color = qualityScoreColor(score);
  // A coloured dot beside dark text: coloured text and filled badges failed the contrast check.
  return (
    <Badge color={color === 'yellow' ? 'yellow.6' : `${color}.7`} variant="dot" c="dark.9">
      Quality {score}/100
    </Badge>
  );
}

export function GoalProgressBar({ goal }: { goal: GoalView }) {
  return (
    <div>
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {formatGoalValue(goal.current_value, goal.unit)} of {formatGoalValue(goal.target_value, goal.unit)}
        </Text>
        <Text size="sm" fw={600}>
          {goal.progress_percent}%
        </Text>
      </Group>
      <Progress value={goal.progress_percent} aria-label={`Progress of ${goal.title}`} mt={4} />
    </div>
  );
}

/** The goal's readings over time (check-ins, or the ledger's running sum). */
export function GoalHistoryChart({ goal }: { goal: GoalView }) {
  if (goal.history.length === 0) return <Text size="sm" c="dimmed">No progress recorded yet.</Text>;
  const data = goal.history.map((point) => ({ date: point.at.slice(0, 10), value: point.value }));
  const last = goal.history.at(-1)!;
  return (
    <div role="img" aria-label={`Progress history of ${goal.title}: ${goal.history.length} readings, latest ${formatGoalValue(last.value, goal.unit)} on ${last.at.slice(0, 10)}`}>
      <LineChart h={160} data={data} dataKey="date" series={[{ name: 'value', label: goal.unit, color: 'blue.7' }]} curveType="linear" withDots />
    </div>
  );
}
