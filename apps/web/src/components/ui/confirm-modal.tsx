import type { ReactNode } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import { FormActions } from './form-actions.tsx';

type ConfirmModalProps = {
  opened: boolean;
  title: string;
  message: ReactNode;
  /** A second, quieter line: what the action keeps or changes besides. */
  detail?: ReactNode;
  confirmLabel: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * The confirmation the spec asks for before a destructive action, as an in-app dialog instead of
 * the browser's blocking prompt. The caller closes it once the server confirmed the write.
 */
export function ConfirmModal({ opened, title, message, detail, confirmLabel, loading, onConfirm, onClose }: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        {detail && (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        )}
        <FormActions saving={loading} onCancel={onClose} cancelDisabled={loading} onConfirm={onConfirm} color="red">
          {confirmLabel}
        </FormActions>
      </Stack>
    </Modal>
  );
}
