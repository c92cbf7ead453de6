import { Card, Stack, Text, Title } from '@mantine/core';
import type { TraderNotice } from '../countdown.ts';

const time = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** The latest 3 live trading notices received on this page (spec 3 section 2.2). */
export function RecentNotificationsCard({ notices }: { notices: readonly TraderNotice[] }) {
  const latest = notices.slice(0, 3);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="recent-notifications-title">
      <Title order={2} size="h4" id="recent-notifications-title" mb="sm">
        Recent Notifications
      </Title>
      {latest.length === 0 ? (
        <Text size="sm" c="dimmed">
          No recent notifications
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-live="polite">
          {latest.map((notice) => (
            <li key={notice.id}>
              <Text size="sm" fw={600}>
                {notice.title}{' '}
                <Text span size="xs" c="dimmed" fw={400}>
                  {time.format(new Date(notice.at))}
                </Text>
              </Text>
              <Text size="sm">{notice.message}</Text>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
