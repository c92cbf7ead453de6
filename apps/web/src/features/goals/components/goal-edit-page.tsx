import { Alert, Anchor, Button, Card, Checkbox, Group, Loader, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { formatGoalValue, GoalCheckInInputSchema, UpdateGoalInputSchema, type GoalView } from '@myeai/domain';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { SubmitRow } from '../../../components/ui/form-actions.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { useCheckIn, useGoal, useGoalsLiveRefresh, useMoveGoal, useTickHabit, useUpdateGoal } from '../api/goals-api.ts';
import { DaysRemaining, GoalHistoryChart, GoalProgressBar, GoalStatusBadge, QualityScore } from './goal-parts.tsx';

/**
 * /goals/edit/:id, open to every role for the owner's own goals ("Update Progress" of /goal-progress
 * leads here): an approved goal records progress and habits; a goal sent back is edited and
 * resubmitted; a goal in review is read-only except withdrawing it.
 */
export function GoalEditPage() {
  useGoalsLiveRefresh();
  const { id = '' } = useParams();
  const goal = useGoal(id);
  if (goal.isError) return <LoadError message={goal.error.message} onRetry={() => void goal.refetch()} />;
  if (!goal.data) return <Loader aria-label="Loading goal" />;
  const g = goal.data;
  const running = g.status === 'approved' || g.status === 'active';
  const editable = g.status === 'rejected' || g.status === 'revision_requested' || g.status === 'withdrawn';
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/goal-progress" size="sm">
        ← Back to goal progress
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{g.title}</Title>
          <Text c="dimmed">
            Target {formatGoalValue(g.target_value, g.unit)} by {g.deadline}
          </Text>
        </div>
        <GoalStatusBadge status={g.status} />
      </Group>
      <Card withBorder radius="md" padding="md">
        <Stack gap="xs">
          <GoalProgressBar goal={g} />
          <Group gap="sm">
            <QualityScore score={g.goal_quality_score} />
            <DaysRemaining days={g.days_remaining} />
            <Text size="sm">Velocity: {g.velocity_per_week} {g.unit} per week</Text>
          </Group>
          <GoalHistoryChart goal={g} />
        </Stack>
      </Card>
      {g.status === 'pending_approval' && <PendingPanel goal={g} />}
      {editable && <EditPanel key={`${g.id}-${g.status}`} goal={g} />}
      {running && (g.ledger_fed ? <Alert color="blue">This goal moves by itself from the commissions you earn (the commission ledger); there is nothing to type in.</Alert> : <CheckInPanel goal={g} />)}
      {running && g.habits.length > 0 && <HabitsPanel goal={g} />}
    </Stack>
  );
}

function PendingPanel({ goal }: { goal: GoalView }) {
  const move = useMoveGoal(goal.id);
  return (
    <Alert color="yellow" title="Waiting for review">
      <Stack gap="xs">
        <Text size="sm">A reviewer looks at your goal (usually within 24 hours). It cannot be changed while it waits; withdraw it to edit it.</Text>
        {move.isError && <Text size="sm" c="red.9">{move.error.message}</Text>}
        <Group>
          <Button variant="default" size="xs" onClick={() => move.mutate('withdraw')} loading={move.isPending}>
            Withdraw from review
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function EditPanel({ goal }: { goal: GoalView }) {
  const update = useUpdateGoal(goal.id);
  const move = useMoveGoal(goal.id);
  const [error, setError] = useState<string | null>(null);
  const form = useDomainForm(
    UpdateGoalInputSchema,
    { title: goal.title, target_value: goal.target_value as number | string, deadline: goal.deadline, why_important: goal.why_important },
    { toInput: (values) => ({ ...values, target_value: values.target_value === '' ? undefined : Number(values.target_value) }) },
  );
  const save = form.onSubmit((input) => {
    setError(null);
    update.mutate(input, {
      onError: (failure) => {
        if (!form.setServerErrors(failure)) setError(failure.message);
      },
    });
  });
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="edit-title">
      <Stack>
        <Title order={2} size="h4" id="edit-title">
          Edit and resubmit
        </Title>
        {goal.review_feedback && (
          <Text size="sm">
            <Text span fw={600}>Reviewer feedback:</Text> {goal.review_feedback}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Title" withAsterisk maxLength={200} {...form.getInputProps('title')} />
          <NumberInput label="Target value" withAsterisk min={0} decimalScale={2} {...form.getInputProps('target_value')} />
          <TextInput type="date" label="Deadline" withAsterisk {...form.getInputProps('deadline')} />
          <Textarea label="Why is this important to you?" autosize minRows={1} maxLength={2000} {...form.getInputProps('why_important')} />
        </SimpleGrid>
        {(error ?? move.error?.message) && <Alert color="red">{error ?? move.error?.message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => save()} loading={update.isPending}>
            Save changes
          </Button>
          <Button onClick={() => move.mutate('resubmit')} loading={move.isPending} disabled={form.isDirty()}>
            Resubmit for review
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function CheckInPanel({ goal }: { goal: GoalView }) {
  const checkIn = useCheckIn(goal.id);
  const [error, setError] = useState<string | null>(null);
  const form = useDomainForm(GoalCheckInInputSchema, { value: '' as number | string, note: '' }, { toInput: (values) => ({ ...values, value: values.value === '' ? undefined : Number(values.value) }) });
  const submit = form.onSubmit((input) => {
    setError(null);
    checkIn.mutate(input, {
      onSuccess: () => form.reset(),
      onError: (failure) => {
        if (!form.setServerErrors(failure)) setError(failure.message);
      },
    });
  });
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="checkin-title">
      <form onSubmit={submit}>
        <Stack>
          <Title order={2} size="h4" id="checkin-title">
            Update Progress
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput label={`Value reached now (${goal.unit})`} withAsterisk min={0} decimalScale={2} {...form.getInputProps('value')} />
            <TextInput label="Note (optional)" maxLength={500} {...form.getInputProps('note')} />
          </SimpleGrid>
          {error && <Alert color="red">{error}</Alert>}
          <SubmitRow saving={checkIn.isPending}>Record progress</SubmitRow>
        </Stack>
      </form>
    </Card>
  );
}

function HabitsPanel({ goal }: { goal: GoalView }) {
  const tick = useTickHabit(goal.id);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="habits-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="habits-title">
          Habits
        </Title>
        {goal.habits.map((habit) => (
          <Checkbox
            key={`${habit.cadence}-${habit.habit}`}
            label={`${habit.habit} (${habit.cadence === 'daily' ? 'today' : 'this week'}) · streak ${habit.streak}`}
            checked={habit.done_now}
            disabled={habit.done_now || tick.isPending}
            onChange={() => tick.mutate({ cadence: habit.cadence, habit: habit.habit })}
          />
        ))}
        {tick.isError && <Text size="sm" c="red.9">{tick.error.message}</Text>}
      </Stack>
    </Card>
  );
}
