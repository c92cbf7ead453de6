import { Alert, Badge, Button, Group, Modal, NumberInput, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { CreateTimeframeInputSchema, type Timeframe } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useAdminTimeframes, useCreateTimeframe, useDeactivateTimeframe, useUpdateTimeframe } from '../api/trading-admin-api.ts';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../form-errors.ts';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';

const FIELDS = ['code', 'label', 'minutes', 'voting_window_minutes'] as const;
type Field = (typeof FIELDS)[number];
type Values = { code: string; label: string; minutes: number | string; voting_window_minutes: number | string };

/** Empty number inputs stay '' so the shared schema answers with its own message. */
const asNumber = (value: number | string) => (value === '' ? undefined : typeof value === 'number' ? value : Number(value));

function TimeframeForm({ timeframe, onDone }: { timeframe: Timeframe | null; onDone: () => void }) {
  const create = useCreateTimeframe();
  const update = useUpdateTimeframe();
  const [values, setValues] = useState<Values>({
    code: timeframe?.code ?? '',
    label: timeframe?.label ?? '',
    minutes: timeframe?.minutes ?? '',
    voting_window_minutes: timeframe?.voting_window_minutes ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const saving = create.isPending || update.isPending;
  const set = (field: Field, value: string | number) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = CreateTimeframeInputSchema.safeParse({ ...values, minutes: asNumber(values.minutes), voting_window_minutes: asNumber(values.voting_window_minutes) });
    if (!parsed.success) return setErrors(zodFieldErrors<Field>(parsed.error));
    const verb = timeframe ? 'update' : 'create';
    const onError = (error: Error) => {
      setErrors(serverFieldErrors(error, FIELDS));
      setFormError(`Failed to ${verb} timeframe: ${error.message}`);
    };
    const onSuccess = () => {
      notifications.show({ color: 'green', message: timeframe ? 'Timeframe updated successfully!' : 'Timeframe created successfully!' });
      onDone();
    };
    if (timeframe) update.mutate({ id: timeframe.id, body: parsed.data }, { onSuccess, onError });
    else create.mutate(parsed.data, { onSuccess, onError });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput label="Code" required data-autofocus placeholder="M30" autoComplete="off" value={values.code} error={errors.code} onChange={(e) => set('code', e.currentTarget.value)} />
        <TextInput label="Label" required placeholder="30 Minutes" autoComplete="off" value={values.label} error={errors.label} onChange={(e) => set('label', e.currentTarget.value)} />
        <NumberInput label="Minutes" required min={1} step={1} allowDecimal={false} allowNegative={false} value={values.minutes} error={errors.minutes} onChange={(value) => set('minutes', value)} />
        <NumberInput
          label="Voting window (minutes)"
          description="How long an entry window on this timeframe stays open for votes"
          required
          min={1}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          value={values.voting_window_minutes}
          error={errors.voting_window_minutes}
          onChange={(value) => set('voting_window_minutes', value)}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {timeframe ? 'Save Timeframe' : 'Add Timeframe'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Timeframes tab: code, label, minutes and voting window; premium ones need a plan on the compass. */
export function TimeframesTab() {
  const [showInactive, setShowInactive] = useState(false);
  const timeframes = useAdminTimeframes(showInactive);
  const [editing, setEditing] = useState<Timeframe | null | 'new'>(null);
  const [deactivating, setDeactivating] = useState<Timeframe | null>(null);
  const deactivate = useDeactivateTimeframe();
  const update = useUpdateTimeframe();

  const onDeactivate = () => {
    if (!deactivating) return;
    deactivate.mutate(deactivating.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: 'Timeframe deactivated successfully!' });
        setDeactivating(null);
      },
      onError: (error) => notifications.show({ color: 'red', message: `Failed to delete timeframe: ${error.message}` }),
    });
  };
  const onReactivate = (tf: Timeframe) =>
    update.mutate(
      { id: tf.id, body: { code: tf.code, label: tf.label, minutes: tf.minutes, voting_window_minutes: tf.voting_window_minutes, is_active: true } },
      {
        onSuccess: () => notifications.show({ color: 'green', message: 'Timeframe updated successfully!' }),
        onError: (error) => notifications.show({ color: 'red', message: `Failed to update timeframe: ${error.message}` }),
      },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Switch label="Show deactivated timeframes" checked={showInactive} onChange={(e) => setShowInactive(e.currentTarget.checked)} />
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          Add Timeframe
        </Button>
      </Group>
      {timeframes.isError ? (
        <LoadError message={timeframes.error.message} onRetry={() => void timeframes.refetch()} />
      ) : timeframes.isPending ? (
        <Text c="dimmed">Loading timeframes…</Text>
      ) : timeframes.data.timeframes.length === 0 ? (
        <Text c="dimmed">No timeframes yet. Add the first one.</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped aria-label="Timeframes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Label</Table.Th>
                <Table.Th>Minutes</Table.Th>
                <Table.Th>Voting window</Table.Th>
                <Table.Th>Access</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {timeframes.data.timeframes.map((tf) => (
                <Table.Tr key={tf.id}>
                  <Table.Td fw={600}>{tf.code}</Table.Td>
                  <Table.Td>{tf.label}</Table.Td>
                  <Table.Td>{tf.minutes}</Table.Td>
                  <Table.Td>{tf.voting_window_minutes} min</Table.Td>
                  <Table.Td>{tf.premium ? <Badge variant="dot" color="violet">Premium</Badge> : <Badge variant="dot" color="gray">Free</Badge>}</Table.Td>
                  <Table.Td>
                    <Badge color={tf.is_active ? 'green' : 'gray'} variant="dot">
                      {tf.is_active ? 'Active' : 'Deactivated'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setEditing(tf)} aria-label={`Edit timeframe ${tf.code}`}>
                        Edit
                      </Button>
                      {tf.is_active ? (
                        <Button size="xs" variant="default" onClick={() => setDeactivating(tf)} aria-label={`Deactivate timeframe ${tf.code}`}>
                          Deactivate
                        </Button>
                      ) : (
                        <Button size="xs" variant="default" onClick={() => onReactivate(tf)} aria-label={`Reactivate timeframe ${tf.code}`}>
                          Reactivate
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Add Timeframe' : 'Edit Timeframe'} centered>
        {editing !== null && <TimeframeForm timeframe={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmModal
        opened={deactivating !== null}
        title="Deactivate timeframe"
        message={`Are you sure you want to deactivate timeframe "${deactivating?.code ?? ''}"?`}
        confirmLabel="Deactivate"
        loading={deactivate.isPending}
        onConfirm={onDeactivate}
        onClose={() => setDeactivating(null)}
      />
    </Stack>
  );
}
