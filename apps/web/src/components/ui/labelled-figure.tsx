import { Text, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';

type LabelledFigureProps = { label: string; value: ReactNode; size?: MantineSize; testId?: string };

/** One figure inside a card or panel: its dimmed label above, the value bold below. */
export function LabelledFigure({ label, value, size, testId }: LabelledFigureProps) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size={size} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}
