import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill, renderWithProviders, stubApi, validationFailure } from '../../../test/render.tsx';
import { SendNotificationModal } from './send-notification-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderModal() {
  const onClose = vi.fn();
  const view = renderWithProviders(<SendNotificationModal opened onClose={onClose} />);
  return { onClose, form: within(screen.getByRole('form', { name: 'Send a system notification' })), ...view };
}

describe('Send a system notification', () => {
  it("shows the domain's messages (a role audience needs its role) and sends nothing", async () => {
    const requests = stubApi(() => ({ status: 202, body: { status: 'queued', job_id: 1 } }));
    const { user, form } = renderModal();
    await user.click(form.getByRole('radio', { name: 'Everyone holding one role' }));
    await user.click(form.getByRole('button', { name: 'Send notification' }));
    expect(form.getByLabelText(/Title/)).toHaveAccessibleDescription('Enter a title.');
    expect(form.getByLabelText(/Message/)).toHaveAccessibleDescription('Enter a message.');
    expect(form.getByText('Choose a role.')).toBeVisible();
    expect(requests).toEqual([]);
  });

  it('sends the trimmed texts and the audience in the shape the API reads', async () => {
    const requests = stubApi(() => ({ status: 202, body: { status: 'queued', job_id: 1 } }));
    const { user, form, onClose } = renderModal();
    await fill(user, form.getByLabelText(/Title/), ' Platform maintenance ');
    await fill(user, form.getByLabelText(/Message/), 'Tonight at 22:00 UTC.');
    await user.click(form.getByRole('button', { name: 'Send notification' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests).toEqual([
      { method: 'POST', path: '/api/admin/notifications', body: { title: 'Platform maintenance', message: 'Tonight at 22:00 UTC.', audience: { kind: 'all' } } },
    ]);
  });

  it("shows the server's 4xx field message on its field", async () => {
    stubApi(() => validationFailure([{ path: 'title', message: 'Text may not contain the NUL character (\\u0000).' }]));
    const { user, form, onClose } = renderModal();
    await fill(user, form.getByLabelText(/Title/), 'Platform maintenance');
    await fill(user, form.getByLabelText(/Message/), 'Tonight at 22:00 UTC.');
    await user.click(form.getByRole('button', { name: 'Send notification' }));
    await waitFor(() => expect(form.getByLabelText(/Title/)).toHaveAccessibleDescription('Text may not contain the NUL character (\\u0000).'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
