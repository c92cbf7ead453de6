import { Badge, Card, Group, Paper, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PLANS, SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, SupportRequestInputSchema, type SupportRequest } from '@myeai/domain';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { SubmitRow } from '../../../components/ui/form-actions.tsx';
import { AnswerBox, WrittenText } from './request-parts.tsx';
import { useMySupportRequests, useSendSupportRequest, useSupportLiveRefresh } from '../api/support-api.ts';

/** The plans whose card lists "Priority support", named as on the plan cards. */
const PRIORITY_PLANS = PLANS.filter((plan) => plan.features.priority_support).map((plan) => plan.name);

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function SupportForm() {
  const form = useDomainForm(SupportRequestInputSchema, { subject: '', message: '' });
  const send = useSendSupportRequest();

  const onSubmit = form.onSubmit((input) => {
    send.mutate(input, {
      onSuccess: (created) => {
        form.reset();
        notifications.show({
          color: 'green',
          message: created.priority ? 'Request sent. Your plan includes priority support: it is answered first.' : 'Request sent. We will answer you here and in your notifications.',
        });
      },
      onError: (error) => {
        form.setServerErrors(error);
        notifications.show({ color: 'red', title: 'Could not send your request', message: error.message });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} aria-label="Contact support" noValidate>
      <Stack gap="sm">
        <TextInput label="Subject" maxLength={SUPPORT_SUBJECT_MAX} required {...form.getInputProps('subject')} />
        <Textarea label="Message" maxLength={SUPPORT_MESSAGE_MAX} autosize minRows={4} required {...form.getInputProps('message')} />
        <SubmitRow saving={send.isPending}>Send request</SubmitRow>
      </Stack>
    </form>
  );
}

function RequestItem({ request }: { request: SupportRequest }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {request.subject}
        </Text>
        <Badge color={request.status === 'answered' ? 'teal.9' : 'gray.7'} variant="outline" style={{ flexShrink: 0 }}>
          {request.status === 'answered' ? 'Answered' : 'Waiting for an answer'}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        Sent {dateTime.format(new Date(request.created_at))}
        {request.priority ? ' · Priority support' : ''}
      </Text>
      <WrittenText mt={4}>{request.message}</WrittenText>
      {request.answer !== null && (
        <AnswerBox
          bg="blue.0"
          headingColor="blue.9"
          heading={`Answer${request.answered_at ? `, ${dateTime.format(new Date(request.answered_at))}` : ''}`}
          answer={request.answer}
        />
      )}
    </Paper>
  );
}

function MyRequests() {
  const requests = useMySupportRequests();
  if (requests.isPending) return <Skeleton h={60} />;
  if (requests.isError) return <LoadError message={requests.error.message} onRetry={() => void requests.refetch()} />;
  if (requests.data.items.length === 0) return null;
  return (
    <Stack gap="xs" aria-label="Your support requests" component="section">
      <Title order={3} size="h5">
        Your requests
      </Title>
      {requests.data.items.map((request) => (
        <RequestItem key={request.id} request={request} />
      ))}
    </Stack>
  );
}

/** /profile's "Contact support" (DESIGN.md decision 27): every signed-in user writes; admins answer. */
export function ContactSupport() {
  useSupportLiveRefresh();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="support-title">
      <Title order={2} size="h3" id="support-title">
        Contact support
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Ask the MYEAI team anything. The answer appears here and in your notifications (and by e-mail if you receive notifications by
        e-mail). Requests from the {PRIORITY_PLANS.join(' and ')} plans have priority support and are answered first.
      </Text>
      <Stack gap="lg">
        <SupportForm />
        <MyRequests />
      </Stack>
    </Card>
  );
}
