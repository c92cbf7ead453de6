import { Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatBpPercent, UNALLOCATED_EXPLANATION, type CommissionConfig, type CommissionOverview } from '@myeai/domain';

function Tile({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder padding="md" aria-label={`${label}: ${value}`}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Card>
  );
}

/** The four tiles of spec 3 section 2.10 (archived cells are not counted). */
export function OverviewTiles({ overview }: { overview: CommissionOverview }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      <Tile label="Total Cells" value={overview.total_cells} />
      <Tile label="Active Cells" value={overview.active_cells} />
      <Tile label="Locked Cells" value={overview.locked_cells} />
      <Tile label="Total Members" value={overview.total_members} />
    </SimpleGrid>
  );
}

/** The configuration the next run uses: flags, seat rates, override pool and levels. */
export function ConfigurationSummary({ config }: { config: CommissionConfig }) {
  const { payout } = config;
  const rows: [string, string][] = [
    ['Commission engine', config.engine_enabled ? 'Enabled' : 'Disabled'],
    ['Elite Pool', config.elite_pool_enabled ? 'Enabled' : 'Disabled'],
    ['Lead seat (1)', formatBpPercent(payout.lead_share_bp)],
    ['Senior seats (3)', `${formatBpPercent(payout.senior_share_bp)} each`],
    ['Regular seats (9)', `${formatBpPercent(payout.regular_share_bp)} each`],
    ['Override pool', `${formatBpPercent(payout.override_pool_bp)} of revenue`],
    ['Override levels', payout.override_levels_bp.map((level, index) => `L${index + 1} ${formatBpPercent(level)}`).join(', ')],
  ];
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Configuration summary
        </Title>
        {!config.stored && (
          <Text size="xs" c="dimmed">
            Defaults (not saved yet)
          </Text>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Seat rates are shares of what the override pool leaves.
      </Text>
      <Table>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={500}>
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed" mt="sm">
        {UNALLOCATED_EXPLANATION}
      </Text>
    </Card>
  );
}

export function OverviewTab({ overview, config }: { overview: CommissionOverview; config: CommissionConfig }) {
  return (
    <Stack gap="lg">
      <OverviewTiles overview={overview} />
      <ConfigurationSummary config={config} />
    </Stack>
  );
}
