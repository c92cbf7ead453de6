import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { ACCOUNT_DELETION_GRACE_DAYS, DELETE_CONFIRM_PHRASE } from '@myeai/domain';
import { ExportStatus } from './your-data-panel.tsx';
import { useCancelPersonDeletion, useDeletePerson, usePersonData, useRequestPersonExport } from './your-data-api.ts';

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** People Management's data requests for one person (an access or deletion request that reached support); audited on the server. */
export function PersonDataPanel({ personId }: { personId: string }) {
  const data = usePersonData(personId);
  const exportData = useRequestPersonExport(personId);
  const remove = useDeletePerson(personId);
  const cancel = useCancelPersonDeletion(personId);
  const [phrase, setPhrase] = useState('');
  const deletion = data.data?.deletion ?? null;

  return (
    <Stack gap="xs" aria-label="Data requests">
      <Text fw={600}>Data requests</Text>
      <ExportStatus current={data.data?.export ?? null} />
      <Group>
        <Button variant="default" size="xs" loading={exportData.isPending} disabled={data.data?.export?.status === 'preparing'} onClick={() => exportData.mutate()}>
          Export their data
        </Button>
      </Group>
      {deletion ? (
        <Group align="center">
          <Text size="sm" c="red.9" role="status">
            Scheduled for deletion on {date.format(new Date(deletion.erase_after))}. Signing in cancels it.
          </Text>
          <Button size="xs" variant="default" loading={cancel.isPending} onClick={() => cancel.mutate()}>
            Cancel deletion
          </Button>
        </Group>
      ) : (
        <Group align="end">
          <TextInput size="xs" label={`Type ${DELETE_CONFIRM_PHRASE} to delete this account in ${ACCOUNT_DELETION_GRACE_DAYS} days`} value={phrase} onChange={(event) => setPhrase(event.currentTarget.value)} />
          <Button size="xs" color="red" variant="light" disabled={phrase !== DELETE_CONFIRM_PHRASE} loading={remove.isPending} onClick={() => remove.mutate()}>
            Delete account
          </Button>
        </Group>
      )}
      {(exportData.isError || remove.isError || cancel.isError) && (
        <Text size="sm" c="red" role="alert">
          {(exportData.error ?? remove.error ?? cancel.error)?.message}
        </Text>
      )}
    </Stack>
  );
}
