import { Card, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  DEFAULT_GOAL_TYPE,
  DEFAULT_GOAL_UNIT,
  GOAL_TIMEFRAME_LABELS,
  GOAL_TIMEFRAMES,
  GOAL_TYPES,
  GOAL_UNITS,
  goalDeadlineWindow,
  GoalSetupInputSchema,
  isGoalDraftComplete,
  type GoalSetupItem,
  type GoalTimeframe,
  type GoalType,
  type GoalUnit,
} from '@myeai/domain';
import { useDomainForm } from '../../../lib/use-domain-form.ts';

export type GoalDraft = {
  goal_type: GoalType;
  title: string;
  description: string;
  target_value: string | number;
  unit: GoalUnit;
  why_important: string;
  daily_habits: string;
  weekly_habits: string;
  deadline: string;
};
export type GoalDrafts = Record<GoalTimeframe, GoalDraft>;

export function emptyDrafts(): GoalDrafts {
  const draft = (timeframe: GoalTimeframe): GoalDraft => ({
    goal_type: DEFAULT_GOAL_TYPE[timeframe],
    title: '',
    description: '',
    target_value: '',
    unit: DEFAULT_GOAL_UNIT[DEFAULT_GOAL_TYPE[timeframe]],
    why_important: '',
    daily_habits: '',
    weekly_habits: '',
    deadline: '',
  });
  return { short_term: draft('short_term'), mid_term: draft('mid_term'), long_term: draft('long_term') };
}

const lines = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);

/** Only complete tiers are sent: target as a number, deadline as an ISO date. */
export function completeTiers(drafts: GoalDrafts): Partial<Record<GoalTimeframe, GoalSetupItem>> {
  const tiers: Partial<Record<GoalTimeframe, GoalSetupItem>> = {};
  for (const timeframe of GOAL_TIMEFRAMES) {
    const draft = drafts[timeframe];
    if (!isGoalDraftComplete(draft)) continue;
    tiers[timeframe] = {
      goal_type: draft.goal_type,
      title: draft.title.trim(),
      description: draft.description.trim(),
      target_value: Number(draft.target_value),
      unit: draft.unit,
      why_important: draft.why_important.trim(),
      daily_habits: lines(draft.daily_habits),
      weekly_habits: lines(draft.weekly_habits),
      deadline: draft.deadline,
    };
  }
  return tiers;
}

/**
 * The goals step's form: the three tiers as typed, checked by the goal setup schema the server parses, of
 * the complete tiers only (an incomplete tier is not sent, so nothing in it is wrong yet).
 */
export function useGoalsForm(submissionId: string) {
  return useDomainForm(GoalSetupInputSchema, emptyDrafts(), { toInput: (drafts) => ({ ...completeTiers(drafts), submission_id: submissionId }) });
}
export type GoalsForm = ReturnType<typeof useGoalsForm>;

type GoalsStepProps = { form: GoalsForm; today: string };

const label = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** Step 3: short, mid and long-term goals; each tier is sent only when complete. */
export function GoalsStep({ form, today }: GoalsStepProps) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Fill in at least one goal. A goal is saved when it has a title, a target, a deadline and why it matters; goals are reviewed before they go live.
      </Text>
      {GOAL_TIMEFRAMES.map((timeframe) => {
        const window = goalDeadlineWindow(timeframe, today);
        const required = timeframe === 'short_term';
        const field = (key: keyof GoalDraft) => form.getInputProps(`${timeframe}.${key}`);
        const id = `goal-${timeframe}`;
        return (
          <Card key={timeframe} withBorder radius="md" padding="md" component="fieldset" aria-labelledby={`${id}-title`} style={{ minInlineSize: 0 }}>
            <Title order={3} size="h5" id={`${id}-title`} mb="sm">
              {GOAL_TIMEFRAME_LABELS[timeframe]}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Goal type"
                data={GOAL_TYPES.map((type) => ({ value: type, label: label(type) }))}
                {...field('goal_type')}
                onChange={(next) => {
                  if (!next) return;
                  form.setFieldValue(`${timeframe}.goal_type`, next as GoalType);
                  form.setFieldValue(`${timeframe}.unit`, DEFAULT_GOAL_UNIT[next as GoalType]);
                }}
                allowDeselect={false}
              />
              <TextInput label="Title" withAsterisk={required} maxLength={200} {...field('title')} />
              <NumberInput label="Target value" withAsterisk={required} min={0} decimalScale={2} thousandSeparator="," {...field('target_value')} />
              <Select label="Unit" data={GOAL_UNITS.map((unit) => ({ value: unit, label: unit }))} allowDeselect={false} {...field('unit')} />
              <TextInput type="date" label="Deadline" description={`Between ${window.min} and ${window.max}`} withAsterisk={required} min={window.min} max={window.max} {...field('deadline')} />
              <Textarea label="Why is this important to you?" withAsterisk={required} autosize minRows={1} maxLength={2000} {...field('why_important')} />
              <Textarea label="Description" autosize minRows={1} maxLength={2000} {...field('description')} />
              <Textarea label="Daily habits (one per line)" autosize minRows={1} {...field('daily_habits')} />
              <Textarea label="Weekly habits (one per line)" autosize minRows={1} {...field('weekly_habits')} />
            </SimpleGrid>
          </Card>
        );
      })}
    </Stack>
  );
}
