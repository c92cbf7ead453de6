import { Alert, Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

export type FormFrameProps = {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The server's refusal as a whole; per-field messages stand at the fields. */
  formError: string | null;
  saving: boolean;
  submitLabel: string;
  onCancel: () => void;
  children: ReactNode;
};

/** The frame of an admin edit dialog's form: the refusal on top, the fields, then Cancel and submit. */
export function FormFrame({ onSubmit, formError, saving, submitLabel, onCancel, children }: FormFrameProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        {children}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
