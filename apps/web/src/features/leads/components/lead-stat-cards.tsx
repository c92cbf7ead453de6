import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { formatDollarsAndCents, type LeadListResponse } from '@myeai/domain';

/** The hub's four cards, computed by the server over all of the user's leads. */
export function LeadStatCards({ stats }: { stats: LeadListResponse['stats'] | undefined }) {
  if (!stats) {
    return (
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={92} />
        ))}
      </SimpleGrid>
    );
  }
  const cards = [
    { label: 'Total Leads', value: stats.total_leads.toLocaleString('en-US'), note: 'All stages' },
    { label: 'Qualified+', value: stats.qualified_plus.toLocaleString('en-US'), note: 'Qualified or later, not lost' },
    { label: 'Total Value', value: formatDollarsAndCents(stats.total_value_cents), note: 'Lost leads not counted' },
    { label: 'Conversion', value: `${stats.conversion_percent}%`, note: `${stats.closed.toLocaleString('en-US')} closed of ${stats.total_leads.toLocaleString('en-US')}` },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} component="dl" m={0}>
      {cards.map((card) => (
        <Card key={card.label} withBorder padding="md">
          <Text component="dt" size="sm" c="dimmed" fw={600}>
            {card.label}
          </Text>
          <Text component="dd" m={0} size="xl" fw={700}>
            {card.value}
          </Text>
          <Text component="dd" m={0} size="xs" c="dimmed">
            {card.note}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
