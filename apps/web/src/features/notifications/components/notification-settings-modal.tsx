import { Modal, Skeleton, Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { NOTIFICATION_SETTING_LABELS, type NotificationSettings } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/settings-api.ts';
import { showWriteError } from './show-write-error.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

const SETTING_KEYS = Object.keys(NOTIFICATION_SETTING_LABELS) as (keyof NotificationSettings)[];

const SETTING_DESCRIPTIONS: Partial<Record<keyof NotificationSettings, string>> = {
  trading_alerts: 'When a consensus is confirmed or exits on a Trading Compass cell you follow.',
  trading_alerts_email: 'Also send trading alerts by e-mail, while the e-mail switch above is on.',
};

function SettingsForm({ initial, onClose }: { initial: NotificationSettings; onClose: () => void }) {
  const [draft, setDraft] = useState(initial);
  const save = useSaveNotificationSettings();
  const onSave = () =>
    save.mutate(draft, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: 'Notification settings saved' });
        onClose();
      },
      onError: (error) => showWriteError('Could not save your settings', error),
    });
  return (
    <>
      <Stack gap="md">
        {SETTING_KEYS.map((key) => (
          <Switch
            key={key}
            label={NOTIFICATION_SETTING_LABELS[key]}
            description={SETTING_DESCRIPTIONS[key]}
            // Trading alerts go by e-mail only with them on and e-mail on: the choice waits for both.
            disabled={key === 'trading_alerts_email' && (!draft.trading_alerts || !draft.email_notifications)}
            checked={draft[key]}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setDraft((current) => ({ ...current, [key]: checked }));
            }}
          />
        ))}
      </Stack>
      <FormActions saving={save.isPending} onCancel={onClose} onConfirm={onSave} mt="xl">
        Save Settings
      </FormActions>
    </>
  );
}

/** Mounted only while the modal is open, so every opening starts from the server's settings. */
function SettingsContent({ onClose }: { onClose: () => void }) {
  const settings = useNotificationSettings();
  if (settings.isError) return <LoadError message={settings.error.message} onRetry={() => void settings.refetch()} />;
  if (!settings.data || !settings.isFetchedAfterMount) {
    return (
      <Stack gap="md" aria-label="Loading settings">
        {SETTING_KEYS.map((key) => (
          <Skeleton key={key} h={24} />
        ))}
      </Stack>
    );
  }
  return <SettingsForm initial={settings.data} onClose={onClose} />;
}

export function NotificationSettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Notification Settings" centered>
      <SettingsContent onClose={onClose} />
    </Modal>
  );
}
