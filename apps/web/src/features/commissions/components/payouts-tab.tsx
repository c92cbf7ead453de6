import { SimpleGrid, Stack } from '@mantine/core';
import { PayoutBalanceCard } from './payout-balance-card.tsx';
import { PayoutMethodCard } from './payout-method-card.tsx';
import { PayoutStatements } from './payout-statements.tsx';

/** The payee's side of payouts on /commissions (issue 30 items 1, 2 and 5): balance, method, statements. */
export function PayoutsTab() {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <PayoutBalanceCard />
        <PayoutMethodCard />
      </SimpleGrid>
      <PayoutStatements />
    </Stack>
  );
}
