import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { CELL_SEAT_COUNTS, CommissionConfigInputSchema, formatBpPercent, OVERRIDE_LEVELS_MAX, type CommissionConfig } from '@myeai/domain';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { useUpdateCommissionConfig } from '../api/commission-management-api.ts';

/** The form shows percents (46, 0.5); the schema reads basis points (4600, 50). */
type Values = {
  engine_enabled: boolean;
  elite_pool_enabled: boolean;
  payout: { lead_share_bp: number | string; senior_share_bp: number | string; regular_share_bp: number | string; override_pool_bp: number | string; override_levels_bp: (number | string)[] };
};

const toBp = (percent: number | string) => (typeof percent === 'number' ? Math.round(percent * 100) : percent.trim() === '' ? Number.NaN : Math.round(Number(percent) * 100));
const toPercent = (bp: number) => bp / 100;

function initialValues(config: CommissionConfig): Values {
  const { payout } = config;
  return {
    engine_enabled: config.engine_enabled,
    elite_pool_enabled: config.elite_pool_enabled,
    payout: {
      lead_share_bp: toPercent(payout.lead_share_bp),
      senior_share_bp: toPercent(payout.senior_share_bp),
      regular_share_bp: toPercent(payout.regular_share_bp),
      override_pool_bp: toPercent(payout.override_pool_bp),
      override_levels_bp: payout.override_levels_bp.map(toPercent),
    },
  };
}

const percentInput = { decimalScale: 2, min: 0, max: 100, step: 0.1, suffix: '%', hideControls: true } as const;

/**
 * Configuration tab (spec 3 section 2.10): the feature flags (engine, elite pool; no goal
 * achievement bonus exists, DESIGN.md decision 39), the seat rates, the override pool and its
 * levels. The domain schema checks the sums (shares 100 %, levels = pool) here and on the server.
 */
export function ConfigurationForm({ config, onEditElitePool }: { config: CommissionConfig; onEditElitePool?: () => void }) {
  const update = useUpdateCommissionConfig();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useDomainForm(CommissionConfigInputSchema, initialValues(config), {
    toInput: (values: Values) => ({
      engine_enabled: values.engine_enabled,
      elite_pool_enabled: values.elite_pool_enabled,
      payout: {
        lead_share_bp: toBp(values.payout.lead_share_bp),
        senior_share_bp: toBp(values.payout.senior_share_bp),
        regular_share_bp: toBp(values.payout.regular_share_bp),
        override_pool_bp: toBp(values.payout.override_pool_bp),
        override_levels_bp: values.payout.override_levels_bp.map(toBp),
      },
    }),
  });
  const { payout } = form.values;
  const seatsBp = toBp(payout.lead_share_bp) * CELL_SEAT_COUNTS.LEAD + toBp(payout.senior_share_bp) * CELL_SEAT_COUNTS.SENIOR + toBp(payout.regular_share_bp) * CELL_SEAT_COUNTS.REGULAR;
  const levelsBp = payout.override_levels_bp.reduce<number>((sum, level) => sum + toBp(level), 0);
  const levels = payout.override_levels_bp;

  const onSubmit = form.onSubmit((input) => {
    setFormError(null);
    update.mutate(input, {
      onSuccess: (saved) => {
        form.setInitialValues(initialValues(saved));
        form.setValues(initialValues(saved));
        notifications.show({ color: 'green', message: 'Commission configuration saved.' });
      },
      onError: (error) => {
        if (!form.setServerErrors(error)) setFormError(`Failed to save the commission configuration: ${error.message}`);
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Commission configuration">
      <Stack gap="lg" maw={820}>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="sm">
            Feature flags
          </Title>
          <Stack gap="sm">
            <Switch label="Commission engine enabled" description="When off, revenue cannot be processed (Test $1000 still previews)." {...form.getInputProps('engine_enabled', { type: 'checkbox' })} />
            <Switch
              label="Elite Pool enabled"
              description="An Elite Pool cell mirrors the 13 active traders by tier (Lead seat 0, Seniors 1-3, Regulars 4-12), so revenue processed on it pays them."
              {...form.getInputProps('elite_pool_enabled', { type: 'checkbox' })}
            />
            {onEditElitePool && (
              <Button variant="default" size="xs" onClick={onEditElitePool} style={{ alignSelf: 'flex-start' }}>
                Edit Elite Pool
              </Button>
            )}
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Title order={2} size="h4">
            Seat rates
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Shares of what the override pool leaves. 1 Lead + 3 Senior + 9 Regular must make 100% (now {Number.isNaN(seatsBp) ? '—' : formatBpPercent(seatsBp)}).
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput label="Lead (1 seat)" {...percentInput} {...form.getInputProps('payout.lead_share_bp')} />
            <NumberInput label="Senior (each of 3)" {...percentInput} {...form.getInputProps('payout.senior_share_bp')} />
            <NumberInput label="Regular (each of 9)" {...percentInput} {...form.getInputProps('payout.regular_share_bp')} />
          </SimpleGrid>
        </Card>
        <Card withBorder padding="md">
          <Title order={2} size="h4">
            Override pool and levels
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            The pool is a share of the revenue paid up the cell hierarchy; level 1 pays the Lead of the parent cell, level 2 the grandparent's, and so on. The levels must add up to the pool (now{' '}
            {Number.isNaN(levelsBp) ? '—' : formatBpPercent(levelsBp)}).
          </Text>
          <Stack gap="sm">
            <NumberInput label="Override pool" maw={220} {...percentInput} {...form.getInputProps('payout.override_pool_bp')} />
            <SimpleGrid cols={{ base: 2, sm: 5 }}>
              {levels.map((_, index) => (
                <NumberInput key={index} label={`Level ${index + 1}`} {...percentInput} {...form.getInputProps(`payout.override_levels_bp.${index}`)} />
              ))}
            </SimpleGrid>
            {form.errors['payout.override_levels_bp'] && levelsBp !== toBp(payout.override_pool_bp) && (
              <Text size="sm" c="red.9" role="alert">
                {form.errors['payout.override_levels_bp']}
              </Text>
            )}
            <Group gap="xs">
              <Button variant="default" size="xs" disabled={levels.length >= OVERRIDE_LEVELS_MAX} onClick={() => form.insertListItem('payout.override_levels_bp', 0)}>
                Add level
              </Button>
              <Button variant="default" size="xs" disabled={levels.length <= 1} onClick={() => form.removeListItem('payout.override_levels_bp', levels.length - 1)}>
                Remove last level
              </Button>
            </Group>
          </Stack>
        </Card>
        <Group justify="flex-end">
          <Button variant="default" disabled={!form.isDirty() || update.isPending} onClick={() => form.reset()}>
            Discard changes
          </Button>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Save Configuration
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
