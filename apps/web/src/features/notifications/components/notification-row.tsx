import { ActionIcon, Badge, Box, Button, Group, Paper, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconArrowRight, IconCheck, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { notificationTarget, notificationTargetLabel, type Notification } from '@myeai/domain';
import { NOTIFICATION_LOOKS } from '../notification-icons.ts';
import { NotificationTime } from './notification-time.tsx';

type RowProps = {
  notification: Notification;
  now: number;
  isMarking: boolean;
  onMarkRead: (notification: Notification) => void;
  onDelete: (notification: Notification) => void;
};

export function NotificationRow({ notification, now, isMarking, onMarkRead, onDelete }: RowProps) {
  const look = NOTIFICATION_LOOKS[notification.type];
  const target = notificationTarget(notification);
  return (
    <Paper component="li" withBorder p="md" radius="md" bg={notification.read ? undefined : 'var(--mantine-color-blue-light)'}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={look.color} size="lg" radius="xl" aria-hidden>
          <look.icon size={20} />
        </ThemeIcon>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={notification.read ? 500 : 700} style={{ overflowWrap: 'anywhere' }}>
              {notification.title}
            </Text>
            {!notification.read && (
              <Badge size="xs" variant="filled">
                Unread
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" mt={2} style={{ overflowWrap: 'anywhere' }}>
            {notification.message}
          </Text>
          <Group gap="xs" mt={4}>
            <Text size="xs" c="dimmed">
              {look.label}
            </Text>
            <Text size="xs" c="dimmed" aria-hidden>
              ·
            </Text>
            <NotificationTime iso={notification.created_at} now={now} />
          </Group>
          {target && (
            <Button component={Link} to={target} size="compact-sm" variant="light" mt="xs" rightSection={<IconArrowRight size={14} />}>
              {notificationTargetLabel(target)}
            </Button>
          )}
        </Box>
        <Group gap={4} wrap="nowrap">
          {!notification.read && (
            <Tooltip label="Mark as read">
              <ActionIcon variant="subtle" loading={isMarking} onClick={() => onMarkRead(notification)} aria-label={`Mark "${notification.title}" as read`}>
                <IconCheck size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label="Delete">
            <ActionIcon variant="subtle" color="red" onClick={() => onDelete(notification)} aria-label={`Delete "${notification.title}"`}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
