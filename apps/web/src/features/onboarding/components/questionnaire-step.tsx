import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
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

const options = (values: readonly string[]) => values.map((value) => ({ value, label: OPTION_LABELS[value] ?? value }));

type QuestionnaireStepProps = { value: Questionnaire; onChange: (value: Questionnaire) => void };

/** Step 2: the profile questionnaire with the spec's options; contact by email in the evening by default. */
export function QuestionnaireStep({ value, onChange }: QuestionnaireStepProps) {
  const set = <K extends keyof Questionnaire>(key: K, next: Questionnaire[K]) => onChange({ ...value, [key]: next });
  const choice = (key: keyof Questionnaire, label: string, values: readonly string[], clearable = true) => (
    <Select
      label={label}
      data={options(values)}
      value={(value[key] as string | null) ?? null}
      onChange={(next) => set(key, (next ?? (clearable ? null : value[key])) as never)}
      clearable={clearable}
      allowDeselect={clearable}
      placeholder="Choose one"
      comboboxProps={{ withinPortal: true }}
    />
  );
  const text = (key: keyof Questionnaire, label: string, long = false) =>
    long ? (
      <Textarea label={label} value={(value[key] as string | null) ?? ''} onChange={(e) => set(key, e.currentTarget.value as never)} autosize minRows={2} maxLength={1000} />
    ) : (
      <TextInput label={label} value={(value[key] as string | null) ?? ''} onChange={(e) => set(key, e.currentTarget.value as never)} maxLength={120} />
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {choice('age_range', 'Age range', AGE_RANGES)}
      {text('location', 'Location')}
      {choice('income_level', 'Income level', INCOME_LEVELS)}
      {choice('trading_experience', 'Trading experience', TRADING_EXPERIENCE)}
      {choice('risk_tolerance', 'Risk tolerance', RISK_TOLERANCE)}
      {choice('time_availability', 'Time available', TIME_AVAILABILITY)}
      {choice('learning_style', 'Learning style', LEARNING_STYLES)}
      {choice('contact_preference', 'Contact preference', CONTACT_PREFERENCES, false)}
      {choice('best_contact_time', 'Best contact time', CONTACT_TIMES, false)}
      {text('motivation', 'What motivates you?', true)}
      {text('financial_goals', 'Financial goals', true)}
      {text('biggest_challenge', 'Biggest challenge', true)}
      {text('ideal_trading_day', 'Your ideal trading day', true)}
    </SimpleGrid>
  );
}
