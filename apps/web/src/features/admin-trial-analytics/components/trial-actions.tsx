import { Button, Group, Modal, NumberInput, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { TRIAL_EXTENSION_DEFAULT_DAYS } from '@myeai/domain';
import { useExpireTrials, useExtendTrial } from '../api/trial-analytics-api.ts';

type ExtendTrialModalProps = { trial: { id: string; name: string } | null; onClose: () => void };

/** Extend a trial (by default TRIAL_EXTENSION_DEFAULT_DAYS); the server adds them to the later of now and the trial's end. */
export function ExtendTrialModal({ trial, onClose }: ExtendTrialModalProps) {
  const [days, setDays] = useState<string | number>(TRIAL_EXTENSION_DEFAULT_DAYS);
  const extend = useExtendTrial();
  const valid = typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= 90;
  const submit = () => {
    if (!trial || !valid) return;
    extend.mutate(
      { id: trial.id, days },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: `Trial of ${trial.name} extended to ${new Date(answer.trial_ends_at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}.` });
          onClose();
        },
        onError: (error) => notifications.show({ color: 'red', title: 'Failed to extend trial', message: error.message }),
      },
    );
  };
  return (
    <Modal opened={trial !== null} onClose={onClose} title={`Extend the trial of ${trial?.name ?? ''}`} centered>
      <NumberInput label="Days to add" value={days} onChange={setDays} min={1} max={90} allowDecimal={false} error={valid ? null : 'Enter 1 to 90 days.'} data-autofocus />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={submit} loading={extend.isPending} disabled={!valid}>
          Extend trial
        </Button>
      </Group>
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
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={expire.isPending}>
            Expire trials
          </Button>
        </Group>
      </Modal>
    </>
  );
}
