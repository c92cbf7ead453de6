import { Button, Card, Group, Modal, Paper, SimpleGrid, Slider, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  CALCULATOR_DEFAULTS,
  CALCULATOR_OVERRIDE_SHARE_PERCENT,
  CALCULATOR_SLIDERS,
  calculateTeamEarnings,
  formatBpPercent,
  formatDollarsAndCents,
  growthScenarios,
  type CalculatorInputs,
  type EarningsData,
} from '@myeai/domain';
import { LabelledFigure } from '../../../components/ui/labelled-figure.tsx';

type Config = EarningsData['config'];

function SliderField({ id, label, value, display, spec, onChange }: { id: string; label: string; value: number; display: string; spec: { min: number; max: number; step: number }; onChange: (v: number) => void }) {
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500} id={`${id}-label`}>
          {label}
        </Text>
        <Text size="sm" fw={700} data-testid={`${id}-value`}>
          {display}
        </Text>
      </Group>
      <Slider
        thumbLabel={label}
        thumbProps={{ 'aria-valuetext': display }}
        min={spec.min}
        max={spec.max}
        step={spec.step}
        value={value}
        onChange={onChange}
        label={null}
      />
    </div>
  );
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Card withBorder padding="sm">
      <LabelledFigure label={label} value={formatDollarsAndCents(value)} size="lg" testId={testId} />
    </Card>
  );
}

/**
 * The team-building calculator of spec 2 section 9: an illustration of the formula from the cell
 * Lead's point of view. Sliders, defaults, the formula and the growth scenarios all come from one
 * domain function (calculateTeamEarnings); none of it is a figure from the ledger.
 */
export function TeamCalculator({ config }: { config: Config }) {
  const [inputs, setInputs] = useState<CalculatorInputs>(CALCULATOR_DEFAULTS);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const result = calculateTeamEarnings(inputs, config);
  const scenarios = growthScenarios({ average_revenue_dollars: inputs.average_revenue_dollars, activity_percent: inputs.activity_percent }, config);
  const set = (key: keyof CalculatorInputs) => (value: number) => setInputs((current) => ({ ...current, [key]: value }));
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={2} size="h3">
              Team-building calculator
            </Title>
            <Text size="sm" c="dimmed">
              As the cell Lead: what a month could look like at these numbers.
            </Text>
          </div>
          <Button variant="light" size="xs" onClick={() => setDetailsOpen(true)}>
            View Details
          </Button>
        </Group>
        <Paper withBorder p="xs" radius="sm" bg="var(--mantine-color-yellow-0)">
          <Text size="sm" fw={700}>
            Illustration – not actuals
          </Text>
          <Text size="xs">Figures here follow the formula below from the numbers you choose; they are not your earnings and not a promise of any return.</Text>
        </Paper>
        <SliderField id="calc-team" label="Team members" value={inputs.team_size} display={`${inputs.team_size} of ${CALCULATOR_SLIDERS.team_size.max}`} spec={CALCULATOR_SLIDERS.team_size} onChange={set('team_size')} />
        <SliderField
          id="calc-revenue"
          label="Average monthly revenue per member"
          value={inputs.average_revenue_dollars}
          display={`$${inputs.average_revenue_dollars.toLocaleString('en-US')}`}
          spec={CALCULATOR_SLIDERS.average_revenue_dollars}
          onChange={set('average_revenue_dollars')}
        />
        <SliderField id="calc-activity" label="Activity" value={inputs.activity_percent} display={`${inputs.activity_percent}%`} spec={CALCULATOR_SLIDERS.activity_percent} onChange={set('activity_percent')} />
        <SimpleGrid cols={2}>
          <Figure label="Cell revenue" value={result.cell_revenue_cents} testId="calc-cell-revenue" />
          <Figure label={`Direct (${formatBpPercent(config.lead_share_bp)} after the pool)`} value={result.direct_cents} testId="calc-direct" />
          <Figure label={`Override (${CALCULATOR_OVERRIDE_SHARE_PERCENT}% of the ${formatBpPercent(config.override_pool_bp)} pool)`} value={result.override_cents} testId="calc-override" />
          <Figure label="Monthly total" value={result.total_cents} testId="calc-total" />
        </SimpleGrid>
      </Stack>
      <Modal opened={detailsOpen} onClose={() => setDetailsOpen(false)} title="Team potential: how it is computed" size="lg">
        <Stack gap="sm">
          <Text size="sm">
            Cell revenue = team members × average revenue × activity. The override pool is {formatBpPercent(config.override_pool_bp)} of it; the Lead's direct earnings are{' '}
            {formatBpPercent(config.lead_share_bp)} of what the pool leaves, and the override counted here is {CALCULATOR_OVERRIDE_SHARE_PERCENT}% of the pool.
          </Text>
          <Text size="sm" c="dimmed">
            This is the spec's illustration. Real payouts follow the stored configuration: a Lead's overrides come from the revenue of the cells below, at the configured levels.
          </Text>
          <Title order={3} size="h5">
            Growth scenarios at ${inputs.average_revenue_dollars.toLocaleString('en-US')} and {inputs.activity_percent}% activity
          </Title>
          <Table.ScrollContainer minWidth={360}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Cell filled</Table.Th>
                  <Table.Th>Members</Table.Th>
                  <Table.Th>Cell revenue</Table.Th>
                  <Table.Th>Monthly total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {scenarios.map((s) => (
                  <Table.Tr key={s.fill_percent}>
                    <Table.Td>{s.fill_percent}%</Table.Td>
                    <Table.Td>{s.team_size}</Table.Td>
                    <Table.Td>{formatDollarsAndCents(s.result.cell_revenue_cents)}</Table.Td>
                    <Table.Td>{formatDollarsAndCents(s.result.total_cents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      </Modal>
    </Card>
  );
}
