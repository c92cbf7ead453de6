import { Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  formatGoalDay,
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

const TIER_NAMES: Record<GoalTimeframe, string> = { short_term: 'a short-term', mid_term: 'a mid-term', long_term: 'a long-term' };

/**
 * Step 3: one goal to start with (the short term), the mid and long term each one click away.
 * A goal needs four fields (marked *: title, target, deadline, why it matters), the ones the
 * server requires of every goal it is sent; the rest is marked optional and folded away. Each
 * tier is sent only when complete.
 */
export function GoalsStep({ form, today }: GoalsStepProps) {
  const [openTiers, setOpenTiers] = useState<readonly GoalTimeframe[]>(['short_term']);
  const [withDetails, setWithDetails] = useState<readonly GoalTimeframe[]>([]);
  const closedTiers = GOAL_TIMEFRAMES.filter((timeframe) => !openTiers.includes(timeframe));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Set at least one goal. The fields marked * are what a goal needs to be saved; goals are reviewed before they go live.
      </Text>
      {GOAL_TIMEFRAMES.filter((timeframe) => openTiers.includes(timeframe)).map((timeframe) => {
        const window = goalDeadlineWindow(timeframe, today);
        const field = (key: keyof GoalDraft) => form.getInputProps(`${timeframe}.${key}`);
        const id = `goal-${timeframe}`;
        const hasDetails = withDetails.includes(timeframe);
        return (
          <Card key={timeframe} withBorder radius="md" padding="md" component="fieldset" aria-labelledby={`${id}-title`} style={{ minInlineSize: 0 }}>
            <Title order={3} size="h5" id={`${id}-title`} mb="sm">
              {GOAL_TIMEFRAME_LABELS[timeframe]}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Title" withAsterisk aria-required maxLength={200} {...field('title')} />
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
              <NumberInput label="Target value" withAsterisk aria-required min={0} decimalScale={2} thousandSeparator="," {...field('target_value')} />
              <Select label="Unit" data={GOAL_UNITS.map((unit) => ({ value: unit, label: unit }))} allowDeselect={false} {...field('unit')} />
              <TextInput
                type="date"
                label="Deadline"
                description={`Between ${formatGoalDay(window.min)} and ${formatGoalDay(window.max)}`}
                withAsterisk
                aria-required
                min={window.min}
                max={window.max}
                {...field('deadline')}
              />
              <Textarea label="Why is this important to you?" withAsterisk aria-required autosize minRows={1} maxLength={2000} {...field('why_important')} />
              {hasDetails && (
                <>
                  <Textarea label="Description (optional)" autosize minRows={1} maxLength={2000} {...field('description')} />
                  <Textarea label="Daily habits (optional, one per line)" autosize minRows={1} {...field('daily_habits')} />
                  <Textarea label="Weekly habits (optional, one per line)" autosize minRows={1} {...field('weekly_habits')} />
                </>
              )}
            </SimpleGrid>
            {!hasDetails && (
              <Button variant="subtle" size="compact-sm" mt="sm" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setWithDetails((tiers) => [...tiers, timeframe])}>
                Description and habits (optional)
              </Button>
            )}
          </Card>
        );
      })}
      {closedTiers.length > 0 && (
        <Group gap="sm">
          {closedTiers.map((timeframe) => (
            <Button key={timeframe} variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpenTiers((tiers) => [...tiers, timeframe])}>
              Add {TIER_NAMES[timeframe]} goal (optional)
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
