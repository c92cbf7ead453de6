import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill, renderWithProviders, stubApi, validationFailure } from '../../../test/render.tsx';
import { ExtendTrialModal } from './trial-actions.tsx';

const TRIAL = { id: 't1', name: 'Nora Newcomer' };
const EXTENDED = { status: 200, body: { status: 'success', trial_ends_at: '2026-12-10T00:00:00.000Z' } };

afterEach(() => vi.unstubAllGlobals());

function renderExtend() {
  const onClose = vi.fn();
  const view = renderWithProviders(<ExtendTrialModal trial={TRIAL} onClose={onClose} />);
  return { onClose, form: within(screen.getByRole('form', { name: 'Extend the trial' })), ...view };
}

describe('Extend trial dialog', () => {
  it("shows the domain's message as the days are typed and keeps the button off", async () => {
    const requests = stubApi(() => EXTENDED);
    const { user, form } = renderExtend();
    await fill(user, form.getByLabelText('Days to add'), '91');
    expect(form.getByLabelText('Days to add')).toHaveAccessibleDescription('Extend by at most 90 days.');
    expect(form.getByRole('button', { name: 'Extend trial' })).toBeDisabled();
    await user.clear(form.getByLabelText('Days to add'));
    expect(form.getByLabelText('Days to add')).toHaveAccessibleDescription('Enter 1 to 90 days.');
    expect(requests).toEqual([]);
  });

  it('sends the days as a number', async () => {
    const requests = stubApi(() => EXTENDED);
    const { user, form, onClose } = renderExtend();
    await fill(user, form.getByLabelText('Days to add'), '14');
    await user.click(form.getByRole('button', { name: 'Extend trial' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests).toEqual([{ method: 'POST', path: '/api/rbac/admin/extend-trial/t1', body: { days: 14 } }]);
  });

  it("shows the server's 4xx field message on the days", async () => {
    stubApi(() => validationFailure([{ path: 'days', message: 'Extend by at most 90 days.' }]));
    const { user, form, onClose } = renderExtend();
    await user.click(form.getByRole('button', { name: 'Extend trial' }));
    await waitFor(() => expect(form.getByLabelText('Days to add')).toHaveAccessibleDescription('Extend by at most 90 days.'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
