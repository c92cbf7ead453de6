import { Stack } from '@mantine/core';
import type { UserProfile } from '@myeai/domain';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { PayoutBatches } from './payout-batches.tsx';
import { PayoutSettingsCard } from './payout-settings-form.tsx';

/**
 * /admin/payouts (issue 30 item 3, decision 060): the settings every batch reads, "Prepare batch"
 * with its preview, then each batch's approval, payout files and results (the manual provider).
 */
export function AdminPayoutsPage(_props: { user: UserProfile }) {
  return (
    <Stack gap="lg">
      <PageHeader screen="/admin/payouts" subtitle="Pay affiliates and traders what their ledger says: weekly batches, the files for each provider, and each payout’s result." subtitleSize="sm" />
      <PayoutSettingsCard />
      <PayoutBatches />
    </Stack>
  );
}
