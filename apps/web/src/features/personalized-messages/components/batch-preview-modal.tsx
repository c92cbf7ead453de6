import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { wordCount, type MessagePreview } from '@myeai/domain';

type Props = {
  previews: MessagePreview[];
  templateName: string;
  approving: boolean;
  onApprove: (messages: { goal_id: string; message: string }[]) => void;
  onCancel: () => void;
};

/** Every generated message is shown for editing before anything is sent (DESIGN.md decision 30). */
export function BatchPreviewModal({ previews, templateName, approving, onApprove, onCancel }: Props) {
  const [texts, setTexts] = useState<Record<string, string>>(() => Object.fromEntries(previews.map((preview) => [preview.goal_id, preview.message ?? ''])));
  const ready = previews.filter((preview) => preview.success && (texts[preview.goal_id] ?? '').trim() !== '');
  return (
    <Modal opened onClose={onCancel} title="Preview messages" size="xl">
      <Stack gap="md">
        <Text fw={600}>
          {ready.length} of {previews.length} messages ready
        </Text>
        {previews.map((preview) => (
          <Card key={preview.goal_id} withBorder>
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap">
                <Text fw={600}>{preview.goal_title || 'Goal'}</Text>
                <Badge color={preview.success ? 'green' : 'red'} variant="dot">{preview.success ? 'Generated' : 'Failed'}</Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {preview.user_name} · {preview.user_email} · {templateName} · {wordCount(texts[preview.goal_id] ?? '')} words
              </Text>
              {preview.success ? (
                <Textarea
                  aria-label={`Message for ${preview.goal_title}`}
                  autosize
                  minRows={4}
                  value={texts[preview.goal_id] ?? ''}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setTexts((current) => ({ ...current, [preview.goal_id]: value }));
                  }}
                />
              ) : (
                <Alert color="red">{preview.error}</Alert>
              )}
            </Stack>
          </Card>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            disabled={ready.length === 0}
            loading={approving}
            onClick={() => onApprove(ready.map((preview) => ({ goal_id: preview.goal_id, message: (texts[preview.goal_id] ?? '').trim() })))}
          >
            Approve with Messages ({ready.length})
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
