import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The label of the role a locked item needs (spec 1 section 2.11): Subscriber, Trader, Admin, otherwise Premium. */
export function lockedContentLabel(requiredRole: string | null | undefined): string {
  if (requiredRole === 'subscriber') return 'Subscriber';
  if (requiredRole === 'trader') return 'Trader';
  if (requiredRole === 'admin') return 'Admin';
  return 'Premium';
}

type LockedContentCardProps = {
  /** The role (or plan) the content needs; anything but subscriber, trader or admin shows as Premium. */
  requiredRole?: string | null;
  title?: string;
  description?: ReactNode;
  /** Where the upgrade button goes; /trading-subscription by default. */
  upgradeHref?: string;
  upgradeLabel?: string;
};

/** Stands in for content the viewer's plan or role does not open, with a way to upgrade. */
export function LockedContentCard({ requiredRole, title, description, upgradeHref = '/trading-subscription', upgradeLabel = 'Upgrade' }: LockedContentCardProps) {
  const label = lockedContentLabel(requiredRole);
  return (
    <Card withBorder radius="md" padding="lg" role="region" aria-label={title ?? `${label} content`}>
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size="xl" radius="xl" variant="light" color="gray" aria-hidden>
          <IconLock size={22} />
        </ThemeIcon>
        <Title order={3} size="h4">
          {title ?? `${label} content`}
        </Title>
        <Text size="sm">{description ?? `This is available with ${label === 'Premium' ? 'a Premium plan' : `the ${label} role`}.`}</Text>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          Requires: {label}
        </Text>
        <Button component={Link} to={upgradeHref} size="sm">
          {upgradeLabel}
        </Button>
      </Stack>
    </Card>
  );
}
