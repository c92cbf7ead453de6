import { Card, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  DEFAULT_GOAL_TYPE,
  DEFAULT_GOAL_UNIT,
  GOAL_TIMEFRAME_LABELS,
  GOAL_TIMEFRAMES,
  GOAL_TYPES,
  GOAL_UNITS,
  goalDeadlineWindow,
  isGoalDraftComplete,
  type GoalSetupItem,
  type GoalTimeframe,
  type GoalType,
  type GoalUnit,
} from '@myeai/domain';

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

type GoalsStepProps = { value: GoalDrafts; onChange: (value: GoalDrafts) => void; today: string; errors: Partial<Record<string, string>> };

const label = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** Step 3: short, mid and long-term goals; each tier is sent only when complete. */
export function GoalsStep({ value, onChange, today, errors }: GoalsStepProps) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Fill in at least one goal. A goal is saved when it has a title, a target, a deadline and why it matters; goals are reviewed before they go live.
      </Text>
      {GOAL_TIMEFRAMES.map((timeframe) => {
        const draft = value[timeframe];
        const window = goalDeadlineWindow(timeframe, today);
        const required = timeframe === 'short_term';
        const set = <K extends keyof GoalDraft>(key: K, next: GoalDraft[K]) => onChange({ ...value, [timeframe]: { ...draft, [key]: next } });
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
                value={draft.goal_type}
                onChange={(next) => next && onChange({ ...value, [timeframe]: { ...draft, goal_type: next as GoalType, unit: DEFAULT_GOAL_UNIT[next as GoalType] } })}
                allowDeselect={false}
              />
              <TextInput label="Title" withAsterisk={required} value={draft.title} onChange={(e) => set('title', e.currentTarget.value)} maxLength={200} />
              <NumberInput label="Target value" withAsterisk={required} value={draft.target_value} onChange={(next) => set('target_value', next)} min={0} decimalScale={2} thousandSeparator="," />
              <Select label="Unit" data={GOAL_UNITS.map((unit) => ({ value: unit, label: unit }))} value={draft.unit} onChange={(next) => next && set('unit', next as GoalUnit)} allowDeselect={false} />
              <TextInput
                type="date"
                label="Deadline"
                description={`Between ${window.min} and ${window.max}`}
                withAsterisk={required}
                value={draft.deadline}
                min={window.min}
                max={window.max}
                onChange={(e) => set('deadline', e.currentTarget.value)}
                error={errors[`${timeframe}.deadline`]}
              />
              <Textarea label="Why is this important to you?" withAsterisk={required} value={draft.why_important} onChange={(e) => set('why_important', e.currentTarget.value)} autosize minRows={1} maxLength={2000} />
              <Textarea label="Description" value={draft.description} onChange={(e) => set('description', e.currentTarget.value)} autosize minRows={1} maxLength={2000} />
              <Textarea label="Daily habits (one per line)" value={draft.daily_habits} onChange={(e) => set('daily_habits', e.currentTarget.value)} autosize minRows={1} />
              <Textarea label="Weekly habits (one per line)" value={draft.weekly_habits} onChange={(e) => set('weekly_habits', e.currentTarget.value)} autosize minRows={1} />
            </SimpleGrid>
          </Card>
        );
      })}
    </Stack>
  );
}
