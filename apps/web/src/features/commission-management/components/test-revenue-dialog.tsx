import { Alert, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useProcessRevenue } from '../api/commission-management-api.ts';
import { PayoutTable } from './payout-table.tsx';

/** The amount of "Test $1000" (spec 3 section 9), in cents. */
export const TEST_REVENUE_CENTS = 100_000;

export type TestRevenueCell = { id: string; name: string };

/**
 * "Test $1000" (DESIGN.md decision 24): process-revenue with dry_run, the payouts $1,000 would make
 * on the cell as it stands, seat by seat and level by level, with the unallocated amount and the
 * total. Nothing is written, and the dialog says so; it never says the revenue was processed.
 */
export function TestRevenueDialog({ cell, onClose }: { cell: TestRevenueCell | null; onClose: () => void }) {
  const run = useProcessRevenue();
  const { mutate, reset } = run;
  const cellId = cell?.id;
  useEffect(() => {
    if (!cellId) return;
    reset();
    mutate({ cell_id: cellId, amount_cents: TEST_REVENUE_CENTS, source: 'trading_fees', description: 'Test $1000', dry_run: true });
  }, [cellId, mutate, reset]);

  return (
    <Modal opened={cell !== null} onClose={onClose} title={cell ? `Test $1000 on ${cell.name}` : 'Test $1000'} size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          A dry run: what $1,000.00 of revenue would pay on this cell with its current members and the current configuration.
        </Text>
        {run.isPending && (
          <Stack align="center" py="md">
            <Loader size="sm" aria-label="Calculating the payouts" />
          </Stack>
        )}
        {run.isError && (
          <Alert color="red" role="alert" title="Failed to process test revenue">
            {run.error.message}
          </Alert>
        )}
        {run.data && (
          <>
            <Alert color="blue" variant="light" role="status">
              {run.data.message}
            </Alert>
            <PayoutTable result={run.data.calculation_result} />
          </>
        )}
      </Stack>
    </Modal>
  );
}
