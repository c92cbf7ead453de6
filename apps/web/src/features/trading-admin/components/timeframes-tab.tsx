import { Badge, NumberInput, TextInput } from '@mantine/core';
import { CreateTimeframeInputSchema, type Timeframe } from '@myeai/domain';
import { useAdminTimeframes, useCreateTimeframe, useDeactivateTimeframe, useUpdateTimeframe } from '../api/trading-admin-api.ts';
import { useCatalogueForm } from '../hooks/use-catalogue-form.ts';
import { CatalogueTab, type CatalogueColumn } from './catalogue-tab.tsx';
import { FormFrame } from '../../../components/ui/form-frame.tsx';

const COLUMNS: CatalogueColumn<Timeframe>[] = [
  { header: 'Code', cell: (tf) => tf.code, fw: 600 },
  { header: 'Label', cell: (tf) => tf.label },
  { header: 'Minutes', cell: (tf) => tf.minutes },
  { header: 'Voting window', cell: (tf) => `${tf.voting_window_minutes} min` },
  { header: 'Access', cell: (tf) => <Badge variant="dot" color={tf.premium ? 'violet' : 'gray'}>{tf.premium ? 'Premium' : 'Free'}</Badge> },
];

type Values = { code: string; label: string; minutes: number | string; voting_window_minutes: number | string };

/** Empty number inputs stay '' so the shared schema answers with its own message. */
const asNumber = (value: number | string) => (value === '' ? undefined : typeof value === 'number' ? value : Number(value));

function TimeframeForm({ item: timeframe, onDone }: { item: Timeframe | null; onDone: () => void }) {
  const { form, frame } = useCatalogueForm<typeof CreateTimeframeInputSchema, Values>({
    noun: 'timeframe',
    item: timeframe,
    initial: {
      code: timeframe?.code ?? '',
      label: timeframe?.label ?? '',
      minutes: timeframe?.minutes ?? '',
      voting_window_minutes: timeframe?.voting_window_minutes ?? '',
    },
    schema: CreateTimeframeInputSchema,
    toInput: (current) => ({ ...current, minutes: asNumber(current.minutes), voting_window_minutes: asNumber(current.voting_window_minutes) }),
    create: useCreateTimeframe(),
    update: useUpdateTimeframe(),
    onDone,
  });
  return (
    <FormFrame {...frame}>
      <TextInput label="Code" required data-autofocus placeholder="M30" autoComplete="off" {...form.getInputProps('code')} />
      <TextInput label="Label" required placeholder="30 Minutes" autoComplete="off" {...form.getInputProps('label')} />
      <NumberInput label="Minutes" required min={1} step={1} allowDecimal={false} allowNegative={false} {...form.getInputProps('minutes')} />
      <NumberInput
        label="Voting window (minutes)"
        description="How long an entry window on this timeframe stays open for votes"
        required
        min={1}
        step={1}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('voting_window_minutes')}
      />
    </FormFrame>
  );
}

/** Timeframes tab: code, label, minutes and voting window; premium ones need a plan on the compass. */
export function TimeframesTab() {
  return (
    <CatalogueTab
      noun={{ one: 'timeframe', many: 'timeframes' }}
      name={(tf) => tf.code}
      columns={COLUMNS}
      minWidth={600}
      useItems={useAdminTimeframes}
      useUpdate={useUpdateTimeframe}
      useDeactivate={useDeactivateTimeframe}
      reactivation={(tf) => ({ code: tf.code, label: tf.label, minutes: tf.minutes, voting_window_minutes: tf.voting_window_minutes, is_active: true })}
      Form={TimeframeForm}
    />
  );
}
