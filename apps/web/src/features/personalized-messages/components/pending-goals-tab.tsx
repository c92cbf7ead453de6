import { Alert, Badge, Button, Card, Checkbox, Collapse, Group, Loader, Modal, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  batchFailureSummary,
  formatGoalValue,
  GOAL_TIMEFRAMES,
  GOAL_TYPES,
  SUBMITTED_WINDOWS,
  type BatchReviewInput,
  type MessagePreview,
  type MessageTemplateId,
  type PendingGoalsQuery,
  type PendingGoalsResponse,
} from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useBatchReview, useMessageTemplates, usePendingGoals, usePreviewMessages } from '../api/personalization-api.ts';
import { BatchPreviewModal } from './batch-preview-modal.tsx';
import { GOAL_TYPE_LABELS, TIMEFRAME_LABELS } from './labels.ts';

type PendingGoal = PendingGoalsResponse['items'][number];
const SUBMITTED_LABELS: Record<(typeof SUBMITTED_WINDOWS)[number], string> = { all: 'All time', today: 'Today', week: 'This week', month: 'This month' };
const NO_FILTERS: PendingGoalsQuery = { submitted: 'all' };
type FeedbackDialog = { action: 'reject' | 'request_revision'; goalIds: string[] } | null;

function FeedbackModal({ dialog, busy, onSubmit, onClose }: { dialog: NonNullable<FeedbackDialog>; busy: boolean; onSubmit: (feedback: string) => void; onClose: () => void }) {
  const [feedback, setFeedback] = useState('');
  const [error, setError] = useState<string | null>(null);
  const title = dialog.action === 'reject' ? `Reject ${dialog.goalIds.length} goal${dialog.goalIds.length === 1 ? '' : 's'}` : 'Request revision';
  return (
    <Modal opened onClose={onClose} title={title}>
      <Stack>
        <Textarea
          label="Feedback for the owner"
          required
          autosize
          minRows={3}
          value={feedback}
          error={error}
          onChange={(event) => {
            setFeedback(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color={dialog.action === 'reject' ? 'red' : undefined}
            loading={busy}
            onClick={() => (feedback.trim() ? onSubmit(feedback.trim()) : setError('Give feedback so the owner knows what to change.'))}
          >
            {dialog.action === 'reject' ? 'Reject' : 'Request Revision'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function GoalCard({ goal, selected, onToggle, onApprove, onRevise, busy, writerOffline }: { goal: PendingGoal; selected: boolean; onToggle: () => void; onApprove: () => void; onRevise: () => void; busy: boolean; writerOffline: boolean }) {
  return (
    <Card withBorder>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Checkbox checked={selected} onChange={onToggle} label={<Text fw={600}>{goal.title}</Text>} />
          <Badge color="gray" variant="light">{GOAL_TYPE_LABELS[goal.goal_type]}</Badge>
        </Group>
        <Text size="sm">
          {goal.owner.name} · {goal.owner.email}
        </Text>
        <Text size="sm">
          Target {formatGoalValue(goal.target_value, goal.unit)}{goal.unit === 'USD' || goal.unit === '%' ? '' : ` ${goal.unit}`} by {goal.deadline} · {TIMEFRAME_LABELS[goal.timeframe]}
        </Text>
        {goal.why_important && (
          <Text size="sm" c="dimmed">
            Why it matters: {goal.why_important}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Submitted {goal.submitted_at.slice(0, 10)}
        </Text>
        <Group gap="xs">
          <Button size="xs" onClick={onApprove} loading={busy} disabled={writerOffline}>
            Approve with AI Message
          </Button>
          <Button size="xs" variant="default" onClick={onRevise}>
            Request Revision
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function PendingGoalsTab({ writerOffline }: { writerOffline: boolean }) {
  const [filters, setFilters] = useState<PendingGoalsQuery>(NO_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [template, setTemplate] = useState<MessageTemplateId>('standard');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [previews, setPreviews] = useState<MessagePreview[] | null>(null);
  const [feedbackDialog, setFeedbackDialog] = useState<FeedbackDialog>(null);
  const [summary, setSummary] = useState<string | null>(null);
  const pending = usePendingGoals(filters);
  const templates = useMessageTemplates();
  const preview = usePreviewMessages();
  const review = useBatchReview();

  if (pending.isError) return <LoadError message="Failed to load pending goals." onRetry={() => void pending.refetch()} />;
  if (!pending.data) return <Loader aria-label="Loading pending goals" />;
  const { items, total } = pending.data;
  const visibleSelected = items.filter((goal) => selected.has(goal.id)).map((goal) => goal.id);
  const templateName = templates.data?.templates.find((entry) => entry.id === template)?.name ?? template;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const selectWhere = (match: (goal: PendingGoal) => boolean) => setSelected(new Set(items.filter(match).map((goal) => goal.id)));

  const runReview = (input: BatchReviewInput, done?: () => void) => {
    setSummary(null);
    review.mutate(input, {
      onSuccess: (response) => {
        const failure = batchFailureSummary(response);
        setSummary(failure);
        if (response.succeeded > 0) notifications.show({ color: 'green', message: `${response.succeeded} goal${response.succeeded === 1 ? '' : 's'} processed.` });
        setSelected(new Set());
        done?.();
      },
      onError: (error) => setSummary(`Error processing goal: ${error.message}`),
    });
  };
  const runPreview = (goalIds: string[]) => {
    setSummary(null);
    preview.mutate({ goal_ids: goalIds, template_type: template }, { onSuccess: (response) => setPreviews(response.items), onError: (error) => setSummary(`Failed to generate preview messages: ${error.message}`) });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">
          Showing {items.length} of {total} goals
        </Text>
        <Button variant="default" size="xs" onClick={() => setFiltersOpen((open) => !open)} aria-expanded={filtersOpen}>
          {filtersOpen ? 'Hide filters' : 'Filters'}
        </Button>
      </Group>
      <Collapse in={filtersOpen}>
        <Card withBorder>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <Select label="Goal type" placeholder="All types" clearable data={GOAL_TYPES.map((type) => ({ value: type, label: GOAL_TYPE_LABELS[type] }))} value={filters.goal_type ?? null} onChange={(value) => setFilters({ ...filters, goal_type: (value ?? undefined) as PendingGoalsQuery['goal_type'] })} />
            <Select label="Timeframe" placeholder="All timeframes" clearable data={GOAL_TIMEFRAMES.map((timeframe) => ({ value: timeframe, label: TIMEFRAME_LABELS[timeframe] }))} value={filters.timeframe ?? null} onChange={(value) => setFilters({ ...filters, timeframe: (value ?? undefined) as PendingGoalsQuery['timeframe'] })} />
            <Select label="Submitted" allowDeselect={false} data={SUBMITTED_WINDOWS.map((window) => ({ value: window, label: SUBMITTED_LABELS[window] }))} value={filters.submitted ?? 'all'} onChange={(value) => setFilters({ ...filters, submitted: (value ?? 'all') as PendingGoalsQuery['submitted'] })} />
            <Select label="Message template" allowDeselect={false} data={(templates.data?.templates ?? []).map((entry) => ({ value: entry.id, label: entry.name }))} value={template} onChange={(value) => setTemplate((value ?? 'standard') as MessageTemplateId)} />
          </SimpleGrid>
          <Group mt="sm">
            <Button variant="subtle" size="xs" onClick={() => { setFilters(NO_FILTERS); setTemplate('standard'); }}>
              Reset All
            </Button>
          </Group>
        </Card>
      </Collapse>
      {summary && <Alert color="red">{summary}</Alert>}
      {total === 0 ? (
        <Text c="dimmed">No pending goals to review</Text>
      ) : items.length === 0 ? (
        <Stack align="flex-start">
          <Text c="dimmed">No goals match current filters</Text>
          <Button variant="subtle" size="xs" onClick={() => setFilters(NO_FILTERS)}>
            Clear all filters
          </Button>
        </Stack>
      ) : (
        <>
          <Group gap="xs" wrap="wrap">
            <Button size="xs" variant="default" onClick={() => selectWhere(() => true)}>
              Select All
            </Button>
            <Button size="xs" variant="default" onClick={() => setSelected(new Set())}>
              Deselect All
            </Button>
            <Text size="xs" c="dimmed">
              Quick Select:
            </Text>
            {GOAL_TYPES.map((type) => (
              <Button key={type} size="xs" variant="light" onClick={() => selectWhere((goal) => goal.goal_type === type)}>
                {GOAL_TYPE_LABELS[type]}
              </Button>
            ))}
            {GOAL_TIMEFRAMES.map((timeframe) => (
              <Button key={timeframe} size="xs" variant="light" onClick={() => selectWhere((goal) => goal.timeframe === timeframe)}>
                {TIMEFRAME_LABELS[timeframe]}
              </Button>
            ))}
          </Group>
          <Group gap="xs" wrap="wrap">
            <Button size="sm" disabled={visibleSelected.length === 0 || writerOffline} loading={preview.isPending} onClick={() => runPreview(visibleSelected)}>
              Preview Messages ({visibleSelected.length})
            </Button>
            <Button size="sm" variant="light" disabled={visibleSelected.length === 0} loading={review.isPending} onClick={() => runReview({ items: visibleSelected.map((goal_id) => ({ goal_id, action: 'approve' })) })}>
              Quick Approve ({visibleSelected.length})
            </Button>
            <Button size="sm" variant="light" color="red" disabled={visibleSelected.length === 0} onClick={() => setFeedbackDialog({ action: 'reject', goalIds: visibleSelected })}>
              Batch Reject ({visibleSelected.length})
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {items.map((goal) => (
              <GoalCard
                key={goal.id}
                goal={goal}
                selected={selected.has(goal.id)}
                onToggle={() => toggle(goal.id)}
                onApprove={() => runPreview([goal.id])}
                onRevise={() => setFeedbackDialog({ action: 'request_revision', goalIds: [goal.id] })}
                busy={preview.isPending && preview.variables.goal_ids.length === 1 && preview.variables.goal_ids[0] === goal.id}
                writerOffline={writerOffline}
              />
            ))}
          </SimpleGrid>
        </>
      )}
      {previews && (
        <BatchPreviewModal
          previews={previews}
          templateName={templateName}
          approving={review.isPending}
          onCancel={() => setPreviews(null)}
          onApprove={(messages) => runReview({ items: messages.map(({ goal_id, message }) => ({ goal_id, action: 'approve', message })) }, () => setPreviews(null))}
        />
      )}
      {feedbackDialog && (
        <FeedbackModal
          dialog={feedbackDialog}
          busy={review.isPending}
          onClose={() => setFeedbackDialog(null)}
          onSubmit={(feedback) => runReview({ items: feedbackDialog.goalIds.map((goal_id) => ({ goal_id, action: feedbackDialog.action, feedback })) }, () => setFeedbackDialog(null))}
        />
      )}
    </Stack>
  );
}
