import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { formatPercent } from '../../../lib/percent.ts';
import { useAdminStats } from '../api/trading-admin-api.ts';

/** Total Traders, Active Traders, Active Assets, Avg Accuracy: computed by the server from stored data. */
export function StatCards() {
  const stats = useAdminStats();
  if (stats.isError) return <LoadError message={stats.error.message} onRetry={() => void stats.refetch()} />;
  const data = stats.data;
  const cards = [
    { label: 'Total Traders', value: data ? String(data.total_traders) : null, hint: 'Users holding the trader role' },
    { label: 'Active Traders', value: data ? String(data.active_traders) : null, hint: 'Active members of the Elite Pool' },
    { label: 'Active Assets', value: data ? String(data.active_assets) : null, hint: 'Assets on the market grid' },
    { label: 'Avg agreement with consensus', value: data ? formatPercent(data.avg_accuracy) : null, hint: data?.accuracy_label ?? '' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      {cards.map((card) => (
        <Card key={card.label} withBorder padding="md">
          {card.value === null ? <Skeleton h={28} w={60} /> : <Text size="xl" fw={700} aria-label={`${card.label}: ${card.value}`}>{card.value}</Text>}
          <Text size="sm" fw={600}>
            {card.label}
          </Text>
          <Text size="xs" c="dimmed">
            {card.hint}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
