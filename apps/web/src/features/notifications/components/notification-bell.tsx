import { ActionIcon, Box, Button, Group, Indicator, Popover, Skeleton, Stack, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { emptyStateText, notificationTarget, unreadBadgeLabel, type Notification } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useBellNotifications, useMarkAllRead, useMarkRead } from '../api/notifications-api.ts';
import { useLiveStatus } from '../../../lib/live-channel.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { useNotificationsLiveRefresh } from '../live/use-notifications-live-refresh.ts';
import { NOTIFICATION_LOOKS } from '../notification-icons.ts';
import { NotificationTime } from './notification-time.tsx';
import { showWriteError } from './show-write-error.ts';

const DROPDOWN_MAX_HEIGHT = 360;

type BellItemProps = { notification: Notification; now: number; isBusy: boolean; onOpen: (notification: Notification) => void };

function BellItem({ notification, now, isBusy, onOpen }: BellItemProps) {
  const look = NOTIFICATION_LOOKS[notification.type];
  return (
    <li>
      <UnstyledButton
        onClick={() => onOpen(notification)}
        disabled={isBusy}
        w="100%"
        px="sm"
        py="xs"
        bg={notification.read ? undefined : 'var(--mantine-color-blue-light)'}
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color={look.color} size="md" radius="xl" aria-hidden>
            <look.icon size={16} />
          </ThemeIcon>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={notification.read ? 500 : 700} lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
              {!notification.read && <VisuallyHidden>Unread: </VisuallyHidden>}
              {notification.title}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {notification.message}
            </Text>
            <NotificationTime iso={notification.created_at} now={now} />
          </Box>
          {!notification.read && <Box w={8} h={8} mt={6} bg="blue.6" style={{ borderRadius: '50%', flexShrink: 0 }} aria-hidden />}
        </Group>
      </UnstyledButton>
    </li>
  );
}

/** The bell in the header: unread badge ("9+" above 9) and a dropdown of the latest notifications. */
export function NotificationBell() {
  const [isOpen, setOpen] = useState(false);
  const bell = useBellNotifications();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const navigate = useNavigate();
  const now = useNow(60_000);
  const liveStatus = useLiveStatus();
  useNotificationsLiveRefresh();
  const count = bell.data?.unread_count ?? 0;
  const badge = unreadBadgeLabel(count);

  const onOpenItem = (notification: Notification) => {
    if (!notification.read) {
      markRead.mutate(notification.id, { onError: (error) => showWriteError('Could not mark the notification as read', error) });
    }
    const target = notificationTarget(notification);
    if (target) {
      setOpen(false);
      void navigate(target);
    }
  };

  const onMarkAll = () => markAllRead.mutate(undefined, { onError: (error) => showWriteError('Could not mark all as read', error) });

  const empty = emptyStateText('all');

  return (
    <Indicator label={badge && <span aria-hidden>{badge}</span>} disabled={!badge} size={18} color="red" offset={6} inline withBorder zIndex={1}>
      <Popover opened={isOpen} onChange={setOpen} position="bottom-end" width={380} shadow="md" withArrow trapFocus={false} returnFocus>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => setOpen((open) => !open)}
            aria-label={bell.data ? `Notifications, ${count} unread` : 'Notifications'}
            data-live-status={liveStatus}
          >
            <IconBell size={22} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} maw="calc(100vw - 16px)">
          <Group justify="space-between" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
            <Text fw={700}>Notifications</Text>
            <Button size="compact-sm" variant="subtle" onClick={onMarkAll} loading={markAllRead.isPending} disabled={count === 0}>
              Mark all read
            </Button>
          </Group>
          {/* Scrolls up and down only: a long word (a link, an id) wraps instead of widening the list
              (Mantine's ScrollArea lays its content out as a table, which grows with it). */}
          <Box mah={DROPDOWN_MAX_HEIGHT} style={{ overflowY: 'auto', overflowX: 'hidden' }} data-bell-list>
            <Box p="xs">
              {bell.isPending ? (
                <Stack gap="xs" aria-label="Loading notifications">
                  {[0, 1, 2].map((i) => (
                    <Skeleton key={i} h={56} />
                  ))}
                </Stack>
              ) : bell.isError ? (
                <LoadError message={bell.error.message} onRetry={() => void bell.refetch()} />
              ) : bell.data.items.length === 0 ? (
                <Stack gap={4} align="center" py="lg" px="md">
                  <Text fw={600}>{empty.title}</Text>
                  <Text size="sm" c="dimmed" ta="center">
                    {empty.message}
                  </Text>
                </Stack>
              ) : (
                <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Latest notifications">
                  {bell.data.items.map((notification) => (
                    <BellItem
                      key={notification.id}
                      notification={notification}
                      now={now}
                      isBusy={markRead.isPending && markRead.variables === notification.id}
                      onOpen={onOpenItem}
                    />
                  ))}
                </Stack>
              )}
            </Box>
          </Box>
          <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Button component={Link} to="/notifications" variant="light" fullWidth onClick={() => setOpen(false)}>
              View all notifications
            </Button>
          </Box>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
