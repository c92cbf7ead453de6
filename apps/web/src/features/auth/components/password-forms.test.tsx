import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill, renderWithProviders, stubApi, validationFailure } from '../../../test/render.tsx';
import { PasswordForms } from './password-forms.tsx';

const USER = {
  user: { id: 'u1', name: 'Rita Register', email: 'rita@example.com', picture: null, roles: ['newcomer'], active_role: 'newcomer', status: 'active', created_at: '2026-01-01T00:00:00.000Z', referral_code: 'abc', email_verified: false },
};

afterEach(() => vi.unstubAllGlobals());

async function renderRegister(referralCode: string | null = null) {
  const onSignedIn = vi.fn();
  const onError = vi.fn();
  // The sign-in tab links to /forgot-password, so the form sits in a router.
  const view = renderWithProviders(
    <MemoryRouter>
      <PasswordForms referralCode={referralCode} onSignedIn={onSignedIn} onError={onError} />
    </MemoryRouter>,
  );
  await view.user.click(screen.getByRole('tab', { name: 'Create account' }));
  return { onSignedIn, onError, form: within(screen.getByRole('form', { name: 'Create an account' })), ...view };
}

describe('Create account form', () => {
  it("shows the domain's password rule in place of the hint and sends nothing", async () => {
    const requests = stubApi(() => ({ status: 201, body: USER }));
    const { user, form } = await renderRegister();
    expect(form.getByLabelText(/Password/)).toHaveAccessibleDescription('At least 10 characters.');
    await fill(user, form.getByLabelText(/Name/), 'Rita Register');
    await fill(user, form.getByLabelText(/Email/), 'rita@');
    await fill(user, form.getByLabelText(/Password/), 'short');
    await user.click(form.getByRole('button', { name: 'Create account' }));
    expect(form.getByLabelText(/Email/)).toHaveAccessibleDescription('Enter a valid email address.');
    expect(form.getByLabelText(/Password/)).toHaveAccessibleDescription('Use at least 10 characters.');
    expect(requests).toEqual([]);
  });

  it('sends the parsed values (e-mail trimmed and lower case) with the referral code', async () => {
    const requests = stubApi(() => ({ status: 201, body: USER }));
    const { user, form, onSignedIn } = await renderRegister('abc');
    await fill(user, form.getByLabelText(/Name/), 'Rita Register');
    await fill(user, form.getByLabelText(/Email/), ' Rita@Example.com ');
    await fill(user, form.getByLabelText(/Password/), 'a long enough passphrase');
    await user.click(form.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(true));
    expect(requests).toEqual([
      { method: 'POST', path: '/api/auth/register', body: { name: 'Rita Register', email: 'rita@example.com', password: 'a long enough passphrase', ref: 'abc' } },
    ]);
  });

  it("shows the server's 4xx field message on its field", async () => {
    stubApi(() => validationFailure([{ path: 'email', message: 'An account with this email already exists.' }]));
    const { user, form, onSignedIn } = await renderRegister();
    await fill(user, form.getByLabelText(/Name/), 'Rita Register');
    await fill(user, form.getByLabelText(/Email/), 'rita@example.com');
    await fill(user, form.getByLabelText(/Password/), 'a long enough passphrase');
    await user.click(form.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(form.getByLabelText(/Email/)).toHaveAccessibleDescription('An account with this email already exists.'));
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('keeps the e-mail typed on the sign-in tab', async () => {
    stubApi(() => ({ status: 201, body: USER }));
    const onSignedIn = vi.fn();
    const { user } = renderWithProviders(
      <MemoryRouter>
        <PasswordForms referralCode={null} onSignedIn={onSignedIn} onError={vi.fn()} />
      </MemoryRouter>,
    );
    await fill(user, within(screen.getByRole('form', { name: 'Sign in with email and password' })).getByLabelText(/Email/), 'rita@example.com');
    await user.click(screen.getByRole('tab', { name: 'Create account' }));
    expect(within(screen.getByRole('form', { name: 'Create an account' })).getByLabelText(/Email/)).toHaveValue('rita@example.com');
  });
});
