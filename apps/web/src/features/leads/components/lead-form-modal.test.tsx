import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEAD_MESSAGES } from '@myeai/domain';
import { fill, renderWithProviders, stubApi, validationFailure } from '../../../test/render.tsx';
import { LeadFormModal } from './lead-form-modal.tsx';

const SAVED = {
  id: 'l1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: null,
  company: null,
  source: 'manual',
  stage: 'new',
  value_cents: 125_050,
  notes: null,
  last_contact_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

function renderAddLead() {
  const onClose = vi.fn();
  return { onClose, ...renderWithProviders(<LeadFormModal opened lead={null} onClose={onClose} />) };
}

describe('Add Lead dialog', () => {
  it("shows the domain's messages on the fields and sends nothing while the input is invalid", async () => {
    const requests = stubApi(() => ({ status: 201, body: SAVED }));
    const { user } = renderAddLead();
    await fill(user, screen.getByLabelText(/Email/), 'not-an-email');
    await fill(user, screen.getByLabelText('Value (USD)'), '-5');
    await user.click(screen.getByRole('button', { name: 'Add Lead' }));
    expect(screen.getByLabelText(/Name/)).toHaveAccessibleDescription(LEAD_MESSAGES.nameRequired);
    expect(screen.getByLabelText(/Email/)).toHaveAccessibleDescription(LEAD_MESSAGES.emailInvalid);
    expect(screen.getByLabelText('Value (USD)')).toHaveAccessibleDescription(LEAD_MESSAGES.valueNegative);
    expect(requests).toEqual([]);
    // A field's message clears as soon as the field is edited (spec 2 section 5).
    await fill(user, screen.getByLabelText(/Name/), 'A');
    expect(screen.getByLabelText(/Name/)).not.toHaveAccessibleDescription(LEAD_MESSAGES.nameRequired);
  });

  it('sends the parsed values (dollars as cents, blanks as null) and closes', async () => {
    const requests = stubApi(() => ({ status: 201, body: SAVED }));
    const { user, onClose } = renderAddLead();
    await fill(user, screen.getByLabelText(/Name/), ' Ada Lovelace ');
    await fill(user, screen.getByLabelText(/Email/), 'ada@example.com');
    await fill(user, screen.getByLabelText('Value (USD)'), '1,250.50');
    await user.click(screen.getByRole('button', { name: 'Add Lead' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/leads' });
    expect(requests[0]!.body).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', value_cents: 125_050, stage: 'new', last_contact_at: null });
  });

  it("shows the server's field message on the field it names, the API's value_cents on Value (USD)", async () => {
    stubApi(() => validationFailure([{ path: 'value_cents', message: LEAD_MESSAGES.valueTooLarge }]));
    const { user, onClose } = renderAddLead();
    await fill(user, screen.getByLabelText(/Name/), 'Ada Lovelace');
    await fill(user, screen.getByLabelText(/Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Add Lead' }));
    await waitFor(() => expect(screen.getByLabelText('Value (USD)')).toHaveAccessibleDescription(LEAD_MESSAGES.valueTooLarge));
    expect(screen.queryByText(/Failed to add lead/)).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
