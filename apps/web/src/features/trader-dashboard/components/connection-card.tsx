import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useLiveStatus } from '../../../lib/live-channel.tsx';
import type { DesktopAlertPermission } from '../hooks/use-desktop-alerts.ts';

const STATUS = {
  open: { label: 'Real-time notifications active', color: 'green' },
  connecting: { label: 'Connecting...', color: 'yellow' },
  down: { label: 'Connection error', color: 'red' },
  closed: { label: 'Connection error', color: 'red' },
} as const;

type ConnectionCardProps = { permission: DesktopAlertPermission; onEnableAlerts: () => void };

/** The live socket's state (spec 3 section 2.2) and the desktop alerts switch. */
export function ConnectionCard({ permission, onEnableAlerts }: ConnectionCardProps) {
  const status = useLiveStatus();
  const shown = STATUS[status];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="connection-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="connection-title">
          Connection Status
        </Title>
        <Group gap="xs" role="status">
          <Badge color={shown.color} variant="dot" size="lg">
            {shown.label}
          </Badge>
        </Group>
        {status !== 'open' && <Text size="sm">Until the live connection is back, the windows refresh every 30 seconds.</Text>}
        {permission === 'default' && (
          <Button variant="light" size="xs" onClick={onEnableAlerts}>
            Enable desktop alerts
          </Button>
        )}
        {permission === 'granted' && <Text size="sm">Desktop alerts are on for new positions and final results.</Text>}
        {permission === 'denied' && <Text size="sm">Desktop alerts are blocked in this browser&apos;s site settings.</Text>}
      </Stack>
    </Card>
  );
}
