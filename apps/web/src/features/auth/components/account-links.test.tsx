import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_LINK_MESSAGES } from '@myeai/domain';
import { fill, renderWithProviders, stubApi } from '../../../test/render.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const linkRefused = (message: string, verdict: string) => ({ status: 400, body: { error: { code: 'VALIDATION', message, details: [{ path: 'token', message: verdict }] } } });

function renderAt(path: string, page: ReactElement) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={path.split('?')[0]} element={page} />
        <Route path="/login" element={<p>Sign-in page</p>} />
        <Route path="/forgot-password" element={<p>Forgot page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('/reset-password', () => {
  it('a link without a token offers a new one and sends nothing', () => {
    const requests = stubApi(() => ({ status: 200, body: {} }));
    renderAt('/reset-password', <ResetPasswordPage />);
    expect(screen.getByText('This link is incomplete')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(requests).toEqual([]);
  });

  it('sends the token with the new password and goes to sign-in with the notice', async () => {
    const requests = stubApi(() => ({ status: 200, body: { status: 'success' } }));
    const { user } = renderAt('/reset-password?token=abc', <ResetPasswordPage />);
    await fill(user, screen.getByLabelText(/New password/), 'a long enough passphrase');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await screen.findByText('Sign-in page');
    expect(requests).toEqual([{ method: 'POST', path: '/api/auth/password-reset/confirm', body: { token: 'abc', password: 'a long enough passphrase' } }]);
  });

  it('an expired link says so and offers "Send a new link" instead of the form', async () => {
    stubApi(() => linkRefused(ACCOUNT_LINK_MESSAGES.expired, 'expired'));
    const { user } = renderAt('/reset-password?token=abc', <ResetPasswordPage />);
    await fill(user, screen.getByLabelText(/New password/), 'a long enough passphrase');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(ACCOUNT_LINK_MESSAGES.expired)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set new password' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Send a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('/verify-email', () => {
  it('confirms the address once, as the page opens', async () => {
    const requests = stubApi((request) =>
      request.path === '/api/auth/profile' ? { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'Sign in to continue.' } } } : { status: 200, body: { status: 'success', email: 'ada@example.com', changed: false } },
    );
    renderAt('/verify-email?token=abc', <VerifyEmailPage />);
    expect(await screen.findByText('ada@example.com is confirmed. Thank you.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(requests.filter((request) => request.path === '/api/auth/verify-email')).toEqual([{ method: 'POST', path: '/api/auth/verify-email', body: { token: 'abc' } }]);
  });

  it('a used link says so and offers a new one', async () => {
    stubApi((request) =>
      request.path === '/api/auth/profile' ? { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'Sign in to continue.' } } } : linkRefused(ACCOUNT_LINK_MESSAGES.used, 'used'),
    );
    renderAt('/verify-email?token=abc', <VerifyEmailPage />);
    expect(await screen.findByText(ACCOUNT_LINK_MESSAGES.used)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send a new link' })).toBeInTheDocument();
  });
});
