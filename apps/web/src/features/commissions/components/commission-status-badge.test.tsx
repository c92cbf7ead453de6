import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COMMISSION_ON_HOLD_EXPLANATION, COMMISSION_WITHHELD_EXPLANATION } from '@myeai/domain';
import { renderWithProviders } from '../../../test/render.tsx';
import { CommissionStatusBadge } from './commission-status-badge.tsx';

/** Decision 046: withheld and on-hold commissions read as such and explain themselves. */
describe('CommissionStatusBadge', () => {
  it('shows a withheld commission as Withheld with its explanation', () => {
    renderWithProviders(<CommissionStatusBadge status="withheld" />);
    expect(screen.getByText('Withheld').closest('[title]')?.getAttribute('title')).toBe(COMMISSION_WITHHELD_EXPLANATION);
  });

  it('shows a pending commission held by an open flag as On hold, and a plain pending one as Pending', () => {
    renderWithProviders(
      <>
        <CommissionStatusBadge status="pending" onHold />
        <CommissionStatusBadge status="pending" />
        <CommissionStatusBadge status="paid" onHold />
      </>,
    );
    expect(screen.getByText('On hold').closest('[title]')?.getAttribute('title')).toBe(COMMISSION_ON_HOLD_EXPLANATION);
    expect(screen.getByText('Pending').closest('[title]')).toBeNull();
    expect(screen.getByText('Paid')).toBeTruthy();
  });
});
