import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CompassAccessInfo } from '@myeai/domain';
import { renderWithProviders } from '../../../test/render.tsx';
import { AccessBanners } from './access-banners.tsx';

const TRIAL = {
  level: 'trial',
  has_plan: false,
  premium_locked: false,
  premium_unlocks_on_trial_day: null,
  locked_timeframe_codes: [],
  delay_minutes: 0,
  asset_limit: 3,
  history_hours: 24,
  data_as_of: '2026-11-28T10:00:00.000Z',
  plan_id: null,
  picked_asset_ids: null,
  trader_breakdown: false,
} as CompassAccessInfo;

describe("the compass's trial banner", () => {
  it('points to the plans in plain words, never "the subscriber role" (issue 26)', () => {
    renderWithProviders(
      <MemoryRouter>
        <AccessBanners access={TRIAL} />
      </MemoryRouter>,
    );
    const banner = screen.getByRole('alert', { name: /Limited Trial Access/ });
    expect(banner).not.toHaveTextContent(/subscriber role/i);
    expect(banner).toHaveTextContent('Choose a plan for every asset, timeframe and the full history.');
    expect(screen.getAllByRole('link', { name: 'Choose a plan' })[0]).toHaveAttribute('href', '/trading-subscription');
  });
});
