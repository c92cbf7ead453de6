import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EntryWindow } from '@myeai/domain';
import { renderWithProviders } from '../../../test/render.tsx';
import { WindowCard } from './window-card.tsx';

const WINDOW = {
  id: 'win1',
  asset: { id: 'a', symbol: 'GBP/USD', name: 'Pound / Dollar', asset_class: 'forex' },
  timeframe: { id: 't', code: 'M15', label: '15 Minutes', minutes: 15 },
  opened_at: '2026-11-28T10:00:00.000Z',
  closes_at: '2026-11-28T10:15:00.000Z',
  total_votes: 1,
  pool_size: 13,
  user_voted: false,
  opened_by_me: false,
  bias_counts: null,
} as EntryWindow;

describe('an open window card', () => {
  it('asks a pool member for a vote', () => {
    renderWithProviders(<WindowCard window={WINDOW} remaining={120_000} canVote onVote={() => undefined} />);
    expect(screen.getByText('Vote Required')).toBeInTheDocument();
  });

  it('asks nobody outside the pool (an admin watching): "Voting open", and the vote button is disabled (issue 26)', () => {
    renderWithProviders(<WindowCard window={WINDOW} remaining={120_000} canVote={false} onVote={() => undefined} />);
    expect(screen.queryByText('Vote Required')).not.toBeInTheDocument();
    expect(screen.getByText('Voting open')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Vote: GBP/USD M15' })).toBeDisabled();
  });
});
