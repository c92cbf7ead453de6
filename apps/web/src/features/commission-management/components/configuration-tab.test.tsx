import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CELL_PAYOUT_CONFIG, type CommissionConfig } from '@myeai/domain';
import { fill, renderWithProviders, stubApi } from '../../../test/render.tsx';
import { ConfigurationForm } from './configuration-tab.tsx';

const CONFIG: CommissionConfig = { engine_enabled: true, elite_pool_enabled: false, payout: DEFAULT_CELL_PAYOUT_CONFIG, stored: false, elite_cell_id: null, updated_at: null };

afterEach(() => vi.unstubAllGlobals());

describe('Commission configuration form', () => {
  it('shows the domain schema messages when the seat shares or the levels do not add up, and sends nothing', async () => {
    const requests = stubApi(() => ({ status: 200, body: CONFIG }));
    const { user } = renderWithProviders(<ConfigurationForm config={CONFIG} />);
    await fill(user, screen.getByLabelText('Lead (1 seat)'), '47');
    await fill(user, screen.getByLabelText('Level 4'), '0.3');
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    expect(screen.getByLabelText('Lead (1 seat)')).toHaveAccessibleDescription('The seat shares must add up to 100% (1 Lead + 3 Senior + 9 Regular now make 101%).');
    expect(screen.getByText('The override levels must add up to the override pool (2%; they now make 2.1%).')).toBeInTheDocument();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('sends the flags and the rates in basis points', async () => {
    const payout = { lead_share_bp: 4000, senior_share_bp: 1100, regular_share_bp: 300, override_pool_bp: 200, override_levels_bp: [100, 50, 30, 20, 0] };
    const requests = stubApi((r) => ({ status: 200, body: r.method === 'PUT' ? { ...CONFIG, engine_enabled: false, payout, stored: true, updated_at: '2026-11-26T00:00:00.000Z' } : CONFIG }));
    const { user } = renderWithProviders(<ConfigurationForm config={CONFIG} />);
    await user.click(screen.getByRole('switch', { name: /^Commission engine enabled/ }));
    await fill(user, screen.getByLabelText('Lead (1 seat)'), '40');
    await fill(user, screen.getByLabelText('Senior (each of 3)'), '11');
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')).toEqual({ method: 'PUT', path: '/api/admin/commission/config', body: { engine_enabled: false, elite_pool_enabled: false, payout } });
  });
});
