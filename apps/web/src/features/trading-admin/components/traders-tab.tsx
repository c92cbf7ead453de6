import { Alert, Anchor, Button, Group, List, Modal, NumberInput, Select, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_TIER_LABELS, ELITE_POOL, SPECIALIZATION_LABELS, SPECIALIZATIONS, traderTier, UpdateTraderInputSchema, type AdminTrader } from '@myeai/domain';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { PersonCell } from '../../../components/ui/person-cell.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useAdminTraders, useUpdateTrader } from '../api/trading-admin-api.ts';
import { formatPercent } from '../../../lib/percent.ts';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { formatWhen } from '../format.ts';
import { FormFrame } from '../../../components/ui/form-frame.tsx';
import { TraderTrackRecordCard } from '../../trader-dashboard/index.ts';

const SPECIALIZATION_OPTIONS = [{ value: '', label: 'None' }, ...SPECIALIZATIONS.map((value) => ({ value, label: SPECIALIZATION_LABELS[value] }))];
/** A tinted alert's coloured title is below 4.5:1 on its own background; the body text colour is not. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };
/** As shown: the weight input's '' while empty, the specialization select's '' for None. */
type TraderValues = { weight: number | string; specialization: string; kyc_verified: boolean; is_active: boolean };

function TraderForm({ trader, onDone }: { trader: AdminTrader; onDone: () => void }) {
  const update = useUpdateTrader();
  const form = useDomainForm(
    UpdateTraderInputSchema,
    { weight: trader.weight, specialization: trader.specialization ?? '', kyc_verified: trader.kyc_verified, is_active: trader.is_active } as TraderValues,
    { toInput: (values) => ({ ...values, weight: values.weight === '' ? null : Number(values.weight), specialization: values.specialization || null }) },
  );
  const [formError, setFormError] = useState<string | null>(null);
  const { weight } = form.values;
  const numericWeight = typeof weight === 'number' ? weight : Number.NaN;
  const tier = Number.isFinite(numericWeight) ? ADMIN_TIER_LABELS[traderTier(Math.round(numericWeight * 10))] : null;

  const onSubmit = form.onSubmit(
    (body) => {
      setFormError(null);
      update.mutate(
        { userId: trader.user_id, body },
        {
          onSuccess: () => {
            notifications.show({ color: 'green', message: 'Trader updated successfully!' });
            onDone();
          },
          onError: (error) => {
            form.setServerErrors(error);
            setFormError(`Failed to update trader: ${error.message}`);
          },
        },
      );
    },
    () => setFormError(null),
  );

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
        {...form.getInputProps('weight')}
      />
      <Select label="Specialization" data={SPECIALIZATION_OPTIONS} allowDeselect={false} {...form.getInputProps('specialization')} />
      <Switch label="KYC verified" {...form.getInputProps('kyc_verified', { type: 'checkbox' })} />
      <Switch label="Active in the Elite Pool" description={`At most ${ELITE_POOL.size} traders are active at once`} {...form.getInputProps('is_active', { type: 'checkbox' })} />
    </FormFrame>
  );
}

/** Traders tab: the pool with weight, tier, specialization, KYC and scores, and the Elite Pool check. */
export function TradersTab() {
  const traders = useAdminTraders();
  const [editing, setEditing] = useState<AdminTrader | null>(null);
  const [viewing, setViewing] = useState<AdminTrader | null>(null);
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
        Agreement with consensus: {rows[0]?.accuracy_label ?? 'agreement with confirmed consensus'}. Status: active when seen within the last hour.
      </Text>
      <DataTable
        rows={rows}
        rowKey={(trader) => trader.user_id}
        empty={
          <>
            No user holds the trader role yet.{' '}
            <Anchor component={Link} to="/admin-users" underline="always">
              Grant it in People Management
            </Anchor>
          </>
        }
        scroll={{ minWidth: 900 }}
        table={{ striped: true, 'aria-label': 'Traders' }}
        columns={[
          {
            key: 'trader',
            header: 'Trader',
            cell: (trader) => <PersonCell name={trader.name} detail={trader.email} fw={600} />,
          },
          { key: 'weight', header: 'Weight', cell: (trader) => formatPercent(trader.weight) },
          { key: 'tier', header: 'Tier', cell: (trader) => trader.tier_label, td: (trader) => ({ fw: trader.tier === 'regular' ? undefined : 600 }) },
          { key: 'specialization', header: 'Specialization', cell: (trader) => (trader.specialization ? SPECIALIZATION_LABELS[trader.specialization] : '—') },
          { key: 'kyc', header: 'KYC', cell: (trader) => (trader.kyc_verified ? 'Verified' : 'Not verified') },
          { key: 'pool', header: 'Pool', cell: (trader) => (trader.is_active ? 'Active' : 'Not in pool') },
          { key: 'accuracy', header: 'Agreement with consensus', cell: (trader) => formatPercent(trader.accuracy) },
          { key: 'votes', header: 'Votes', cell: (trader) => trader.votes_cast },
          {
            key: 'seen',
            header: 'Last seen',
            cell: (trader) => (
              <>
                <Text size="sm">{trader.status === 'active' ? 'Active' : 'Idle'}</Text>
                <Text size="xs" c="dimmed">
                  {formatWhen(trader.last_seen_at)}
                </Text>
              </>
            ),
          },
          {
            key: 'actions',
            header: 'Actions',
            cell: (trader) => (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="default" onClick={() => setEditing(trader)} aria-label={`Edit trader ${trader.email}`}>
                  Edit
                </Button>
                {trader.has_profile && (
                  <Button size="xs" variant="default" onClick={() => setViewing(trader)} aria-label={`Track record of ${trader.email}`}>
                    Record
                  </Button>
                )}
              </Group>
            ),
          },
        ]}
      />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Edit Trader" centered>
        {editing && <TraderForm trader={editing} onDone={() => setEditing(null)} />}
      </Modal>
      <Modal opened={viewing !== null} onClose={() => setViewing(null)} title={viewing ? `Track record: ${viewing.name}` : 'Track record'} size="xl" centered>
        {viewing && <TraderTrackRecordCard traderId={viewing.user_id} title="Record against the market" />}
      </Modal>
    </Stack>
  );
}
