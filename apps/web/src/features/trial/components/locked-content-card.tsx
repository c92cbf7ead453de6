import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

type LockedContentCardProps = { requiredRole?: 'subscriber' | 'trader' | 'admin' | 'premium'; message?: string; upgradeTo?: string };

const LABEL = { subscriber: 'Subscriber', trader: 'Trader', admin: 'Admin', premium: 'Premium' } as const;

/** Spec 1 section 2.11: what a refused (403) staged or paid feature shows instead of its content. */
export function LockedContentCard({ requiredRole = 'premium', message, upgradeTo = '/trading-subscription' }: LockedContentCardProps) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size="xl" radius="xl" variant="light" aria-hidden>
          <IconLock />
        </ThemeIcon>
        <Title order={3} size="h4">
          {LABEL[requiredRole]} content
        </Title>
        <Text size="sm" c="dimmed">
          {message ?? `This content requires the ${LABEL[requiredRole]} access level.`}
        </Text>
        <Button component={Link} to={upgradeTo}>
          Upgrade
        </Button>
      </Stack>
    </Card>
  );
}
