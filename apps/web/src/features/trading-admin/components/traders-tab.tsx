import { Alert, Button, List, Modal, NumberInput, Select, Stack, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { ADMIN_TIER_LABELS, ELITE_POOL, SPECIALIZATION_LABELS, SPECIALIZATIONS, traderTier, UpdateTraderInputSchema, type AdminTrader, type Specialization } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useAdminTraders, useUpdateTrader } from '../api/trading-admin-api.ts';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/form-errors.ts';
import { formatPercent, formatWhen } from '../format.ts';
import { FormFrame } from './form-frame.tsx';

const SPECIALIZATION_OPTIONS = [{ value: '', label: 'None' }, ...SPECIALIZATIONS.map((value) => ({ value, label: SPECIALIZATION_LABELS[value] }))];
/** A tinted alert's coloured title is below 4.5:1 on its own background; the body text colour is not. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };
const FIELDS = ['weight', 'specialization', 'kyc_verified', 'is_active'] as const;
type Field = (typeof FIELDS)[number];

function TraderForm({ trader, onDone }: { trader: AdminTrader; onDone: () => void }) {
  const update = useUpdateTrader();
  const [weight, setWeight] = useState<number | string>(trader.weight);
  const [specialization, setSpecialization] = useState<string>(trader.specialization ?? '');
  const [kyc, setKyc] = useState(trader.kyc_verified);
  const [active, setActive] = useState(trader.is_active);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const numericWeight = typeof weight === 'number' ? weight : Number.NaN;
  const tier = Number.isFinite(numericWeight) ? ADMIN_TIER_LABELS[traderTier(Math.round(numericWeight * 10))] : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = UpdateTraderInputSchema.safeParse({ weight: weight === '' ? undefined : numericWeight, specialization: (specialization || null) as Specialization | null, kyc_verified: kyc, is_active: active });
    if (!parsed.success) return setErrors(zodFieldErrors<Field>(parsed.error));
    update.mutate(
      { userId: trader.user_id, body: parsed.data },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'Trader updated successfully!' });
          onDone();
        },
        onError: (error) => {
          setErrors(serverFieldErrors(error, FIELDS));
          setFormError(`Failed to update trader: ${error.message}`);
        },
      },
    );
  };

  return (
    <FormFrame onSubmit={onSubmit} formError={formError} saving={update.isPending} submitLabel="Save Trader" onCancel={onDone}>
      <Text size="sm">
        {trader.name} ({trader.email})
      </Text>
      <NumberInput
        label="Weight (%)"
        description={tier ? `Tier: ${tier} (40 or more Corpus, 8 to under 40 Senior, else Regular)` : 'From 0 to 100 in steps of 0.1'}
        required
        data-autofocus
        min={0}
        max={100}
        step={0.1}
        decimalScale={1}
        value={weight}
        error={errors.weight}
        onChange={(value) => {
          setWeight(value);
          setErrors((current) => ({ ...current, weight: undefined }));
        }}
      />
      <Select label="Specialization" data={SPECIALIZATION_OPTIONS} value={specialization} allowDeselect={false} error={errors.specialization} onChange={(value) => setSpecialization(value ?? '')} />
      <Switch label="KYC verified" checked={kyc} onChange={(e) => setKyc(e.currentTarget.checked)} />
      <Switch label="Active in the Elite Pool" description={`At most ${ELITE_POOL.size} traders are active at once`} checked={active} error={errors.is_active} onChange={(e) => setActive(e.currentTarget.checked)} />
    </FormFrame>
  );
}

/** Traders tab: the pool with weight, tier, specialization, KYC and scores, and the Elite Pool check. */
export function TradersTab() {
  const traders = useAdminTraders();
  const [editing, setEditing] = useState<AdminTrader | null>(null);
  if (traders.isError) return <LoadError message={traders.error.message} onRetry={() => void traders.refetch()} />;
  if (traders.isPending) return <Text c="dimmed">Loading traders…</Text>;
  const { pool, traders: rows } = traders.data;
  return (
    <Stack gap="md">
      {pool.valid ? (
        <Alert color="green" title="Elite Pool complete" styles={READABLE_TITLE}>
          {ELITE_POOL.size} active traders: {ELITE_POOL.lead} lead (Corpus), {ELITE_POOL.senior} senior, {ELITE_POOL.regular} regular, weighing {formatPercent(pool.total_weight)} in total.
        </Alert>
      ) : (
        <Alert color="orange" title="Elite Pool incomplete" styles={READABLE_TITLE}>
          <Text size="sm">
            Active: {pool.size} (lead {pool.counts.lead}, senior {pool.counts.senior}, regular {pool.counts.regular}). Fixed-mode consensus still runs; fix the pool so the weights add up as designed.
          </Text>
          <List size="sm">
            {pool.problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        Accuracy: {rows[0]?.accuracy_label ?? 'agreement with confirmed consensus'}. Status: active when seen within the last hour.
      </Text>
      {rows.length === 0 ? (
        <Text c="dimmed">No user holds the trader role yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped aria-label="Traders">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Trader</Table.Th>
                <Table.Th>Weight</Table.Th>
                <Table.Th>Tier</Table.Th>
                <Table.Th>Specialization</Table.Th>
                <Table.Th>KYC</Table.Th>
                <Table.Th>Pool</Table.Th>
                <Table.Th>Accuracy</Table.Th>
                <Table.Th>Votes</Table.Th>
                <Table.Th>Last seen</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((trader) => (
                <Table.Tr key={trader.user_id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {trader.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {trader.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatPercent(trader.weight)}</Table.Td>
                  <Table.Td fw={trader.tier === 'regular' ? undefined : 600}>{trader.tier_label}</Table.Td>
                  <Table.Td>{trader.specialization ? SPECIALIZATION_LABELS[trader.specialization] : '—'}</Table.Td>
                  <Table.Td>{trader.kyc_verified ? 'Verified' : 'Not verified'}</Table.Td>
                  <Table.Td>{trader.is_active ? 'Active' : 'Not in pool'}</Table.Td>
                  <Table.Td>{trader.accuracy === null ? '—' : formatPercent(trader.accuracy)}</Table.Td>
                  <Table.Td>{trader.votes_cast}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{trader.status === 'active' ? 'Active' : 'Idle'}</Text>
                    <Text size="xs" c="dimmed">
                      {formatWhen(trader.last_seen_at)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="default" onClick={() => setEditing(trader)} aria-label={`Edit trader ${trader.email}`}>
                      Edit
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Edit Trader" centered>
        {editing && <TraderForm trader={editing} onDone={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}
