import { Modal, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ROLE_LABELS, ROLES, SendSystemNotificationInputSchema, type Role } from '@myeai/domain';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { useSendSystemNotification } from '../api/send-system-notification.ts';
import { showWriteError } from './show-write-error.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

type Audience = { kind: 'all' | 'role'; role: Role | null };

function SendForm({ onClose }: { onClose: () => void }) {
  // The audience as shown (the role kept while "Everyone" is chosen); the schema reads role only for kind role.
  const form = useDomainForm(SendSystemNotificationInputSchema, { title: '', message: '', audience: { kind: 'all', role: null } as Audience }, {
    toInput: ({ audience, ...values }) => ({ ...values, audience: audience.kind === 'role' ? audience : { kind: 'all' } }),
  });
  const send = useSendSystemNotification();

  const onSubmit = form.onSubmit((input) => {
    send.mutate(input, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: 'Notification queued for delivery' });
        onClose();
      },
      onError: (error) => {
        form.setServerErrors(error);
        showWriteError('Could not send the notification', error);
      },
    });
  });

  return (
    <form onSubmit={onSubmit} aria-label="Send a system notification" noValidate>
      <Stack gap="md">
        <TextInput label="Title" maxLength={120} required {...form.getInputProps('title')} />
        <Textarea label="Message" maxLength={1000} autosize minRows={3} required {...form.getInputProps('message')} />
        <Radio.Group label="Send to" {...form.getInputProps('audience.kind')}>
          <Stack gap="xs" mt={4}>
            <Radio value="all" label="Everyone" />
            <Radio value="role" label="Everyone holding one role" />
          </Stack>
        </Radio.Group>
        {form.values.audience.kind === 'role' && (
          <Select
            label="Role"
            placeholder="Choose a role"
            data={ROLE_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('audience.role')}
          />
        )}
        <Text size="xs" c="dimmed">
          The notification is delivered in the background; recipients see it live in their bell.
        </Text>
        <FormActions saving={send.isPending} onCancel={onClose}>
          Send notification
        </FormActions>
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
