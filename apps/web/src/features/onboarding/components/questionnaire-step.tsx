import { Button, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  AGE_RANGES,
  CONTACT_PREFERENCES,
  CONTACT_TIMES,
  INCOME_LEVELS,
  LEARNING_STYLES,
  OPTION_LABELS,
  RISK_TOLERANCE,
  TIME_AVAILABILITY,
  TRADING_EXPERIENCE,
  type ProfileQuestionnaire,
} from '@myeai/domain';

export type Questionnaire = Omit<ProfileQuestionnaire, 'referral_code'>;

/** The questions' labels, shared by the form and the completed answers' summary. */
export const QUESTION_LABELS: Record<keyof Questionnaire, string> = {
  age_range: 'Age range',
  location: 'Location',
  income_level: 'Income level',
  trading_experience: 'Trading experience',
  risk_tolerance: 'Risk tolerance',
  time_availability: 'Time available',
  learning_style: 'Learning style',
  contact_preference: 'Contact preference',
  best_contact_time: 'Best contact time',
  motivation: 'What motivates you?',
  financial_goals: 'Financial goals',
  biggest_challenge: 'Biggest challenge',
  ideal_trading_day: 'Your ideal trading day',
};

const options = (values: readonly string[]) => values.map((value) => ({ value, label: OPTION_LABELS[value] ?? value }));

type QuestionnaireStepProps = { value: Questionnaire; onChange: (value: Questionnaire) => void };

/** The questions shown first: the ones that shape the trial (what to learn and how, how much time, how much risk). */
const FIRST_QUESTIONS = ['trading_experience', 'time_availability', 'learning_style', 'risk_tolerance'] as const;

/**
 * Step 2: the profile questionnaire with the spec's options. Every question is optional (the
 * server requires none), and each says so; four come first and the rest wait behind "More about
 * you". Contact by email in the evening unless changed.
 */
export function QuestionnaireStep({ value, onChange }: QuestionnaireStepProps) {
  // Opened by itself when an earlier answer sits in the folded part, so editing shows it.
  const [showsMore, setShowsMore] = useState(() =>
    (Object.keys(QUESTION_LABELS) as (keyof Questionnaire)[]).some(
      (key) => !(FIRST_QUESTIONS as readonly string[]).includes(key) && key !== 'contact_preference' && key !== 'best_contact_time' && Boolean(value[key]),
    ),
  );
  const set = <K extends keyof Questionnaire>(key: K, next: Questionnaire[K]) => onChange({ ...value, [key]: next });
  const optional = (key: keyof Questionnaire) => `${QUESTION_LABELS[key]} (optional)`;
  const choice = (key: keyof Questionnaire, values: readonly string[], clearable = true) => (
    <Select
      label={optional(key)}
      data={options(values)}
      value={(value[key] as string | null) ?? null}
      onChange={(next) => set(key, (next ?? (clearable ? null : value[key])) as never)}
      clearable={clearable}
      allowDeselect={clearable}
      placeholder="Choose one"
      comboboxProps={{ withinPortal: true }}
    />
  );
  const text = (key: keyof Questionnaire, long = false) =>
    long ? (
      <Textarea label={optional(key)} value={(value[key] as string | null) ?? ''} onChange={(e) => set(key, e.currentTarget.value as never)} autosize minRows={2} maxLength={1000} />
    ) : (
      <TextInput label={optional(key)} value={(value[key] as string | null) ?? ''} onChange={(e) => set(key, e.currentTarget.value as never)} maxLength={120} />
    );
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Every question is optional: your answers tailor what the trial shows you first.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {choice('trading_experience', TRADING_EXPERIENCE)}
        {choice('time_availability', TIME_AVAILABILITY)}
        {choice('learning_style', LEARNING_STYLES)}
        {choice('risk_tolerance', RISK_TOLERANCE)}
      </SimpleGrid>
      {showsMore ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {choice('age_range', AGE_RANGES)}
          {text('location')}
          {choice('income_level', INCOME_LEVELS)}
          {choice('contact_preference', CONTACT_PREFERENCES, false)}
          {choice('best_contact_time', CONTACT_TIMES, false)}
          {text('motivation', true)}
          {text('financial_goals', true)}
          {text('biggest_challenge', true)}
          {text('ideal_trading_day', true)}
        </SimpleGrid>
      ) : (
        <Button variant="subtle" size="compact-sm" style={{ alignSelf: 'flex-start' }} onClick={() => setShowsMore(true)}>
          More about you (optional)
        </Button>
      )}
    </Stack>
  );
}
