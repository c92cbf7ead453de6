import { Group, Text, Title, type MantineSpacing, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';

type PageHeaderProps = {
  title: string;
  /** The dimmed line under the title. */
  subtitle: ReactNode;
  subtitleSize?: MantineSize;
  /** Announce changes of the subtitle (a live count). */
  isSubtitleLive?: boolean;
  gap?: MantineSpacing;
  /** The page's actions, on the right (below on a narrow screen). */
  children?: ReactNode;
};

/** The top of a screen: its h1 and a dimmed line on the left, the page's actions on the right. */
export function PageHeader({ title, subtitle, subtitleSize, isSubtitleLive = false, gap, children }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" gap={gap}>
      <div>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size={subtitleSize} aria-live={isSubtitleLive ? 'polite' : undefined}>
          {subtitle}
        </Text>
      </div>
      {children}
    </Group>
  );
}
