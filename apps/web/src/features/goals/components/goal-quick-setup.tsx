import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { INCOMPLETE_GOALS_MESSAGE, isoDay, type QuickSetupContext } from '@myeai/domain';
import { useMemo, useState } from 'react';
import { GoalsStep, useGoalsForm } from '../../onboarding/index.ts';
import { useGoalProfileStatus, useQuickSetupGoals, useSkipGoalSetup } from '../api/goals-api.ts';

/** Each place the modal opens says why goals help there (spec 2, "Goal quick-setup modal"). */
export const QUICK_SETUP_TEXTS: Record<QuickSetupContext, { title: string; subtitle: string; benefit: string }> = {
  personalization: {
    title: 'Personalise your Business Hub',
    subtitle: 'Tell us what you are working towards, and your Hub follows it with you.',
    benefit: 'Your Monthly target card and Goal Progress move by themselves as your commissions come in.',
  },
  delayed_data: {
    title: 'Give your trading a direction',
    subtitle: 'You are looking at the Compass with delayed data. Set the goals your trading is for.',
    benefit: 'Goal Progress shows whether you are on track, ahead or behind, week by week.',
  },
  earnings: {
    title: 'Turn your earnings potential into a target',
    subtitle: 'Set what you want to earn over the next months.',
    benefit: 'A monetary goal in USD is measured from your commission ledger: nothing to enter by hand.',
  },
  commission: {
    title: 'Set a target for your commissions',
    subtitle: 'Decide what your affiliate work should earn you.',
    benefit: 'Every commission you earn moves your monetary goal and the Business Hub target as it happens.',
  },
};

/**
 * The goal quick-setup modal: opens by itself when the server says so (a trader or affiliate without
 * goals who has not skipped it in the last 7 days). Mount it once on a screen with its context.
 */
export function GoalQuickSetupPrompt({ context, enabled = true }: { context: QuickSetupContext; enabled?: boolean }) {
  const status = useGoalProfileStatus(enabled);
  const skip = useSkipGoalSetup();
  const opened = enabled && status.data?.prompt === true;
  const texts = QUICK_SETUP_TEXTS[context];
  // Closing it any way (X, Escape, outside) is "Skip for now": otherwise it would reopen on the next screen.
  const onSkip = () => skip.mutate();
  return (
    <Modal opened={opened} onClose={onSkip} title={texts.title} size="xl" closeButtonProps={{ 'aria-label': 'Close (skip for now)' }}>
      {opened && <QuickSetupForm context={context} onSkip={onSkip} skipping={skip.isPending} skipError={skip.error?.message ?? null} />}
    </Modal>
  );
}

/**
 * The same form on demand, for a role without the goal screen (/goals): "Create Your First Goal"
 * on /goal-progress opens it here instead of sending an investor into the onboarding wizard.
 */
export function GoalQuickSetupButton({ label }: { label: string }) {
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>{label}</Button>
      <Modal opened={opened} onClose={close} title={label} size="xl">
        {opened && <QuickSetupForm context="personalization" onSkip={close} skipping={false} skipError={null} dismissLabel="Cancel" onSaved={close} />}
      </Modal>
    </>
  );
}

type QuickSetupFormProps = {
  context: QuickSetupContext;
  onSkip: () => void;
  skipping: boolean;
  skipError: string | null;
  dismissLabel?: string;
  onSaved?: () => void;
};

/** Mounted while the modal is open: one submission id per opening, so a re-sent Save creates the goals once. */
function QuickSetupForm({ context, onSkip, skipping, skipError, dismissLabel = 'Skip for now', onSaved }: QuickSetupFormProps) {
  const texts = QUICK_SETUP_TEXTS[context];
  const submissionId = useMemo(() => crypto.randomUUID(), []);
  const form = useGoalsForm(submissionId);
  const save = useQuickSetupGoals();
  const [error, setError] = useState<string | null>(null);
  const submit = form.onSubmit(
    ({ submission_id, ...goals }) => {
      setError(null);
      if (!goals.short_term && !goals.mid_term && !goals.long_term) return setError(INCOMPLETE_GOALS_MESSAGE);
      save.mutate(
        { goals, context, ...(submission_id ? { submission_id } : {}) },
        {
          onSuccess: () => onSaved?.(),
          onError: (failure) => {
            form.setServerErrors(failure);
            setError(`Failed to save goals. Please try again. (${failure.message})`);
          },
        },
      );
    },
    () => setError(null),
  );
  return (
    <Stack>
      <div>
        <Text>{texts.subtitle}</Text>
        <Text size="sm" c="dimmed" mt={4}>
          {texts.benefit}
        </Text>
      </div>
      <GoalsStep form={form} today={isoDay(new Date())} />
      {error && <Alert color="red">{error}</Alert>}
      {skipError && <Alert color="red">{`Could not skip: ${skipError}`}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onSkip} loading={skipping}>
          {dismissLabel}
        </Button>
        <Button onClick={() => submit()} loading={save.isPending}>
          Save Goals
        </Button>
      </Group>
    </Stack>
  );
}
