import { SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { EntryWindow } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useNow } from '../../../lib/use-now.ts';
import type { useActiveWindows } from '../api/trader-desk-api.ts';
import { remainingMs } from '../countdown.ts';
import type { WindowResult } from '../hooks/use-trader-live.ts';
import { VoteModal } from './vote-modal.tsx';
import { WindowCard, WindowResultCard } from './window-card.tsx';

type ActiveWindowsProps = {
  windows: ReturnType<typeof useActiveWindows>;
  results: readonly WindowResult[];
  canVote: boolean;
  onDismissResult: (windowId: string) => void;
};

/** The open windows (their countdowns tick here, every second, without re-rendering the rest of the page) and the results of the ones that just closed. */
export function ActiveWindows({ windows, results, canVote, onDismissResult }: ActiveWindowsProps) {
  const now = useNow(1000);
  const [voting, setVoting] = useState<EntryWindow | null>(null);
  const offset = windows.data?.serverOffsetMs ?? 0;
  const list = windows.data?.windows ?? [];
  const openIds = new Set(list.map((window) => window.id));
  // A result takes its window's place once the window has left the active list.
  const closed = results.filter((result) => !openIds.has(result.window_id));
  return (
    <section aria-labelledby="active-windows-title">
      <Title order={2} size="h3" id="active-windows-title" mb="sm">
        Active Entry Windows
      </Title>
      {windows.isPending && <Skeleton h={200} radius="md" />}
      {windows.isError && <LoadError message={windows.error.message} onRetry={() => void windows.refetch()} />}
      {windows.data && list.length === 0 && closed.length === 0 && <Text size="sm">No entry window is open. Open one from the market grid below.</Text>}
      {(list.length > 0 || closed.length > 0) && (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
          {list.map((window) => (
            <WindowCard key={window.id} window={window} remaining={remainingMs(window.closes_at, now, offset)} canVote={canVote} onVote={() => setVoting(window)} />
          ))}
          {closed.map((result) => (
            <WindowResultCard key={result.window_id} result={result} onDismiss={() => onDismissResult(result.window_id)} />
          ))}
        </SimpleGrid>
      )}
      <VoteModal window={voting} remaining={voting ? remainingMs(voting.closes_at, now, offset) : 0} onClose={() => setVoting(null)} />
    </section>
  );
}
