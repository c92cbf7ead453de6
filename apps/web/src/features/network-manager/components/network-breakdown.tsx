import { Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { NetworkAnalytics } from '@myeai/domain';

const KINDS = [
  { key: 'lead', label: 'Lead seats', color: 'grape.8' },
  { key: 'senior', label: 'Senior seats', color: 'blue.8' },
  { key: 'regular', label: 'Regular seats', color: 'teal.8' },
] as const;

/** member_distribution and fill_analytics of the analytics answer (spec 3 section 3): seats filled per kind, and cells by fill. */
export function NetworkBreakdown({ data }: { data: NetworkAnalytics }) {
  const fill = data.fill_analytics;
  const cells = [
    { label: 'full (13 of 13 seats)', value: fill.full_cells },
    { label: 'partly filled', value: fill.partial_cells },
    { label: 'empty', value: fill.empty_cells },
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Card withBorder padding="md" radius="md" component="section" aria-labelledby="member-distribution-title">
        <Title order={2} size="h5" id="member-distribution-title" mb="xs">
          Member distribution
        </Title>
        <Stack gap="xs">
          {KINDS.map((kind) => {
            const { filled, seats } = data.member_distribution[kind.key];
            return (
              <div key={kind.key} data-testid={`distribution-${kind.key}`}>
                <Group justify="space-between" gap="xs">
                  <Text size="sm">{kind.label}</Text>
                  <Text size="sm" fw={600}>
                    {filled} of {seats} filled
                  </Text>
                </Group>
                <Progress value={seats === 0 ? 0 : (filled / seats) * 100} color={kind.color} aria-label={`${kind.label}: ${filled} of ${seats} filled`} />
              </div>
            );
          })}
        </Stack>
      </Card>
      <Card withBorder padding="md" radius="md" component="section" aria-labelledby="fill-analytics-title">
        <Title order={2} size="h5" id="fill-analytics-title" mb="xs">
          Fill analytics
        </Title>
        <SimpleGrid cols={3} spacing="xs">
          {cells.map((cell) => (
            <div key={cell.label}>
              <Text size="xl" fw={700}>
                {cell.value}
              </Text>
              <Text size="xs" c="dimmed">
                {cell.value === 1 ? 'cell' : 'cells'} {cell.label}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Card>
    </SimpleGrid>
  );
}
