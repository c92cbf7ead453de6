import { Card, List, Stack, Text, Title } from '@mantine/core';
import { formatDollarsAndCents, payoutStatements, type CommissionSummaryResponse } from '@myeai/domain';
import { formatPayoutDay, formatShortPayoutDay } from '../format-dates.ts';

/** Spec 2 section 9's payout information, written from the policy the server applies, and the computed next payout date. */
export function PayoutInfoPanel({ summary }: { summary: CommissionSummaryResponse }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payout-info-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="payout-info-title">
          Payout information
        </Title>
        <div>
          <Text size="sm" c="dimmed">
            Next payout
          </Text>
          <Text fw={700} size="lg" data-testid="next-payout-date">
            {formatPayoutDay(summary.next_payout_date)}
          </Text>
          <Text size="sm">
            Money paid in that run arrives between {formatShortPayoutDay(summary.arrival_window.from)} and {formatShortPayoutDay(summary.arrival_window.to)}.
          </Text>
          {!summary.meets_minimum && (
            <Text size="sm" c="dimmed" mt={4}>
              Your unpaid balance is below the {formatDollarsAndCents(summary.payout_policy.minimum_cents)} minimum payout, so it carries over until it reaches it.
            </Text>
          )}
        </div>
        <List size="sm" spacing={4}>
          {payoutStatements(summary.payout_policy).map((statement) => (
            <List.Item key={statement}>{statement}</List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}
