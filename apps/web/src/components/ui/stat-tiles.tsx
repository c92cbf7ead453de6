import { Card, Group, SimpleGrid, Text, ThemeIcon, type SimpleGridProps } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

export type StatFigure = { label: string; value: ReactNode; testId?: string };

type StatTilesProps = {
  figures: readonly StatFigure[];
  cols: SimpleGridProps['cols'];
  /** Compact tiles (smaller figure and label) for a row of secondary figures. */
  compact?: boolean;
};

/**
 * The one way a screen shows a row of figures (decision 047): a bordered card per figure, the
 * value large and bold, its label dimmed below. Values come from stored data, never stand-ins.
 */
export function StatTiles({ figures, cols, compact = false }: StatTilesProps) {
  return (
    <SimpleGrid cols={cols}>
      {figures.map((figure) => (
        <Card key={figure.label} withBorder padding={compact ? 'sm' : 'md'}>
          <Text size={compact ? 'lg' : 'xl'} fw={700} data-testid={figure.testId}>
            {figure.value}
          </Text>
          <Text size={compact ? 'xs' : 'sm'} c="dimmed">
            {figure.label}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export type IconStatFigure = { label: string; value: string; icon: ComponentType<{ size?: number }> };

/** A labelled section of four figures, each with its icon, the label above the value (the catalogue's and the learning hub's tiles). */
export function IconStatTiles({ figures, label }: { figures: readonly IconStatFigure[]; label: string }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" component="section" aria-label={label}>
      {figures.map((tile) => (
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

/** One figure card: the label dimmed above the value, with an optional note below (the earnings and referral dashboards). */
export function FigureCard({ label, value, note, testId }: { label: string; value: string; note?: string; testId?: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Card>
  );
}
