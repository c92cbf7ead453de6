import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill, renderWithProviders, stubApi, validationFailure } from '../../../test/render.tsx';
import { SupportRequests } from './support-requests.tsx';

const REQUEST = {
  id: 'r1',
  subject: 'Payout question',
  message: 'When is my payout?',
  status: 'open',
  priority: false,
  answer: null,
  answered_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  user: { id: 'u1', name: 'Alex Affiliate', email: 'alex@example.com' },
  answered_by: null,
  payment_id: null,
  payment: null,
};
const PAGE = { status: 200, body: { items: [REQUEST], open_count: 1, next_cursor: null } };

afterEach(() => vi.unstubAllGlobals());

async function renderAnswerForm() {
  const view = renderWithProviders(<SupportRequests />);
  return { form: within(await screen.findByRole('form', { name: 'Answer Payout question' })), ...view };
}

describe('Admin answer to a support request', () => {
  it("shows the domain's message for a blank answer and sends nothing", async () => {
    const requests = stubApi(() => PAGE);
    const { user, form } = await renderAnswerForm();
    await fill(user, form.getByLabelText(/Your answer/), '   ');
    await user.click(form.getByRole('button', { name: 'Send answer' }));
    expect(form.getByLabelText(/Your answer/)).toHaveAccessibleDescription('Enter an answer.');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('sends the trimmed answer', async () => {
    const requests = stubApi((r) => (r.method === 'POST' ? { status: 200, body: { ...REQUEST, status: 'answered', answer: 'On the 5th.' } } : PAGE));
    const { user, form } = await renderAnswerForm();
    await fill(user, form.getByLabelText(/Your answer/), ' On the 5th. ');
    await user.click(form.getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toEqual([{ method: 'POST', path: '/api/admin/support/requests/r1/answer', body: { answer: 'On the 5th.' } }]));
  });

  it("shows the server's 4xx field message on the answer", async () => {
    stubApi((r) => (r.method === 'POST' ? validationFailure([{ path: 'answer', message: 'The answer contains characters that are not allowed.' }]) : PAGE));
    const { user, form } = await renderAnswerForm();
    await fill(user, form.getByLabelText(/Your answer/), 'On the 5th.');
    await user.click(form.getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(form.getByLabelText(/Your answer/)).toHaveAccessibleDescription('The answer contains characters that are not allowed.'));
  });
});

describe('A refund request in the Support tab (decision 065)', () => {
  it('shows the payment, its age against the 5-business-day review, and the way to refund it', async () => {
    const sent = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const refundRequest = {
      ...REQUEST,
      id: 'r2',
      subject: 'Refund request: $69.00 payment of Nov 2, 2026',
      created_at: sent,
      payment_id: 'p1',
      payment: { id: 'p1', paid_at: '2026-11-02T10:00:00.000Z', amount_cents: 6900, plan: '4weeks' },
    };
    stubApi(() => ({ status: 200, body: { items: [refundRequest], open_count: 1, next_cursor: null } }));
    renderWithProviders(
      <MemoryRouter>
        <SupportRequests />
      </MemoryRouter>,
    );
    const card = within(await screen.findByRole('article', { name: refundRequest.subject }));
    expect(card.getByText('Refund request')).toBeInTheDocument();
    expect(card.getByText(/Payment of \$69\.00 on Nov 2, 2026 for the 4 Weeks plan\./)).toBeInTheDocument();
    expect(card.getByText(/business days old, past the 5-business-day review$/)).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Refund it in People Management' })).toHaveAttribute('href', '/admin-users?search=alex%40example.com');
  });
});
