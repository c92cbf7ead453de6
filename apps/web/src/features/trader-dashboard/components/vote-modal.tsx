import { Alert, Badge, Group, Modal, Radio, Slider, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { VOTE_CONFIDENCE_DEFAULT, VOTE_NOTE_MAX, VoteInputSchema, type Bias, type EntryWindow } from '@myeai/domain';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { useCastVote } from '../api/trader-desk-api.ts';
import { formatCountdown } from '../countdown.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

type VoteModalProps = {
  window: EntryWindow | null;
  /** Time left by the server's clock. */
  remaining: number;
  onClose: () => void;
};

const BIAS_OPTIONS: readonly { value: Bias; label: string }[] = [
  { value: 'long', label: 'Long' },
  { value: 'short', label: 'Short' },
  { value: 'neutral', label: 'Neutral' },
];

/** The anonymous Submit Vote dialog; mounted with a window, so each window starts from the defaults (neutral, 50). */
export function VoteModal({ window, remaining, onClose }: VoteModalProps) {
  return (
    <Modal
      opened={window !== null}
      onClose={onClose}
      centered
      title={
        <Group gap="xs">
          <Text fw={700}>Submit Vote</Text>
          <Badge color="gray" variant="light">
            Anonymous
          </Badge>
        </Group>
      }
    >
      {window && <VoteForm key={window.id} window={window} remaining={remaining} onDone={onClose} />}
    </Modal>
  );
}

function VoteForm({ window, remaining, onDone }: { window: EntryWindow; remaining: number; onDone: () => void }) {
  const form = useDomainForm(VoteInputSchema, { bias: 'neutral' as Bias, confidence: VOTE_CONFIDENCE_DEFAULT, note: '' });
  const castVote = useCastVote();
  const [refusal, setRefusal] = useState<string | null>(null);
  const countdown = formatCountdown(remaining);
  const { confidence, note } = form.values;

  const onSubmit = form.onSubmit((vote) => {
    setRefusal(null);
    castVote.mutate(
      { windowId: window.id, vote },
      {
        onSuccess: (result) => {
          notifications.show({
            color: 'green',
            title: 'Vote submitted',
            message: result.closed_window
              ? `Your vote on ${window.asset.symbol} ${window.timeframe.code} completed the pool: the window has closed.`
              : `Your anonymous vote on ${window.asset.symbol} ${window.timeframe.code} is in.`,
          });
          onDone();
        },
        // A refusal about a field stands at the field; any other (the window closed meanwhile) above the buttons.
        onError: (error) => setRefusal(form.setServerErrors(error) ? null : error.message),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Vote on ${window.asset.symbol} ${window.timeframe.code}`}>
      <Stack gap="md">
        <Text size="sm">
          {window.asset.symbol} {window.timeframe.code} · {countdown === 'Closed' ? 'Closed' : `${countdown} left`}. Other traders never see who voted how.
        </Text>
        <Radio.Group label="Bias" required {...form.getInputProps('bias')}>
          <Group mt={6} gap="lg">
            {BIAS_OPTIONS.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </Group>
        </Radio.Group>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="vote-confidence-label">
            Confidence: {confidence}%
          </Text>
          <Slider
            {...form.getInputProps('confidence')}
            min={0}
            max={100}
            step={1}
            thumbLabel={`Confidence, ${confidence}%`}
            aria-labelledby="vote-confidence-label"
            marks={[{ value: 0, label: '0' }, { value: 50, label: '50' }, { value: 100, label: '100' }]}
            mb="md"
          />
          {form.errors.confidence && (
            <Text size="sm" c="var(--mantine-color-error)">
              {form.errors.confidence}
            </Text>
          )}
        </Stack>
        <Textarea
          label="Note (optional)"
          maxLength={VOTE_NOTE_MAX}
          autosize
          minRows={2}
          description={`${note?.length ?? 0}/${VOTE_NOTE_MAX} characters. Kept with your vote; other traders never see it.`}
          {...form.getInputProps('note')}
        />
        {refusal && (
          <Alert color="red" role="alert" title="Your vote was not recorded" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
            {refusal}
          </Alert>
        )}
        <FormActions saving={castVote.isPending} onCancel={onDone}>
          Submit Vote
        </FormActions>
      </Stack>
    </form>
  );
}
