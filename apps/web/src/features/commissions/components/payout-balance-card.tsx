import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDollarsAndCents, type PayoutBalance } from '@myeai/domain';
import { LabelledFigure } from '../../../components/ui/labelled-figure.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { usePayoutBalance } from '../api/payouts-api.ts';

function figures(balance: PayoutBalance) {
  const days = balance.holding_days;
  return [
    { key: 'holding', label: days > 0 ? `Holding (earned in the last ${days} day${days === 1 ? '' : 's'}, or under review)` : 'Holding (under review)', value: balance.holding_cents },
    { key: 'available', label: 'Available for the next payout', value: balance.available_cents },
    { key: 'in_payout', label: 'In a payout on its way', value: balance.in_payout_cents },
    { key: 'paid', label: 'Paid', value: balance.paid_cents },
    { key: 'withheld', label: 'Withheld (referral flag confirmed)', value: balance.withheld_cents },
  ];
}

/**
 * The balance (issue 30 item 2): every ledger line in one bucket, so the five add up to all that
 * was earned; the next payout and the minimum and wire threshold come from the settings the
 * batch itself reads (GET /api/payouts/balance), never from a copy.
 */
export function PayoutBalanceCard() {
  const balance = usePayoutBalance();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payout-balance-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="payout-balance-title">
          Balance
        </Title>
        {balance.isError ? (
          <LoadError message={balance.error.message} onRetry={() => void balance.refetch()} />
        ) : balance.isPending ? (
          <Skeleton h={120} radius="md" />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
              {figures(balance.data).map((figure) => (
                <LabelledFigure key={figure.key} label={figure.label} value={formatDollarsAndCents(figure.value)} size="lg" testId={`balance-${figure.key}`} />
              ))}
              <LabelledFigure label="Next payout (prepared)" value={formatDateTime(balance.data.next_payout_at)} size="lg" testId="balance-next-payout" />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              A payout is made when at least {formatDollarsAndCents(balance.data.minimum_cents)} is available; less carries over to the next one. Amounts over{' '}
              {formatDollarsAndCents(balance.data.wire_threshold_cents)} are paid by wire transfer; other methods are paid up to that amount and the rest follows.
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
