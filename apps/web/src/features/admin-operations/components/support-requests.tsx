import { Anchor, Badge, Group, Paper, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  formatDollarsAndCents,
  getPlan,
  isPlanId,
  refundRequestAge,
  SUPPORT_ANSWER_MAX,
  SupportAnswerInputSchema,
  type AdminSupportRequest,
  type SupportStatus,
} from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useNow } from '../../../lib/use-now.ts';
import { SubmitRow } from '../../../components/ui/form-actions.tsx';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { AnswerBox, useAdminSupportRequests, useAnswerSupportRequest, WrittenText } from '../../support/index.ts';
import { formatDateTime } from '../format-time.ts';
import { LoadMore } from './load-more.tsx';
import { TableSkeleton } from './table-skeleton.tsx';

function AnswerForm({ request }: { request: AdminSupportRequest }) {
  const form = useDomainForm(SupportAnswerInputSchema, { answer: '' });
  const send = useAnswerSupportRequest();
  const onSubmit = form.onSubmit((input) => {
    send.mutate(
      { id: request.id, input },
      {
        onSuccess: () => notifications.show({ color: 'green', message: `Answer sent to ${request.user.name}.` }),
        onError: (failure) => {
          form.setServerErrors(failure);
          notifications.show({ color: 'red', title: 'Could not send the answer', message: failure.message });
        },
      },
    );
  });
  return (
    <form onSubmit={onSubmit} aria-label={`Answer ${request.subject}`} noValidate>
      <Stack gap="xs" mt="xs">
        <Textarea label="Your answer" maxLength={SUPPORT_ANSWER_MAX} autosize minRows={2} required {...form.getInputProps('answer')} />
        <SubmitRow size="xs" saving={send.isPending}>
          Send answer
        </SubmitRow>
      </Stack>
    </form>
  );
}

/**
 * A refund request's payment and its age against the Refund Policy's 5-business-day review (red
 * once past it), with the way to People Management, where the payment is refunded.
 */
function RefundRequestFacts({ request, payment }: { request: AdminSupportRequest; payment: NonNullable<AdminSupportRequest['payment']> }) {
  const now = useNow(60_000);
  const age = refundRequestAge(new Date(request.created_at), new Date(now));
  const plan = isPlanId(payment.plan) ? ` for the ${getPlan(payment.plan).name} plan` : '';
  return (
    <Stack gap={2} mt="xs">
      <Text size="sm">
        <Badge variant="light" color="blue" mr="xs">
          Refund request
        </Badge>
        Payment of {formatDollarsAndCents(payment.amount_cents)} on {formatDate(payment.paid_at)}
        {plan}.{' '}
        <Anchor component={Link} to={`/admin-users?search=${encodeURIComponent(request.user.email)}`} inherit>
          Refund it in People Management
        </Anchor>
      </Text>
      {request.status === 'open' && (
        <Text size="sm" fw={600} c={age.overdue ? 'red.9' : 'dimmed'}>
          {age.text}
        </Text>
      )}
    </Stack>
  );
}

function RequestCard({ request }: { request: AdminSupportRequest }) {
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={request.subject}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {request.subject}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {request.user.name} ({request.user.email}) · {formatDateTime(request.created_at)}
          </Text>
        </div>
        {request.priority && (
          <Badge color="violet.8" variant="filled">
            Priority support
          </Badge>
        )}
      </Group>
      {request.payment && <RefundRequestFacts request={request} payment={request.payment} />}
      <WrittenText mt="xs">{request.message}</WrittenText>
      {request.status === 'open' ? (
        <AnswerForm request={request} />
      ) : (
        <AnswerBox
          bg="gray.0"
          heading={
            <>
              Answered by {request.answered_by?.name ?? 'a former admin'}
              {request.answered_at ? `, ${formatDateTime(request.answered_at)}` : ''}
            </>
          }
          answer={request.answer}
        />
      )}
    </Paper>
  );
}

/** Support requests from /profile: plan holders with priority support first, then oldest first. */
export function SupportRequests() {
  const [status, setStatus] = useState<SupportStatus>('open');
  const requests = useAdminSupportRequests(status);
  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Requests to show"
        value={status}
        onChange={(value) => setStatus(value === 'answered' ? 'answered' : 'open')}
        data={[
          { value: 'open', label: 'Waiting for an answer' },
          { value: 'answered', label: 'Answered' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {requests.isError ? (
        <LoadError message={requests.error.message} onRetry={() => void requests.refetch()} />
      ) : requests.isPending ? (
        <TableSkeleton label="Loading support requests" />
      ) : items.length === 0 ? (
        <Text c="dimmed">{status === 'open' ? 'No support request is waiting for an answer.' : 'No answered support requests yet.'}</Text>
      ) : (
        <>
          {items.map((request) => (
            <RequestCard key={request.id} request={request} />
          ))}
          <LoadMore hasNextPage={requests.hasNextPage} isFetchingNextPage={requests.isFetchingNextPage} onLoadMore={() => void requests.fetchNextPage()} />
        </>
      )}
    </Stack>
  );
}
