import { Button, Card, Group, Slider, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { TRADING_MESSAGES, UpdateTradingSettingsInputSchema, type TradingSettings } from '@myeai/domain';
import { FormFrame } from '../../../components/ui/form-frame.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { useAdminSettings, useUpdateSettings } from '../api/trading-admin-api.ts';

function ThresholdSlider(props: { id: string; label: string; help: string; value: number; min: number; max: number; onChange: (value: number) => void; error?: ReactNode }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" fw={600} id={props.id}>
          {props.label}
        </Text>
        <Text size="sm" fw={700}>
          {props.value}%
        </Text>
      </Group>
      <Slider
        thumbLabel={props.label}
        min={props.min}
        max={props.max}
        step={1}
        value={props.value}
        onChange={props.onChange}
        marks={[
          { value: props.min, label: `${props.min}%` },
          { value: props.max, label: `${props.max}%` },
        ]}
        mb="md"
      />
      <Text size="xs" c="dimmed">
        {props.help}
      </Text>
      {props.error && (
        <Text size="sm" c="red.9" role="alert">
          {props.error}
        </Text>
      )}
    </Stack>
  );
}

/** The two thresholds of the settings update, both required here: the form always sends both. */
const ThresholdsInputSchema = UpdateTradingSettingsInputSchema.pick({ confirmation_threshold: true, exit_threshold: true }).required();

function ThresholdsForm({ settings }: { settings: TradingSettings }) {
  const update = useUpdateSettings();
  const form = useDomainForm(ThresholdsInputSchema, { confirmation_threshold: settings.confirmation_threshold, exit_threshold: settings.exit_threshold });
  const [formError, setFormError] = useState<string | null>(null);
  const ranges = settings.ranges;
  const { confirmation_threshold: confirmation, exit_threshold: exit } = form.values;
  const crossed = exit > confirmation;
  const dirty = form.isDirty();

  const onSubmit = form.onSubmit((input) => {
    setFormError(null);
    if (crossed) return;
    update.mutate(input, {
      onSuccess: () => notifications.show({ color: 'green', message: 'Consensus settings updated successfully!' }),
      onError: (error) => {
        form.setServerErrors(error);
        setFormError(`Failed to update consensus settings: ${error.message}`);
      },
    });
  });

  return (
    <FormFrame onSubmit={onSubmit} formError={formError} gap="lg">
      <ThresholdSlider
        id="confirmation-threshold"
        label="Confirmation threshold"
        help={`The top weighted share at or above this confirms a consensus when a window closes (${ranges.confirmation_threshold.min}-${ranges.confirmation_threshold.max}, default ${ranges.confirmation_threshold.default}).`}
        min={ranges.confirmation_threshold.min}
        max={ranges.confirmation_threshold.max}
        {...form.getInputProps('confirmation_threshold')}
        value={confirmation}
      />
      <ThresholdSlider
        id="exit-threshold"
        label="Exit threshold"
        help={`A confirmed bias whose share in a later window falls below this exits (${ranges.exit_threshold.min}-${ranges.exit_threshold.max}, default ${ranges.exit_threshold.default}). Between the two thresholds it holds.`}
        min={ranges.exit_threshold.min}
        max={ranges.exit_threshold.max}
        {...form.getInputProps('exit_threshold')}
        value={exit}
        error={crossed ? TRADING_MESSAGES.exitAboveConfirmation : form.errors.exit_threshold}
      />
      <Text size="sm">The engine uses the saved thresholds from the next window close on.</Text>
      <Group justify="flex-end">
        <Button
          variant="default"
          disabled={update.isPending}
          onClick={() => form.setValues({ confirmation_threshold: ranges.confirmation_threshold.default, exit_threshold: ranges.exit_threshold.default })}
        >
          Reset to defaults
        </Button>
        <Button type="submit" loading={update.isPending} disabled={crossed || !dirty}>
          Save Thresholds
        </Button>
      </Group>
    </FormFrame>
  );
}

/** Settings tab: the confirmation and exit thresholds, saved and used by the engine. */
export function SettingsTab() {
  const settings = useAdminSettings();
  if (settings.isError) return <LoadError message={settings.error.message} onRetry={() => void settings.refetch()} />;
  if (settings.isPending) return <Text c="dimmed">Loading settings…</Text>;
  return (
    <Card withBorder padding="md" maw={720}>
      <Title order={3} size="h4" mb="md">
        Consensus thresholds
      </Title>
      <ThresholdsForm key={settings.data.updated_at ?? 'defaults'} settings={settings.data} />
    </Card>
  );
}
