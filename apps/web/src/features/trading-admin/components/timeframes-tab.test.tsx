import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRADING_MESSAGES } from '@myeai/domain';
import { fill, renderWithProviders, stubApi, validationFailure } from '../../../test/render.tsx';
import { TimeframesTab } from './timeframes-tab.tsx';

const SAVED = { id: 't1', code: 'M30', label: '30 Minutes', minutes: 30, voting_window_minutes: 5, is_active: true, premium: false, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
const NONE = { status: 200, body: { timeframes: [] } };

afterEach(() => vi.unstubAllGlobals());

async function openAddTimeframe() {
  const view = renderWithProviders(<TimeframesTab />);
  await view.user.click(await screen.findByRole('button', { name: 'Add Timeframe' }));
  return { form: within(screen.getByRole('dialog', { name: 'Add Timeframe' })), ...view };
}

describe('Add Timeframe dialog', () => {
  it("shows the domain's messages on the fields, the emptied number inputs' too, and sends nothing", async () => {
    const requests = stubApi(() => NONE);
    const { user, form } = await openAddTimeframe();
    await fill(user, form.getByLabelText(/^Code/), 'M-30');
    await user.click(form.getByRole('button', { name: 'Add Timeframe' }));
    expect(form.getByLabelText(/^Code/)).toHaveAccessibleDescription(TRADING_MESSAGES.codeInvalid);
    expect(form.getByLabelText(/^Label/)).toHaveAccessibleDescription(TRADING_MESSAGES.labelRequired);
    expect(form.getByLabelText(/^Minutes/)).toHaveAccessibleDescription(TRADING_MESSAGES.minutesInvalid);
    expect(form.getByLabelText(/^Voting window/)).toHaveAccessibleDescription(expect.stringContaining(TRADING_MESSAGES.votingWindowInvalid));
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('sends the parsed timeframe (code in capitals, minutes as numbers) and closes', async () => {
    const requests = stubApi((r) => (r.method === 'POST' ? { status: 201, body: SAVED } : NONE));
    const { user, form } = await openAddTimeframe();
    await fill(user, form.getByLabelText(/^Code/), 'm30');
    await fill(user, form.getByLabelText(/^Label/), '30 Minutes');
    await fill(user, form.getByLabelText(/^Minutes/), '30');
    await fill(user, form.getByLabelText(/^Voting window/), '5');
    await user.click(form.getByRole('button', { name: 'Add Timeframe' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Timeframe' })).toBeNull());
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([
      { method: 'POST', path: '/api/trading/admin/timeframes', body: { code: 'M30', label: '30 Minutes', minutes: 30, voting_window_minutes: 5 } },
    ]);
  });

  it("shows the server's 4xx field message on its field and the refusal on top", async () => {
    stubApi((r) => (r.method === 'POST' ? validationFailure([{ path: 'code', message: 'A timeframe with this code already exists.' }]) : NONE));
    const { user, form } = await openAddTimeframe();
    await fill(user, form.getByLabelText(/^Code/), 'M30');
    await fill(user, form.getByLabelText(/^Label/), '30 Minutes');
    await fill(user, form.getByLabelText(/^Minutes/), '30');
    await fill(user, form.getByLabelText(/^Voting window/), '5');
    await user.click(form.getByRole('button', { name: 'Add Timeframe' }));
    await waitFor(() => expect(form.getByLabelText(/^Code/)).toHaveAccessibleDescription('A timeframe with this code already exists.'));
    expect(form.getByRole('alert')).toHaveTextContent('Failed to create timeframe: A timeframe with this code already exists.');
  });
});
