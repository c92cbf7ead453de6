import { Card, SimpleGrid, Text, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';

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
