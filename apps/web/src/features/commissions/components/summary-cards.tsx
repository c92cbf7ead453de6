import { Card, SimpleGrid, Text } from '@mantine/core';
import { COMMISSION_SUMMARY_LABELS, formatDollarsAndCents, paymentCountText, type CommissionSummaryResponse } from '@myeai/domain';

/** Total earnings, paid out (with the number of payments) and pending, computed by the server from the ledger. */
export function SummaryCards({ summary }: { summary: CommissionSummaryResponse }) {
  const cards = [
    { label: COMMISSION_SUMMARY_LABELS.total, value: summary.total_earnings_cents, note: 'All commissions earned' },
    { label: COMMISSION_SUMMARY_LABELS.paid, value: summary.paid_out_cents, note: paymentCountText(summary.paid_count) },
    { label: COMMISSION_SUMMARY_LABELS.pending, value: summary.pending_cents, note:
        summary.pending_cents < 0
          ? // Reversals of paid commissions exceed what is unpaid (decision 066).
            `Negative balance: reversals of commissions already paid are more than what is unpaid. It is carried forward and taken from your next commissions.`
          : summary.held_count > 0
          ? `${summary.pending_count} awaiting payout, ${formatDollarsAndCents(summary.held_cents)} of it on hold (flagged sign-up under review)`
          : `${summary.pending_count} awaiting payout`,
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" component="section" aria-label="Commission summary">
      {cards.map((card) => (
        <Card key={card.label} withBorder radius="md" padding="md">
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text fw={700} fz={28}>
            {formatDollarsAndCents(card.value)}
          </Text>
          <Text size="xs" c="dimmed">
            {card.note}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
