import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { OPTION_LABELS, TRIAL_LENGTH_DAYS } from '@myeai/domain';
import { QUESTION_LABELS, type Questionnaire } from './questionnaire-step.tsx';

type CompletedOnboardingProps = {
  answers: Questionnaire;
  referrer: string | null;
  hasGoals: boolean;
  onEditAnswers: () => void;
  onSetGoals: () => void;
};

const shown = (value: string | null) => (value === null || value.trim() === '' ? 'Not answered' : (OPTION_LABELS[value] ?? value));

/**
 * /onboarding once the questionnaire is saved: the stored answers with a way to edit them, and
 * the goals step for a user who has no goals yet (the goal screens send such users here).
 */
export function CompletedOnboarding({ answers, referrer, hasGoals, onEditAnswers, onSetGoals }: CompletedOnboardingProps) {
  return (
    <Stack gap="md">
      <Card withBorder padding="lg" component="section" aria-labelledby="onboarding-answers-title">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h3" id="onboarding-answers-title">
            Your onboarding answers
          </Title>
          <Button variant="light" onClick={onEditAnswers}>
            Edit answers
          </Button>
        </Group>
        <Text size="sm" mb="sm">
          {referrer ? `You were referred by ${referrer}.` : 'No one referred you.'}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl" m={0}>
          {(Object.keys(QUESTION_LABELS) as (keyof Questionnaire)[]).map((key) => (
            <div key={key}>
              <Text component="dt" size="xs" c="dimmed">
                {QUESTION_LABELS[key]}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                {shown(answers[key])}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="onboarding-goals-title">
        <Title order={2} size="h3" id="onboarding-goals-title" mb="xs">
          Your goals
        </Title>
        {hasGoals ? (
          <Text size="sm">Your goals are set. Their progress shows on your Business Hub.</Text>
        ) : (
          <Group justify="space-between">
            <Text size="sm">You have not set any goals yet. The free {TRIAL_LENGTH_DAYS}-day trial can be activated once they are set, if you have not used it already.</Text>
            <Button onClick={onSetGoals}>Set your goals</Button>
          </Group>
        )}
      </Card>
    </Stack>
  );
}
