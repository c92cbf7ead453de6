import { Alert, Button, Card, Group, Slider, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { TRADING_MESSAGES, type TradingSettings } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useAdminSettings, useUpdateSettings } from '../api/trading-admin-api.ts';

function ThresholdSlider(props: { id: string; label: string; help: string; value: number; min: number; max: number; onChange: (value: number) => void; error?: string | undefined }) {
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

function ThresholdsForm({ settings }: { settings: TradingSettings }) {
  const update = useUpdateSettings();
  const [confirmation, setConfirmation] = useState(settings.confirmation_threshold);
  const [exit, setExit] = useState(settings.exit_threshold);
  const [formError, setFormError] = useState<string | null>(null);
  const ranges = settings.ranges;
  const crossed = exit > confirmation;
  const dirty = confirmation !== settings.confirmation_threshold || exit !== settings.exit_threshold;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (crossed) return;
    update.mutate(
      { confirmation_threshold: confirmation, exit_threshold: exit },
      {
        onSuccess: () => notifications.show({ color: 'green', message: 'Consensus settings updated successfully!' }),
        onError: (error) => setFormError(`Failed to update consensus settings: ${error.message}`),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <ThresholdSlider
          id="confirmation-threshold"
          label="Confirmation threshold"
          help={`The top weighted share at or above this confirms a consensus when a window closes (${ranges.confirmation_threshold.min}-${ranges.confirmation_threshold.max}, default ${ranges.confirmation_threshold.default}).`}
          value={confirmation}
          min={ranges.confirmation_threshold.min}
          max={ranges.confirmation_threshold.max}
          onChange={setConfirmation}
        />
        <ThresholdSlider
          id="exit-threshold"
          label="Exit threshold"
          help={`A confirmed bias whose share in a later window falls below this exits (${ranges.exit_threshold.min}-${ranges.exit_threshold.max}, default ${ranges.exit_threshold.default}). Between the two thresholds it holds.`}
          value={exit}
          min={ranges.exit_threshold.min}
          max={ranges.exit_threshold.max}
          onChange={setExit}
          error={crossed ? TRADING_MESSAGES.exitAboveConfirmation : undefined}
        />
        <Text size="sm">The engine uses the saved thresholds from the next window close on.</Text>
        <Group justify="flex-end">
          <Button
            variant="default"
            disabled={update.isPending}
            onClick={() => {
              setConfirmation(ranges.confirmation_threshold.default);
              setExit(ranges.exit_threshold.default);
            }}
          >
            Reset to defaults
          </Button>
          <Button type="submit" loading={update.isPending} disabled={crossed || !dirty}>
            Save Thresholds
          </Button>
        </Group>
      </Stack>
    </form>
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
