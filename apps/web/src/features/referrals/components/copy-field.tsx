import { Button, Group, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useCopy } from '../../../lib/use-copy.ts';

type CopyFieldProps = { label: string; value: string; isMultiline?: boolean };

/** A read-only value with its own Copy button ("Copied!" for 2 seconds). */
export function CopyField({ label, value, isMultiline = false }: CopyFieldProps) {
  // Spec 1 section 8: a failed copy is only logged; the text stays visible and selectable in its field.
  const { isCopied, copy } = useCopy((error) => console.warn('Copy to the clipboard failed', error));
  const field = { label, value, readOnly: true, onFocus: (event: { currentTarget: { select: () => void } }) => event.currentTarget.select() };
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      {isMultiline ? <Textarea {...field} autosize minRows={3} style={{ flex: 1 }} /> : <TextInput {...field} style={{ flex: 1 }} />}
      <Button
        variant={isCopied ? 'filled' : 'light'}
        color={isCopied ? 'teal.9' : undefined}
        leftSection={isCopied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
        onClick={() => void copy(value)}
        miw={104}
      >
        {isCopied ? 'Copied!' : 'Copy'}
        <VisuallyHidden> {label.toLowerCase()}</VisuallyHidden>
      </Button>
      <VisuallyHidden aria-live="polite">{isCopied ? `${label} copied to the clipboard` : ''}</VisuallyHidden>
    </Group>
  );
}
