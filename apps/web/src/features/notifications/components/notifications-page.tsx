import { Button, Container, Group, Stack, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChecks, IconSend, IconSettings } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { decideAccess, NOTIFICATION_FILTERS, type NotificationFilter, type UserProfile } from '@myeai/domain';
import { useBellNotifications, useMarkAllRead } from '../api/notifications-api.ts';
import { showWriteError } from './show-write-error.ts';
import { NotificationList } from './notification-list.tsx';
import { NotificationSettingsModal } from './notification-settings-modal.tsx';
import { SendNotificationModal } from './send-notification-modal.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';

const FILTER_LABELS: Record<NotificationFilter, string> = {
  all: 'All',
  unread: 'Unread',
  commission: 'Commission',
  achievement: 'Achievement',
  leads: 'Leads',
  reminders: 'Reminders',
};

const isFilter = (value: string | null): value is NotificationFilter => NOTIFICATION_FILTERS.some((filter) => filter === value);

/** /notifications (spec 2): filters, mark read, delete, settings; admins also send system notifications. */
export function NotificationsPage({ user }: { user: UserProfile }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('filter');
  const filter: NotificationFilter = isFilter(requested) ? requested : 'all';
  const [isSettingsOpen, settings] = useDisclosure(false);
  const [isSendOpen, send] = useDisclosure(false);
  const summary = useBellNotifications();
  const markAllRead = useMarkAllRead();
  const unread = summary.data?.unread_count ?? 0;
  const isAdmin = decideAccess('admin', { activeRole: user.active_role }) === 'allowed';

  const onFilter = (value: string | null) => {
    if (!isFilter(value)) return;
    setSearchParams(value === 'all' ? {} : { filter: value }, { replace: true });
  };

  const onMarkAll = () => markAllRead.mutate(undefined, { onError: (error) => showWriteError('Could not mark all as read', error) });

  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <PageHeader screen="/notifications" subtitle={summary.data ? (unread === 0 ? 'No unread notifications' : `${unread} unread`) : '\u00a0'} isSubtitleLive gap="sm">
          <Group gap="xs">
            <Button variant="default" leftSection={<IconChecks size={16} />} onClick={onMarkAll} loading={markAllRead.isPending} disabled={unread === 0}>
              Mark all read
            </Button>
            <Button variant="default" leftSection={<IconSettings size={16} />} onClick={settings.open}>
              Settings
            </Button>
            {isAdmin && (
              <Button leftSection={<IconSend size={16} />} onClick={send.open}>
                Send notification
              </Button>
            )}
          </Group>
        </PageHeader>
        <Tabs value={filter} onChange={onFilter} variant="pills" keepMounted={false}>
          <Tabs.List aria-label="Filter notifications">
            {NOTIFICATION_FILTERS.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {FILTER_LABELS[value]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {NOTIFICATION_FILTERS.map((value) => (
            <Tabs.Panel key={value} value={value} pt="md">
              <NotificationList filter={value} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
      <NotificationSettingsModal opened={isSettingsOpen} onClose={settings.close} />
      {isAdmin && <SendNotificationModal opened={isSendOpen} onClose={send.close} />}
    </Container>
  );
}
