import { Anchor, Badge, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { MailboxMessageSummary } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useMailbox, useMailboxMessage } from '../api/operations-api.ts';
import { formatDateTime } from '../format-time.ts';
import { DateTimeCell, PagedTable } from './paged-table.tsx';

function StatusBadge({ message }: { message: MailboxMessageSummary }) {
  return message.status === 'sent' ? (
    <Badge color="teal.9" variant="filled">
      Sent
    </Badge>
  ) : (
    <Badge color="gray.7" variant="filled">
      Queued
    </Badge>
  );
}

/** The text of one message; HTML parts are never rendered here, only mentioned. */
function MessageBody({ id }: { id: string }) {
  const message = useMailboxMessage(id);
  if (message.isError) return <LoadError message={message.error.message} onRetry={() => void message.refetch()} />;
  if (message.isPending) return <Skeleton h={120} aria-label="Loading the message" />;
  const mail = message.data;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          To:
        </Text>
        <Text size="sm">{mail.to}</Text>
        <StatusBadge message={mail} />
      </Group>
      <Text size="sm" c="dimmed">
        {mail.sent_at ? `Sent ${formatDateTime(mail.sent_at)}` : `Queued ${formatDateTime(mail.created_at)}`}
        {mail.last_error ? ` · last error: ${mail.last_error}` : ''}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} component="div" data-testid="mail-text">
        {mail.text}
      </Text>
      {mail.html ? (
        <Text size="xs" c="dimmed">
          This message also has an HTML version.
        </Text>
      ) : null}
    </Stack>
  );
}

/** The outbox as a mailbox (demo mode only): what the platform sent or is about to send. */
export function Mailbox() {
  const mailbox = useMailbox();
  const [open, setOpen] = useState<MailboxMessageSummary | null>(null);
  return (
    <>
      <PagedTable
        query={mailbox}
        loadingLabel="Loading the mailbox"
        label="Mailbox"
        empty="The mailbox is empty"
        minWidth={640}
        rowKey={(message) => message.id}
        intro={
          <Text size="sm" c="dimmed" mb="sm">
            Demo mode: e-mails stay in the outbox and are shown here instead of being delivered.
          </Text>
        }
        columns={[
          { key: 'to', header: 'To', cell: (message) => <Text size="sm">{message.to}</Text> },
          {
            key: 'subject',
            header: 'Subject',
            cell: (message) => (
              <Anchor component="button" type="button" size="sm" onClick={() => setOpen(message)} style={{ textAlign: 'left' }}>
                {message.subject}
              </Anchor>
            ),
          },
          { key: 'status', header: 'Status', cell: (message) => <StatusBadge message={message} /> },
          { key: 'time', header: 'Time', cell: (message) => <DateTimeCell iso={message.sent_at ?? message.created_at} /> },
        ]}
      />
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.subject ?? ''} size="lg">
        {open ? <MessageBody id={open.id} /> : null}
      </Modal>
    </>
  );
}
