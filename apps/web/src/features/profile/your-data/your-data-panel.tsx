import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Modal, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  DATA_EXPORT_LIFETIME_DAYS,
  DELETE_CONFIRM_PHRASE,
  DELETION_REAUTH_MINUTES,
  MONEY_RECORD_RETENTION_YEARS,
  type DataExport,
} from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { profileQueryKey } from '../../auth/index.ts';
import { useDeleteMyAccount, useMyExport, useRequestMyExport } from './your-data-api.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** One line about an export: being prepared, ready with its link, expired or failed. */
export function ExportStatus({ current }: { current: DataExport | null }) {
  if (!current) return null;
  if (current.status === 'preparing') return <Text size="sm" role="status">Preparing your data. This page updates when it is ready; we also send an e-mail.</Text>;
  if (current.status === 'failed') return <Text size="sm" c="red" role="status">The export could not be prepared. Please ask again.</Text>;
  if (current.status === 'expired' || !current.download_url) return <Text size="sm" c="dimmed">The last export expired. Ask for a new one.</Text>;
  return (
    <Text size="sm" role="status">
      Your data is ready:{' '}
      <Anchor href={current.download_url} download>
        Download the file (JSON)
      </Anchor>{' '}
      — available until {dateTime.format(new Date(current.expires_at!))}.
    </Text>
  );
}

function DeleteAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [phrase, setPhrase] = useState('');
  const remove = useDeleteMyAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const submit = () =>
    remove.mutate(
      { password: password || undefined, confirm: phrase as typeof DELETE_CONFIRM_PHRASE },
      {
        onSuccess: (deletion) => {
          notifications.show({
            color: 'orange',
            autoClose: false,
            title: 'Your account is scheduled for deletion',
            message: `It will be erased on ${dateTime.format(new Date(deletion.erase_after))}. You were signed out everywhere; signing in before then cancels the deletion.`,
          });
          // Every session ended on the server: leave with nothing of this account cached.
          queryClient.clear();
          queryClient.setQueryData(profileQueryKey, null);
          navigate('/login', { replace: true });
        },
      },
    );

  return (
    <Modal opened={opened} onClose={onClose} title="Delete my account" centered>
      <Stack gap="sm">
        <Text size="sm">
          Your account is erased {ACCOUNT_DELETION_GRACE_DAYS} days after you confirm. You are signed out everywhere now, and your subscription will not renew. Signing in
          again within those {ACCOUNT_DELETION_GRACE_DAYS} days cancels the deletion.
        </Text>
        <Text size="sm">
          After the erasure your profile, leads, goals, notifications and other personal data are gone. Payment and commission records are kept for{' '}
          {MONEY_RECORD_RETENTION_YEARS} years under an anonymous id, as the law requires.
        </Text>
        <PasswordInput
          label="Your password"
          description={`No password (identity provider or demo account)? Leave it empty: you must have signed in within the last ${DELETION_REAUTH_MINUTES} minutes.`}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          autoComplete="current-password"
        />
        <TextInput label={`Type ${DELETE_CONFIRM_PHRASE} to confirm`} value={phrase} onChange={(event) => setPhrase(event.currentTarget.value)} autoComplete="off" />
        {remove.isError && (
          <Alert color="red" role="alert">
            {remove.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep my account
          </Button>
          <Button color="red" disabled={phrase !== DELETE_CONFIRM_PHRASE} loading={remove.isPending} onClick={submit}>
            Delete my account
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "Your data" on /profile (issue 29 item 5; docs/decisions/059): download everything, or delete the account. */
export function YourDataPanel() {
  const current = useMyExport();
  const request = useRequestMyExport();
  const [deleting, setDeleting] = useState(false);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="your-data-title">
      <Title order={2} size="h3" id="your-data-title" mb="xs">
        Your data
      </Title>
      <Stack gap="sm">
        <Text size="sm">
          Download a copy of everything MYEAI holds about you: profile, roles, sign-in methods, sessions, leads, goals, commissions, referrals, notifications,
          learning progress, subscriptions, payments and support requests. The file is ready in a few moments and can be downloaded for{' '}
          {DATA_EXPORT_LIFETIME_DAYS} days.
        </Text>
        {current.isError ? <LoadError message={current.error.message} onRetry={() => void current.refetch()} /> : <ExportStatus current={current.data?.export ?? null} />}
        {request.isError && (
          <Text size="sm" c="red" role="alert">
            {request.error.message}
          </Text>
        )}
        <Group>
          <Button variant="default" loading={request.isPending} disabled={current.data?.export?.status === 'preparing'} onClick={() => request.mutate()}>
            Download my data
          </Button>
          <Button variant="light" color="red" onClick={() => setDeleting(true)}>
            Delete my account
          </Button>
        </Group>
      </Stack>
      {deleting && <DeleteAccountModal opened onClose={() => setDeleting(false)} />}
    </Card>
  );
}
