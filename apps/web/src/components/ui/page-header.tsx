import { Group, Text, type MantineSpacing, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import type { NavScreenPath } from '@myeai/domain';
import { ScreenTitle } from './screen-title.tsx';

type PageHeaderProps = {
  /** The sidebar screen: the h1 names its sidebar label (ScreenTitle). */
  screen: NavScreenPath;
  /** The page's own name after the label. */
  name?: string;
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
export function PageHeader({ screen, name, subtitle, subtitleSize, isSubtitleLive = false, gap, children }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" gap={gap}>
      <div>
        <ScreenTitle screen={screen} name={name} />
        <Text c="dimmed" size={subtitleSize} aria-live={isSubtitleLive ? 'polite' : undefined}>
          {subtitle}
        </Text>
      </div>
      {children}
    </Group>
  );
}
