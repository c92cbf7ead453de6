import { Alert, Stack, type MantineSpacing } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormActions } from './form-actions.tsx';

export type FormFrameProps = {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The server's refusal as a whole; per-field messages stand at the fields. */
  formError: string | null;
  children: ReactNode;
  gap?: MantineSpacing;
  /** With a submit label: Cancel and submit below the fields (else the children end the form). */
  submitLabel?: string;
  saving?: boolean;
  onCancel?: () => void;
};

/** The frame of an edit form (decision 047): the refusal on top, the fields, then Cancel and submit. */
export function FormFrame({ onSubmit, formError, children, gap = 'sm', submitLabel, saving = false, onCancel }: FormFrameProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap={gap}>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        {children}
        {submitLabel !== undefined && onCancel && (
          <FormActions saving={saving} onCancel={onCancel} cancelDisabled={saving} mt="xs">
            {submitLabel}
          </FormActions>
        )}
      </Stack>
    </form>
  );
}
