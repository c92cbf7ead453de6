import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { GOAL_TYPES, PRIORITY_LABELS, PRIORITY_LEVELS, PersonalizedMessageInputSchema, type PersonalizedMessageInput, type PersonalizedMessageResponse } from '@myeai/domain';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { useMessageTemplates, useWriteMessage } from '../api/personalization-api.ts';
import { GOAL_TYPE_LABELS } from './labels.ts';

const EMPTY: PersonalizedMessageInput = {
  user_name: '',
  user_email: '',
  goal_data: { goal_type: 'monetary', goal_title: '', target_date: '', goal_description: '', priority_level: 'medium' },
  template_type: 'standard',
  additional_context: '',
};

/** Writes a message to copy or edit; it is sent to nobody (a message reaches a user only through their goal's approval). */
export function GenerateMessagesTab({ writerOffline }: { writerOffline: boolean }) {
  const templates = useMessageTemplates();
  const write = useWriteMessage();
  const [result, setResult] = useState<PersonalizedMessageResponse | null>(null);
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useDomainForm(PersonalizedMessageInputSchema, EMPTY);

  const onSubmit = form.onSubmit((input) => {
    setFailure(null);
    write.mutate(input, {
      onSuccess: (response) => {
        setResult(response);
        setText(response.message);
      },
      onError: (error) => {
        if (!form.setServerErrors(error)) setFailure(`Failed to generate message: ${error.message}`);
      },
    });
  });

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Card withBorder component="form" onSubmit={onSubmit} noValidate aria-label="Generate a message">
        <Stack gap="sm">
          <TextInput label="User name" required {...form.getInputProps('user_name')} />
          <TextInput label="User email" type="email" required {...form.getInputProps('user_email')} />
          <Select label="Goal type" data={GOAL_TYPES.map((type) => ({ value: type, label: GOAL_TYPE_LABELS[type] }))} allowDeselect={false} {...form.getInputProps('goal_data.goal_type')} />
          <TextInput label="Goal title" required {...form.getInputProps('goal_data.goal_title')} />
          <TextInput label="Target date" type="date" required {...form.getInputProps('goal_data.target_date')} />
          <Textarea label="Goal description" autosize minRows={2} {...form.getInputProps('goal_data.goal_description')} />
          <Select label="Priority level" data={PRIORITY_LEVELS.map((level) => ({ value: level, label: PRIORITY_LABELS[level] }))} allowDeselect={false} {...form.getInputProps('goal_data.priority_level')} />
          <Select
            label="Template"
            data={(templates.data?.templates ?? []).map((template) => ({ value: template.id, label: template.name }))}
            allowDeselect={false}
            {...form.getInputProps('template_type')}
          />
          <Textarea label="Additional context" autosize minRows={2} {...form.getInputProps('additional_context')} />
          {failure && <Alert color="red">{failure}</Alert>}
          <Group>
            <Button type="submit" loading={write.isPending} disabled={writerOffline}>
              Generate Message
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <Text fw={600}>Message</Text>
          {result ? (
            <>
              <Textarea aria-label="Generated message" autosize minRows={8} value={text} onChange={(event) => setText(event.currentTarget.value)} />
              <Text size="sm" c="dimmed">
                {result.word_count} words · {templates.data?.templates.find((template) => template.id === result.template_type)?.name ?? result.template_type} ·{' '}
                {result.metadata.writer === 'ai' ? 'written by the AI service' : 'written from the template'}
              </Text>
              <Text size="sm" c="dimmed">
                Copy or edit it here: it is not sent. A message reaches a user only when you approve their goal.
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              Fill in the details and choose Generate Message.
            </Text>
          )}
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
