import { Alert, Button, Card, Checkbox, Group, NumberInput, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { centsToDollarText, PAYOUT_METHOD_LABELS, PAYOUT_METHODS, parseDollars, PayoutSettingsSchema, type PayoutMethod, type PayoutSettingsBody } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { usePayoutSettings, useSavePayoutSettings } from '../api/admin-payouts-api.ts';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * The fields carry the API's names (so every message lands on its field) but show what an admin
 * types: a weekday name, a clock time, dollars; the schema reads 0-6, minutes after midnight UTC, cents.
 */
type Values = {
  schedule_weekday: string;
  schedule_minute_utc: string;
  minimum_cents: string;
  wire_threshold_cents: string;
  holding_days: number | string;
  details_hold_hours: number | string;
  methods_enabled: string[];
};

const pad = (value: number) => String(value).padStart(2, '0');

function toValues(settings: PayoutSettingsBody): Values {
  return {
    schedule_weekday: String(settings.schedule_weekday),
    schedule_minute_utc: `${pad(Math.floor(settings.schedule_minute_utc / 60))}:${pad(settings.schedule_minute_utc % 60)}`,
    minimum_cents: centsToDollarText(settings.minimum_cents),
    wire_threshold_cents: centsToDollarText(settings.wire_threshold_cents),
    holding_days: settings.holding_days,
    details_hold_hours: settings.details_hold_hours,
    methods_enabled: settings.methods_enabled,
  };
}

/** Typed dollars as cents; anything that is not an amount is NaN, which the schema refuses on its field. */
const cents = (text: string) => {
  const parsed = parseDollars(text);
  return parsed.ok ? parsed.cents : Number.NaN;
};
const whole = (value: number | string) => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value));

function toInput(values: Values) {
  const [hours, minutes] = values.schedule_minute_utc.split(':').map(Number);
  return {
    schedule_weekday: Number(values.schedule_weekday),
    schedule_minute_utc: (hours ?? Number.NaN) * 60 + (minutes ?? Number.NaN),
    minimum_cents: cents(values.minimum_cents),
    wire_threshold_cents: cents(values.wire_threshold_cents),
    holding_days: whole(values.holding_days),
    details_hold_hours: whole(values.details_hold_hours),
    methods_enabled: values.methods_enabled as PayoutMethod[],
  };
}

function SettingsForm({ settings }: { settings: PayoutSettingsBody }) {
  const save = useSavePayoutSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useDomainForm(PayoutSettingsSchema, toValues(settings), { toInput });

  const onSubmit = form.onSubmit((input) => {
    setFormError(null);
    save.mutate(input, {
      onSuccess: (saved) => {
        form.setInitialValues(toValues(saved));
        form.setValues(toValues(saved));
        notifications.show({ color: 'green', message: 'Payout settings saved.' });
      },
      onError: (error) => {
        if (!form.setServerErrors(error)) setFormError(error.message);
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Payout settings">
      <Stack gap="sm">
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <Select
            label="Weekly batch day (UTC)"
            data={WEEKDAYS.map((day, index) => ({ value: String(index), label: day }))}
            allowDeselect={false}
            {...form.getInputProps('schedule_weekday')}
          />
          <TextInput label="Batch time (UTC)" type="time" {...form.getInputProps('schedule_minute_utc')} />
          <TextInput label="Minimum payout ($)" inputMode="decimal" {...form.getInputProps('minimum_cents')} />
          <TextInput label="Wire transfer above ($)" inputMode="decimal" {...form.getInputProps('wire_threshold_cents')} />
          <NumberInput label="Holding period (days)" description="0: earnings are available at once" min={0} max={365} allowDecimal={false} {...form.getInputProps('holding_days')} />
          <NumberInput label="New details hold (hours)" description="0: new details are usable at once" min={0} max={720} allowDecimal={false} {...form.getInputProps('details_hold_hours')} />
        </SimpleGrid>
        <Checkbox.Group label="Methods payees may choose" {...form.getInputProps('methods_enabled')}>
          <Group mt={6} gap="md">
            {PAYOUT_METHODS.map((method) => (
              <Checkbox key={method} value={method} label={PAYOUT_METHOD_LABELS[method]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" disabled={!form.isDirty() || save.isPending} onClick={() => form.reset()}>
            Discard changes
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The settings every batch and every payee's balance read (issue 30 item 3). */
export function PayoutSettingsCard() {
  const settings = usePayoutSettings();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payout-settings-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="payout-settings-title">
            Settings
          </Title>
          <Text size="sm" c="dimmed">
            The schedule, the minimum and the holds every batch applies; payees see the same figures.
          </Text>
        </div>
        {settings.isError ? (
          <LoadError message={settings.error.message} onRetry={() => void settings.refetch()} />
        ) : settings.isPending ? (
          <Skeleton h={200} radius="md" />
        ) : (
          <SettingsForm settings={settings.data} />
        )}
      </Stack>
    </Card>
  );
}
