import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconCategory, IconCurrencyDollar, IconPackage, IconPercentage } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { formatDollars, formatRate, type ProductList } from '@myeai/domain';

type Tile = { label: string; value: string; icon: ComponentType<{ size?: number }> };

/** Total products, average commission, average price and category count, computed by the server from the catalogue. */
export function ProductMetrics({ metrics }: { metrics: ProductList['metrics'] }) {
  const tiles: Tile[] = [
    { label: 'Total products', value: String(metrics.total_products), icon: IconPackage },
    { label: 'Average commission', value: formatRate(metrics.average_commission_bp), icon: IconPercentage },
    { label: 'Average price', value: formatDollars(metrics.average_price_cents), icon: IconCurrencyDollar },
    { label: 'Categories', value: String(metrics.category_count), icon: IconCategory },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" component="section" aria-label="Catalogue figures">
      {tiles.map((tile) => (
        <Card key={tile.label} withBorder radius="md" padding="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" aria-hidden>
              <tile.icon size={20} />
            </ThemeIcon>
            <div>
              <Text size="xs" c="dimmed">
                {tile.label}
              </Text>
              <Text fw={700} size="lg">
                {tile.value}
              </Text>
            </div>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
