import { Button, Modal, NumberInput, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ExtendTrialInputSchema, TRIAL_EXTENSION_DEFAULT_DAYS } from '@myeai/domain';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { useExpireTrials, useExtendTrial } from '../api/trial-analytics-api.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

type ExtendTrialModalProps = { trial: { id: string; name: string } | null; onClose: () => void };

/** Extend a trial (by default TRIAL_EXTENSION_DEFAULT_DAYS); the server adds them to the later of now and the trial's end. */
export function ExtendTrialModal({ trial, onClose }: ExtendTrialModalProps) {
  // The number input's '' while empty goes to the schema as null, so its own message answers.
  const form = useDomainForm(ExtendTrialInputSchema, { days: TRIAL_EXTENSION_DEFAULT_DAYS as number | string }, {
    toInput: ({ days }) => ({ days: days === '' ? null : Number(days) }),
    validateInputOnChange: true,
  });
  const extend = useExtendTrial();
  const submit = form.onSubmit(({ days }) => {
    if (!trial) return;
    extend.mutate(
      { id: trial.id, days },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: `Trial of ${trial.name} extended to ${new Date(answer.trial_ends_at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}.` });
          onClose();
        },
        onError: (error) => {
          form.setServerErrors(error);
          notifications.show({ color: 'red', title: 'Failed to extend trial', message: error.message });
        },
      },
    );
  });
  return (
    <Modal opened={trial !== null} onClose={onClose} title={`Extend the trial of ${trial?.name ?? ''}`} centered>
      <form onSubmit={submit} noValidate aria-label="Extend the trial">
        <NumberInput label="Days to add" min={1} max={90} allowDecimal={false} data-autofocus {...form.getInputProps('days')} />
        <FormActions saving={extend.isPending} onCancel={onClose} disabled={!form.isValid()} mt="lg">
          Extend trial
        </FormActions>
      </form>
    </Modal>
  );
}

/** Ends every trial whose time is up (the expiry jobs do this on their own; this runs it now). */
export function ExpireTrialsButton() {
  const [open, setOpen] = useState(false);
  const expire = useExpireTrials();
  const confirm = () =>
    expire.mutate(undefined, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.expired_trials === 1 ? '1 trial expired.' : `${answer.expired_trials} trials expired.` });
        setOpen(false);
      },
      onError: (error) => notifications.show({ color: 'red', title: 'Failed to expire trials', message: error.message }),
    });
  return (
    <>
      <Button variant="light" color="red" onClick={() => setOpen(true)}>
        Expire Trials
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Expire trials now?" centered>
        <Text size="sm">Every trial whose end has passed is marked expired now and its user is told. Running trials are not touched.</Text>
        <FormActions saving={expire.isPending} onCancel={() => setOpen(false)} onConfirm={confirm} color="red" mt="lg">
          Expire trials
        </FormActions>
      </Modal>
    </>
  );
}
