import { Text } from '@mantine/core';
import { formatFullTime, formatRelativeTime } from '../relative-time.ts';

export function NotificationTime({ iso, now }: { iso: string; now: number }) {
  return (
    <Text component="time" dateTime={iso} title={formatFullTime(iso)} size="xs" c="dimmed">
      {formatRelativeTime(iso, now)}
    </Text>
  );
}
