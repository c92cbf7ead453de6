import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRADING_MESSAGES, type EntryWindow } from '@myeai/domain';
import { fill, renderWithProviders, stubApi, validationFailure } from '../../../test/render.tsx';
import { VoteModal } from './vote-modal.tsx';

const WINDOW = { id: 'win1', asset: { symbol: 'GBP/USD' }, timeframe: { code: 'M15' } } as EntryWindow;
const CLOSED = { status: 409, body: { error: { code: 'CONFLICT', message: 'Voting for this entry window has closed.' } } };

afterEach(() => vi.unstubAllGlobals());

function renderVote() {
  const onClose = vi.fn();
  const view = renderWithProviders(<VoteModal window={WINDOW} remaining={120_000} onClose={onClose} />);
  return { onClose, form: within(screen.getByRole('form', { name: 'Vote on GBP/USD M15' })), ...view };
}

describe('Submit Vote dialog', () => {
  it('sends the parsed vote (trimmed note, default confidence) and shows a refusal about no field above the buttons', async () => {
    const requests = stubApi(() => CLOSED);
    const { user, form, onClose } = renderVote();
    await user.click(form.getByRole('radio', { name: 'Long' }));
    await fill(user, form.getByLabelText('Note (optional)'), '  Momentum above the weekly high. ');
    await user.click(form.getByRole('button', { name: 'Submit Vote' }));
    await waitFor(() => expect(form.getByRole('alert')).toHaveTextContent('Voting for this entry window has closed.'));
    expect(requests).toEqual([{ method: 'POST', path: '/api/trading/windows/win1/vote', body: { bias: 'long', confidence: 50, note: 'Momentum above the weekly high.' } }]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends a blank note as null', async () => {
    const requests = stubApi(() => CLOSED);
    const { user, form } = renderVote();
    await user.click(form.getByRole('button', { name: 'Submit Vote' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toEqual({ bias: 'neutral', confidence: 50, note: null });
  });

  it("shows the server's 4xx field message on its field, not as a refusal of the whole vote", async () => {
    stubApi(() => validationFailure([{ path: 'note', message: TRADING_MESSAGES.noteTooLong }]));
    const { user, form } = renderVote();
    await fill(user, form.getByLabelText('Note (optional)'), 'A note');
    await user.click(form.getByRole('button', { name: 'Submit Vote' }));
    await waitFor(() => expect(form.getByLabelText('Note (optional)')).toHaveAccessibleDescription(expect.stringContaining(TRADING_MESSAGES.noteTooLong)));
    expect(form.queryByRole('alert')).toBeNull();
  });
});
