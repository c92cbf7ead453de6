import { Text, Title, type TitleProps } from '@mantine/core';
import { screenHeadingParts, type NavScreenPath } from '@myeai/domain';

type ScreenTitleProps = {
  /** The sidebar screen this page is: its label comes from the route table, as the sidebar's does. */
  screen: NavScreenPath;
  /** The page's own name or greeting, shown after the label ("My Earnings Potential"). */
  name?: string;
  size?: TitleProps['size'];
};

/** The h1 of a sidebar screen: it names the sidebar label the user clicked, so heading and sidebar cannot drift. */
export function ScreenTitle({ screen, name, size }: ScreenTitleProps) {
  const parts = screenHeadingParts(screen, name);
  return (
    <Title order={1} size={size}>
      {parts.label}
      {parts.name && (
        <Text span inherit fw={500} c="dimmed">
          {` — ${parts.name}`}
        </Text>
      )}
    </Title>
  );
}
