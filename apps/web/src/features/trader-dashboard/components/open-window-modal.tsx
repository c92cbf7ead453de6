import { Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useOpenWindow } from '../api/trader-desk-api.ts';
import type { MarketPair } from './market-grid.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';

type OpenWindowModalProps = { pair: MarketPair | null; onClose: () => void };

/** Confirms before opening an entry window; a refusal (409: one is already open) shows the server's message. */
export function OpenWindowModal({ pair, onClose }: OpenWindowModalProps) {
  const openWindow = useOpenWindow();
  const confirm = () => {
    if (!pair) return;
    const name = `${pair.asset.symbol} ${pair.timeframe.code}`;
    openWindow.mutate(
      { assetId: pair.asset.id, timeframeId: pair.timeframe.id },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', title: 'Position initiated', message: `Position initiated on ${name}. The other traders of the pool have been notified to vote.` });
          onClose();
        },
        onError: (error) => {
          notifications.show({ color: 'red', title: 'Failed to create entry window', message: error.message });
          onClose();
        },
      },
    );
  };
  const minutes = pair?.timeframe.voting_window_minutes ?? 0;
  return (
    <Modal opened={pair !== null} onClose={onClose} centered title="Open an entry window?">
      {pair && (
        <Stack>
          <Text>
            {pair.asset.symbol} {pair.timeframe.code}: voting stays open for {minutes} {minutes === 1 ? 'minute' : 'minutes'}, and the other traders of the pool are notified to vote.
          </Text>
          <FormActions saving={openWindow.isPending} onCancel={onClose} onConfirm={confirm}>
            Open window
          </FormActions>
        </Stack>
      )}
    </Modal>
  );
}
