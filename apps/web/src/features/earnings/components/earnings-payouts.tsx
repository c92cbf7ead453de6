import { Alert, Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ACCOUNT_LINK_MESSAGES, type UserProfile } from '@myeai/domain';
import { PayoutBalanceCard, PayoutMethodCard } from '../../commissions/index.ts';

/**
 * Payouts on /earnings (issue 30 item 1, decision 063): the same balance and "Payout method" cards
 * as the Payouts tab of /commissions, for every role (traders and members earn through cell seats,
 * and cannot open /commissions), and the way to the statement of a period. An account whose address
 * is not confirmed cannot earn or hold payout details (decision 057): it is told so instead.
 */
export function EarningsPayouts({ user }: { user: UserProfile }) {
  if (!user.email_verified) {
    return (
      <Alert color="yellow" variant="light" title="Payouts" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
        {ACCOUNT_LINK_MESSAGES.unverifiedEarning} Once it is confirmed, you can add the payout method your commissions are paid to here.
      </Alert>
    );
  }
  return (
    <Stack gap="sm" component="section" aria-label="Payouts">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <PayoutBalanceCard />
        <PayoutMethodCard page="earnings" />
      </SimpleGrid>
      <Group gap="xs">
        <Anchor component={Link} to="/payouts/statement" size="sm">
          <Group gap={4} wrap="nowrap" component="span">
            <IconFileText size={16} aria-hidden />
            Payout statement
          </Group>
        </Anchor>
        <Text size="sm" c="dimmed">
          every payout of a period and the lines it paid, to print or download.
        </Text>
      </Group>
    </Stack>
  );
}
