import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill, renderWithProviders, stubApi, validationFailure } from '../../../test/render.tsx';
import { ContactSupport } from './contact-support.tsx';

const SENT = { id: 'r1', subject: 'Payout question', message: 'When is my payout?', status: 'open', priority: false, answer: null, answered_at: null, created_at: '2026-01-01T00:00:00.000Z', payment_id: null };

afterEach(() => vi.unstubAllGlobals());

describe('Contact support form', () => {
  it('shows the domain message on a field and sends nothing while the input is invalid', async () => {
    const requests = stubApi(() => ({ status: 200, body: { items: [] } }));
    const { user } = renderWithProviders(<ContactSupport />);
    await fill(user, screen.getByLabelText(/Subject/), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByLabelText(/Subject/)).toHaveAccessibleDescription(expect.stringContaining('Enter a subject of at least 3 characters.'));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('sends the parsed (trimmed) values and empties the form once sent', async () => {
    const requests = stubApi((r) => (r.method === 'POST' ? { status: 201, body: SENT } : { status: 200, body: { items: [] } }));
    const { user } = renderWithProviders(<ContactSupport />);
    await fill(user, screen.getByLabelText(/Subject/), '  Payout question ');
    await fill(user, screen.getByLabelText(/Message/), 'When is my payout?');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.getByLabelText(/Subject/)).toHaveValue(''));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/support/requests', body: { subject: 'Payout question', message: 'When is my payout?' } },
    ]);
  });

  it("shows the server's 4xx field message on its field", async () => {
    stubApi((r) => (r.method === 'POST' ? validationFailure([{ path: 'message', message: 'The message contains characters that are not allowed.' }]) : { status: 200, body: { items: [] } }));
    const { user } = renderWithProviders(<ContactSupport />);
    await fill(user, screen.getByLabelText(/Subject/), 'Payout question');
    await fill(user, screen.getByLabelText(/Message/), 'When is my payout?');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.getByLabelText(/Message/)).toHaveAccessibleDescription(expect.stringContaining('The message contains characters that are not allowed.')));
    expect(screen.getByLabelText(/Message/)).toHaveValue('When is my payout?');
  });
});
