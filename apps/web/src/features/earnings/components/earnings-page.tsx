import { Alert, Badge, Button, Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { EARNINGS_PERIOD_LABELS, EARNINGS_PERIODS_DAYS, formatBpPercent, formatDollarsAndCents, type EarningsData, type EarningsPeriodDays, type UserProfile } from '@myeai/domain';
import { GoalQuickSetupPrompt } from '../../goals/index.ts';
import { useMyEarnings } from '../api/earnings-api.ts';
import { AdvancementCard } from './advancement-card.tsx';
import { EarningsPayouts } from './earnings-payouts.tsx';
import { SeatGrid } from './seat-grid.tsx';
import { TeamCalculator } from './team-calculator.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { FigureCard } from '../../../components/ui/stat-tiles.tsx';
import { stickyCell } from '../../../components/ui/row-table.tsx';

const ROLE_LABELS = { LEAD: 'Lead', SENIOR: 'Senior', REGULAR: 'Regular' } as const;

/** Spec 2 section 8: "Failed to load earnings data" (with the server's detail) and Try Again. */
function FailedToLoad({ detail, onRetry }: { detail?: string; onRetry: () => void }) {
  return (
    <Alert color="red" title="Failed to load earnings data" role="alert">
      <Stack gap="xs" align="flex-start">
        {detail && <Text size="sm">{detail}</Text>}
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Try Again
        </Button>
      </Stack>
    </Alert>
  );
}

function PersonalOverview({ data }: { data: EarningsData }) {
  const seat = data.seat;
  if (!seat) {
    return (
      <Card withBorder padding="lg" data-testid="personal-overview">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Personal Overview
          </Title>
          <Text>You are not in a commission cell yet. An admin assigns seats; once you hold one, your cell and its payouts show here.</Text>
          <Text size="sm" c="dimmed">
            What each seat pays from a cell's revenue (after the {formatBpPercent(data.config.override_pool_bp)} override pool):
          </Text>
          <Table.ScrollContainer minWidth={280}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th className={stickyCell.start}>Seat</Table.Th>
                  <Table.Th>Seats per cell</Table.Th>
                  <Table.Th>Share</Table.Th>
                  <Table.Th>Of cell revenue</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.seat_types.map((type) => (
                  <Table.Tr key={type.role}>
                    <Table.Td className={stickyCell.start}>{ROLE_LABELS[type.role]}</Table.Td>
                    <Table.Td>{type.seats}</Table.Td>
                    <Table.Td>{formatBpPercent(type.share_bp)} each</Table.Td>
                    <Table.Td>{formatBpPercent(type.rate_of_revenue_bp)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      </Card>
    );
  }
  return (
    <Card withBorder padding="lg" data-testid="personal-overview">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3">
            Personal Overview
          </Title>
          {seat.cell_status !== 'active' && (
            <Badge color="orange.9" variant="filled">
              Cell {seat.cell_status}
            </Badge>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <FigureCard label="Your seat" value={ROLE_LABELS[seat.role]} note={`Seat ${seat.position} in ${seat.cell_name}`} testId="overview-role" />
          <FigureCard label="Commission rate" value={formatBpPercent(seat.share_bp)} note={`${formatBpPercent(seat.rate_of_revenue_bp)} of the cell's revenue`} testId="overview-rate" />
          <FigureCard label="Cell capacity" value={`${seat.members_count}/${seat.capacity}`} note="Seats filled" testId="overview-capacity" />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function EarningsSummary({ data }: { data: EarningsData }) {
  const b = data.earnings_breakdown;
  const period = EARNINGS_PERIOD_LABELS[data.period_days as EarningsPeriodDays] ?? `${data.period_days} days`;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3">
            Earnings Summary
          </Title>
          <Text size="sm" c="dimmed">
            From your commission ledger, the last {data.period_days} days ({period.toLowerCase()}); every status counts.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <FigureCard label="Direct earnings" value={formatDollarsAndCents(b.direct_cents)} note={`Seat payouts ${formatDollarsAndCents(b.seat_cents)} · product commissions ${formatDollarsAndCents(b.product_cents)}`} testId="summary-direct" />
          <FigureCard label="Override earnings" value={formatDollarsAndCents(b.override_cents)} note="From the cells below yours" testId="summary-override" />
          <FigureCard
            label="Total earnings"
            value={formatDollarsAndCents(b.total_cents)}
            note={`${b.lines_count} ledger ${b.lines_count === 1 ? 'line' : 'lines'}${b.adjustment_cents !== 0 ? `, adjustments ${formatDollarsAndCents(b.adjustment_cents)}` : ''}${data.ledger_balance.reversed_cents !== 0 ? `, reversals ${formatDollarsAndCents(data.ledger_balance.reversed_cents)}` : ''}`}
            testId="summary-total"
          />
        </SimpleGrid>
        {data.ledger_balance.unpaid_cents < 0 && (
          // Reversals of commissions already paid exceed what is unpaid: a negative balance, netted against the next payouts (decision 066).
          <Alert color="red" variant="light" title="Negative balance" data-testid="negative-balance">
            Your unpaid balance is {formatDollarsAndCents(data.ledger_balance.unpaid_cents)}: reversals of commissions already paid to you are more than what is
            unpaid. It is carried forward and taken from your next commissions before anything is paid out.
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/** /earnings, My Earnings Potential (spec 2; decision record 042): every figure from stored data, except the labelled calculator. */
export function EarningsPage({ user }: { user: UserProfile }) {
  const [days, setDays] = useState<EarningsPeriodDays>(30);
  const earnings = useMyEarnings(days);
  const data = earnings.data;
  return (
    <Stack gap="lg">
      <PageHeader screen="/earnings" name="My Earnings Potential" subtitle="Your seat, your ledger and your next step.">
        <SegmentedControl
          aria-label="Period"
          value={String(days)}
          onChange={(value) => setDays(Number(value) as EarningsPeriodDays)}
          data={EARNINGS_PERIODS_DAYS.map((period) => ({ value: String(period), label: EARNINGS_PERIOD_LABELS[period] }))}
        />
      </PageHeader>
      <GoalQuickSetupPrompt context="earnings" />
      {earnings.isError && !data ? (
        <FailedToLoad detail={earnings.error.message} onRetry={() => void earnings.refetch()} />
      ) : !data ? (
        <Stack gap="lg">
          <Skeleton h={180} />
          <Skeleton h={180} />
          <Skeleton h={320} />
        </Stack>
      ) : (
        <>
          {earnings.isError && <FailedToLoad detail={earnings.error.message} onRetry={() => void earnings.refetch()} />}
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <PersonalOverview data={data} />
            <EarningsSummary data={data} />
          </SimpleGrid>
          {data.seat && (
            <Card withBorder padding="lg">
              <Stack gap="sm">
                <Title order={2} size="h3">
                  {data.seat.cell_name}: your cell
                </Title>
                <SeatGrid grid={data.seat.grid} />
              </Stack>
            </Card>
          )}
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <AdvancementCard advancement={data.advancement} />
            <TeamCalculator config={data.config} />
          </SimpleGrid>
        </>
      )}
      <EarningsPayouts user={user} />
    </Stack>
  );
}
