import { Button, Group, type ButtonProps, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

type FormActionsProps = {
  /** The action's label ("Save Changes", "Send notification"...). */
  children: ReactNode;
  /** The write is running: the action button spins. */
  saving: boolean;
  onCancel: () => void;
  /** Runs the action on click; without it the button submits its form. */
  onConfirm?: () => void;
  /** Cancel is disabled (a write that must finish before the dialog closes). */
  cancelDisabled?: boolean;
  /** The action button is disabled (nothing to save, the input is not valid). */
  disabled?: boolean;
  color?: ButtonProps['color'];
  mt?: MantineSpacing;
};

/** The one dialog footer (decision 047): Cancel, then the action, at the right. */
export function FormActions({ children, saving, onCancel, onConfirm, cancelDisabled, disabled, color, mt }: FormActionsProps) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
        Cancel
      </Button>
      <Button {...(onConfirm ? { onClick: onConfirm } : { type: 'submit' as const })} color={color} loading={saving} disabled={disabled}>
        {children}
      </Button>
    </Group>
  );
}

/** The footer of a form that stays on its page (no dialog to cancel): the submit button alone, at the right. */
export function SubmitRow({ children, saving, size }: { children: ReactNode; saving: boolean; size?: ButtonProps['size'] }) {
  return (
    <Group justify="flex-end">
      <Button type="submit" size={size} loading={saving}>
        {children}
      </Button>
    </Group>
  );
}
