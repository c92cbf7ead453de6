import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { formatDollarsAndCents, UNALLOCATED_EXPLANATION, type CalculationResult } from '@myeai/domain';
import { useMemberNames } from '../api/commission-management-api.ts';

const ROLE = { LEAD: 'Lead', SENIOR: 'Senior', REGULAR: 'Regular' } as const;

type Row = { key: string; order: number; where: string; what: string; who: string; cents: number; unallocated: boolean };

function rowsOf(result: CalculationResult): Row[] {
  const rows: Row[] = [];
  for (const payout of result.payouts) {
    rows.push(
      payout.kind === 'seat'
        ? { key: `seat-${payout.seat_position}`, order: payout.seat_position!, where: `Seat ${payout.seat_position}`, what: ROLE[payout.seat_role!], who: payout.user_id, cents: payout.amount_cents, unallocated: false }
        : { key: `level-${payout.override_level}`, order: 100 + payout.override_level!, where: `Override level ${payout.override_level}`, what: 'Lead of an upline cell', who: payout.user_id, cents: payout.amount_cents, unallocated: false },
    );
  }
  for (const part of result.unallocated) {
    rows.push(
      part.kind === 'seat'
        ? { key: `empty-${part.seat_position}`, order: part.seat_position!, where: `Seat ${part.seat_position}`, what: `${ROLE[part.seat_role!]} (empty seat)`, who: '—', cents: part.amount_cents, unallocated: true }
        : { key: `nolead-${part.override_level}`, order: 100 + part.override_level!, where: `Override level ${part.override_level}`, what: part.from_cell_id ? 'Upline cell without a Lead' : 'No upline cell', who: '—', cents: part.amount_cents, unallocated: true },
    );
  }
  return rows.sort((a, b) => a.order - b.order);
}

/** A split seat by seat and level by level, with the unallocated parts and the totals (to the cent). */
export function PayoutTable({ result }: { result: CalculationResult }) {
  const rows = rowsOf(result);
  const names = useMemberNames();
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={480}>
        <Table striped withTableBorder aria-label="Payouts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Seat or level</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Member</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>{row.where}</Table.Td>
                <Table.Td>
                  {row.what}
                  {row.unallocated && (
                    <Badge ml="xs" size="xs" color="gray.7" variant="outline">
                      Unallocated
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {row.who === '—' ? (
                    '—'
                  ) : names.data?.has(row.who) ? (
                    names.data.get(row.who)
                  ) : (
                    <Text size="xs" ff="monospace" span>
                      {row.who.slice(0, 8)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatDollarsAndCents(row.cents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">
          Paid to {result.payouts_count} {result.payouts_count === 1 ? 'member' : 'members'}: <b>{formatDollarsAndCents(result.paid_cents)}</b>
        </Text>
        <Text size="sm">
          Unallocated: <b>{formatDollarsAndCents(result.unallocated_cents)}</b>
        </Text>
        <Text size="sm">
          Total: <b>{formatDollarsAndCents(result.revenue_cents)}</b>
        </Text>
      </Group>
      {result.unallocated_cents > 0 && (
        <Text size="xs" c="dimmed" data-testid="unallocated-explanation">
          {UNALLOCATED_EXPLANATION}
        </Text>
      )}
    </Stack>
  );
}
