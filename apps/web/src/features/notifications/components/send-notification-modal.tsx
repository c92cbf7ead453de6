import { Button, Group, Modal, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { ROLE_LABELS, ROLES, SendSystemNotificationInputSchema, type Role } from '@myeai/domain';
import { useSendSystemNotification } from '../api/send-system-notification.ts';
import { showWriteError } from './show-write-error.ts';

type FieldErrors = Partial<Record<'title' | 'message' | 'role', string>>;

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

function SendForm({ onClose }: { onClose: () => void }) {
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [audienceKind, setAudienceKind] = useState<'all' | 'role'>('all');
  const [role, setRole] = useState<Role | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const send = useSendSystemNotification();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (audienceKind === 'role' && !role) {
      setErrors({ role: 'Choose a role.' });
      return;
    }
    const audience = audienceKind === 'role' && role ? { kind: 'role' as const, role } : { kind: 'all' as const };
    const parsed = SendSystemNotificationInputSchema.safeParse({ title, message, audience });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'title' || field === 'message') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: 'Notification queued for delivery' });
        onClose();
      },
      onError: (error) => showWriteError('Could not send the notification', error),
    });
  };

  return (
    <form onSubmit={onSubmit} aria-label="Send a system notification" noValidate>
      <Stack gap="md">
        <TextInput
          label="Title"
          value={title}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
            setErrors((current) => ({ ...current, title: undefined }));
          }}
          error={errors.title}
          maxLength={120}
          required
        />
        <Textarea
          label="Message"
          value={message}
          onChange={(e) => {
            setMessage(e.currentTarget.value);
            setErrors((current) => ({ ...current, message: undefined }));
          }}
          error={errors.message}
          maxLength={1000}
          autosize
          minRows={3}
          required
        />
        <Radio.Group label="Send to" value={audienceKind} onChange={(value) => setAudienceKind(value === 'role' ? 'role' : 'all')}>
          <Stack gap="xs" mt={4}>
            <Radio value="all" label="Everyone" />
            <Radio value="role" label="Everyone holding one role" />
          </Stack>
        </Radio.Group>
        {audienceKind === 'role' && (
          <Select
            label="Role"
            placeholder="Choose a role"
            data={ROLE_OPTIONS}
            value={role}
            onChange={(value) => {
              setRole(value as Role | null);
              setErrors((current) => ({ ...current, role: undefined }));
            }}
            error={errors.role}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Text size="xs" c="dimmed">
          The notification is delivered in the background; recipients see it live in their bell.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending}>
            Send notification
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Admin only: a system notification to everyone or to the holders of one role. */
export function SendNotificationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Send a system notification" centered>
      <SendForm onClose={onClose} />
    </Modal>
  );
}
