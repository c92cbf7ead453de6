import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { NotificationTime, useBellNotifications } from '../../notifications/index.ts';

const SHOWN = 3;

/**
 * The latest 3 notifications (spec 3 section 2.2), from the same list as the bell: the card and
 * the bell's unread count never disagree, and a vote request of a closed window reads "closed"
 * as the server lists it (by the server's clock, not this browser's).
 */
export function RecentNotificationsCard() {
  const bell = useBellNotifications();
  const now = useNow(60_000);
  const latest = (bell.data?.items ?? []).slice(0, SHOWN);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="recent-notifications-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="recent-notifications-title">
          Recent Notifications
        </Title>
        {bell.data && bell.data.unread_count > 0 && (
          <Text size="sm" c="dimmed">
            {bell.data.unread_count} unread
          </Text>
        )}
      </Group>
      {bell.isPending && <Skeleton h={60} />}
      {bell.isError && <LoadError message={bell.error.message} onRetry={() => void bell.refetch()} />}
      {bell.data &&
        (latest.length === 0 ? (
          <Text size="sm" c="dimmed">
            No recent notifications
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-live="polite">
            {latest.map((notification) => (
              <li key={notification.id}>
                <Text size="sm" fw={notification.read ? 500 : 700}>
                  {notification.title}
                </Text>
                <Text size="sm">{notification.message}</Text>
                <NotificationTime iso={notification.created_at} now={now} />
              </li>
            ))}
          </Stack>
        ))}
      {bell.data && latest.length > 0 && (
        <Anchor component={Link} to="/notifications" size="sm" mt="sm" display="inline-block">
          View all notifications
        </Anchor>
      )}
    </Card>
  );
}
