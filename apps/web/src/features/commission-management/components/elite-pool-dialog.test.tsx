import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ElitePool, TraderTier } from '@myeai/domain';
import { renderWithProviders, stubApi } from '../../../test/render.tsx';
import { ElitePoolDialog } from './elite-pool-dialog.tsx';

const tierOf = (i: number): TraderTier => (i === 0 ? 'lead' : i <= 3 ? 'senior' : 'regular');
const POOL: ElitePool = {
  elite_pool_enabled: true,
  elite_cell_id: 'cell-1',
  elite_cell_name: 'Elite Pool',
  candidates: [
    ...Array.from({ length: 13 }, (_, i) => ({ user_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `Trader ${i}`, email: `t${String(i).padStart(2, '0')}@x.test`, weight: [46, 9, 3][Math.min(i, 2)]!, tier: tierOf(i), in_pool: true })),
    { user_id: '00000000-0000-4000-8000-000000000099', name: 'Spare', email: 'spare@x.test', weight: 3, tier: 'regular' as const, in_pool: false },
  ],
  counts: { lead: 1, senior: 3, regular: 9 },
  problems: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('Elite Pool dialog', () => {
  it('holds Save until exactly 1 Lead + 3 Senior + 9 Regular are chosen, then sends the whole pool', async () => {
    const requests = stubApi(() => ({ status: 200, body: POOL }));
    const { user } = renderWithProviders(<ElitePoolDialog opened onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Elite Pool' });
    await within(dialog).findByText('13/13 selected');
    const save = within(dialog).getByRole('button', { name: 'Save Elite Pool' });
    expect(save).toBeEnabled();

    // The spare trader in as a 14th member: held.
    const spareItem = within(dialog).getAllByRole('listitem').find((item) => item.textContent?.includes('spare@x.test'))!;
    await user.click(within(spareItem).getByText('Regular'));
    await within(dialog).findByText('14/13 selected');
    expect(within(dialog).getByText('Regular 10/9')).toBeInTheDocument();
    expect(save).toBeDisabled();

    // A regular out: 13 again, sent as the whole pool.
    const lastRegular = within(dialog).getAllByRole('listitem').find((item) => item.textContent?.includes('t12@x.test'))!;
    await user.click(within(lastRegular).getByText('Out'));
    await within(dialog).findByText('13/13 selected');
    await user.click(save);
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    const body = requests.find((r) => r.method === 'PUT')!.body as { members: { user_id: string; tier: string }[] };
    expect(body.members).toHaveLength(13);
    expect(body.members).toContainEqual({ user_id: '00000000-0000-4000-8000-000000000099', tier: 'regular' });
    expect(body.members.map((m) => m.user_id)).not.toContain('00000000-0000-4000-8000-000000000012');
  });
});
