import { Alert, Badge, Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import { formatGoalValue, INCOMPLETE_GOALS_MESSAGE, isoDay, type UserProfile } from '@myeai/domain';
import { useMemo, useState } from 'react';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ScreenTitle } from '../../../components/ui/screen-title.tsx';
import { GoalsStep, useGoalsForm, useSetupGoals } from '../../onboarding/index.ts';
import { useGoalsLiveRefresh, useMyGoals, useReviewGoal, useReviewQueue } from '../api/goals-api.ts';
import { GoalCard } from './goal-card.tsx';
import { QualityScore } from './goal-parts.tsx';

/** /goals, the Purpose Alignment Center (spec 2): my goals, the blueprint modal, and the review tab for affiliates and admins. */
export function GoalsPage({ user }: { user: UserProfile }) {
  useGoalsLiveRefresh();
  const reviewer = user.active_role === 'affiliate' || user.active_role === 'admin';
  const mine = useMyGoals();
  const queue = useReviewQueue(reviewer);
  const [blueprint, setBlueprint] = useState(false);
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <div>
          <ScreenTitle screen="/goals" name="Purpose Alignment Center" />
          <Text c="dimmed">Your goals, their progress and the habits that move them.</Text>
        </div>
        <Button onClick={() => setBlueprint(true)}>Setup Goals Blueprint</Button>
      </Group>
      <Tabs defaultValue="mine" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="mine">My goals</Tabs.Tab>
          {reviewer && (
            <Tabs.Tab value="review" rightSection={queue.data ? <Badge size="sm" variant="filled" color="dark">{queue.data.pending_count}</Badge> : undefined}>
              Review
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="mine" pt="md">
          {mine.isError ? (
            <LoadError message={mine.error.message} onRetry={() => void mine.refetch()} />
          ) : !mine.data ? (
            <Loader aria-label="Loading goals" />
          ) : (
            <Stack gap="lg">
              {mine.data.items.length === 0 ? (
                <Text>You have no goals yet. Use Setup Goals Blueprint to set your first ones.</Text>
              ) : (
                <SimpleGrid cols={{ base: 1, md: 2 }}>
                  {mine.data.items.map((goal) => (
                    <GoalCard key={goal.id} goal={goal} />
                  ))}
                </SimpleGrid>
              )}
              <Card withBorder radius="md" padding="md" component="section" aria-labelledby="milestones-title">
                <Title order={2} size="h4" id="milestones-title">
                  Achievement milestones
                </Title>
                {mine.data.milestones.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No milestone reached yet: your first approved goal, first completed goal and a 7-day habit streak show here when you reach them.
                  </Text>
                ) : (
                  <Stack gap={4} mt="xs">
                    {mine.data.milestones.map((m) => (
                      <Text key={m.key} size="sm">
                        ✓ {m.label}
                        {m.reached_at ? ` (${m.reached_at.slice(0, 10)})` : ''}
                      </Text>
                    ))}
                  </Stack>
                )}
                {mine.data.achievement_score !== null && <Text size="sm" mt="xs">Goal Achievement Score: {mine.data.achievement_score}%</Text>}
              </Card>
            </Stack>
          )}
        </Tabs.Panel>
        {reviewer && (
          <Tabs.Panel value="review" pt="md">
            <ReviewTab queue={queue} />
          </Tabs.Panel>
        )}
      </Tabs>
      <BlueprintModal opened={blueprint} onClose={() => setBlueprint(false)} />
    </Stack>
  );
}

/** The onboarding goal form, reused: only complete tiers are sent, as in onboarding. */
function BlueprintModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Setup Goals Blueprint" size="xl">
      <BlueprintForm onClose={onClose} />
    </Modal>
  );
}

/** Mounted while the modal is open: each opening is one submission (re-sending it creates its goals once). */
function BlueprintForm({ onClose }: { onClose: () => void }) {
  const submissionId = useMemo(() => crypto.randomUUID(), []);
  const form = useGoalsForm(submissionId);
  const setup = useSetupGoals();
  const [error, setError] = useState<string | null>(null);
  const submit = form.onSubmit(
    (input) => {
      setError(null);
      if (!input.short_term && !input.mid_term && !input.long_term) return setError(INCOMPLETE_GOALS_MESSAGE);
      setup.mutate(input, {
        onSuccess: onClose,
        onError: (failure) => {
          form.setServerErrors(failure);
          setError(`Failed to submit goals. Please try again. (${failure.message})`);
        },
      });
    },
    () => setError(null),
  );
  return (
    <Stack>
      <GoalsStep form={form} today={isoDay(new Date())} />
      {error && <Alert color="red">{error}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => submit()} loading={setup.isPending}>
          Submit goals for review
        </Button>
      </Group>
    </Stack>
  );
}

function ReviewTab({ queue }: { queue: ReturnType<typeof useReviewQueue> }) {
  if (queue.isError) return <LoadError message={queue.error.message} onRetry={() => void queue.refetch()} />;
  if (!queue.data) return <Loader aria-label="Loading goals to review" />;
  if (queue.data.items.length === 0) return <Text>No pending goals to review.</Text>;
  return (
    <Stack>
      {queue.data.items.map((goal) => (
        <ReviewCard key={goal.id} goal={goal} />
      ))}
    </Stack>
  );
}

type ReviewItem = NonNullable<ReturnType<typeof useReviewQueue>['data']>['items'][number];

function ReviewCard({ goal }: { goal: ReviewItem }) {
  const review = useReviewGoal();
  const [feedback, setFeedback] = useState('');
  const [error, setError] = useState<string | null>(null);
  const act = (action: 'approve' | 'reject' | 'request_revision') => {
    setError(null);
    if (action !== 'approve' && !feedback.trim()) return setError('Give feedback so the owner knows what to change.');
    review.mutate({ id: goal.id, action, feedback: feedback.trim() || undefined }, { onError: (failure) => setError(`Failed to process goal approval. Please try again. (${failure.message})`) });
  };
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`review-${goal.id}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h5" id={`review-${goal.id}`}>
            {goal.title}
          </Title>
          <QualityScore score={goal.goal_quality_score} />
        </Group>
        <Text size="sm">
          {goal.owner.name} ({goal.owner.email}) · {goal.goal_type} · {goal.timeframe.replace('_', ' ')}
        </Text>
        <Text size="sm">
          Target {formatGoalValue(goal.target_value, goal.unit)} by {goal.deadline} · submitted {goal.submitted_at.slice(0, 10)}
        </Text>
        <Text size="sm">
          <Text span fw={600}>Why:</Text> {goal.why_important}
        </Text>
        <Textarea label="Feedback (needed to reject or request a revision)" autosize minRows={1} maxLength={2000} value={feedback} onChange={(e) => setFeedback(e.currentTarget.value)} />
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => act('request_revision')} loading={review.isPending}>
            Request Revision
          </Button>
          <Button color="red" variant="light" onClick={() => act('reject')} loading={review.isPending}>
            Reject
          </Button>
          <Button onClick={() => act('approve')} loading={review.isPending}>
            Approve
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
