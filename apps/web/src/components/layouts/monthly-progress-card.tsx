import { Paper, Progress, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath, dashboardPaths, formatDollarsAndCents, MonthlyProgressSchema } from '@myeai/domain';
import { apiRequest } from '../../lib/api-client.ts';
import { useLiveEvents } from '../../lib/live-channel.tsx';

/** Under the dashboard key: setting goals (onboarding) invalidates ['dashboard'], so the card follows. */
export const monthlyProgressKey = ['dashboard', 'monthly-progress'] as const;

/**
 * The sidebar's monthly progress card (spec 1 section 2.3): the user's running USD goal with its
 * progress from the commission ledger (GET /api/dashboard/monthly-progress). Hidden when there is
 * no such goal, while loading and when the read failed (the Business Hub says why).
 */
export function MonthlyProgressCard() {
  const progress = useQuery({
    queryKey: monthlyProgressKey,
    queryFn: () => apiRequest(apiPath(dashboardPaths.monthlyProgress), { schema: MonthlyProgressSchema }),
    staleTime: 60_000,
  });
  // The goal is fed by the ledger: a commission (or a goal reviewed) told on the live socket refetches it.
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.kind === 'notification.created' && (event.payload.type === 'commission' || event.payload.type === 'achievement')) {
      void queryClient.invalidateQueries({ queryKey: monthlyProgressKey });
    }
  });
  const goal = progress.data?.goal;
  if (!goal) return null;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="monthly-progress-title" data-testid="monthly-progress-card">
      <Text id="monthly-progress-title" size="xs" fw={700} tt="uppercase" c="dimmed">
        Monthly progress
      </Text>
      <Text size="sm" fw={600} lineClamp={1} title={goal.title}>
        {goal.title}
      </Text>
      <Text size="lg" fw={800} c="blue.8">
        {goal.percent}%
      </Text>
      <Progress value={goal.percent} size="sm" aria-label={`${goal.percent}% of the monthly goal`} mb={4} />
      <Text size="xs" c="dimmed">
        {formatDollarsAndCents(goal.progress_cents)} of {formatDollarsAndCents(goal.target_cents)} earned
      </Text>
    </Paper>
  );
}
