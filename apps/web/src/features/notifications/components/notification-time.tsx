import { Text } from '@mantine/core';
import { formatFullTime, formatRelativeTime } from '../../../lib/relative-time.ts';

export function NotificationTime({ iso, now }: { iso: string; now: number }) {
  return (
    <Text component="time" dateTime={iso} title={formatFullTime(iso)} size="xs" c="dimmed">
      {formatRelativeTime(iso, now, { dateAfterDays: 30 })}
    </Text>
  );
}
