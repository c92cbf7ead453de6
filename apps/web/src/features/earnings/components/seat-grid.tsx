import { Badge, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { EarningsData } from '@myeai/domain';

type Grid = NonNullable<EarningsData['seat']>['grid'];

const ROLE_COLOURS = { LEAD: 'grape.9', SENIOR: 'blue.9', REGULAR: 'gray.7' } as const;
const ROLE_LABELS = { LEAD: 'Lead', SENIOR: 'Senior', REGULAR: 'Regular' } as const;

function Seat({ seat }: { seat: Grid[number] }) {
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      bg={seat.is_me ? 'var(--mantine-color-teal-0)' : undefined}
      style={seat.is_me ? { borderColor: 'var(--mantine-color-teal-7)', borderWidth: 2 } : undefined}
      aria-label={`Seat ${seat.position} ${ROLE_LABELS[seat.role]}: ${seat.name ?? 'open'}${seat.is_me ? ' (you)' : ''}`}
    >
      <Stack gap={2}>
        <Badge size="xs" color={ROLE_COLOURS[seat.role]} variant="filled">
          {ROLE_LABELS[seat.role]} · {seat.position}
        </Badge>
        <Text size="sm" fw={seat.is_me ? 700 : 500} c={seat.name ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
          {seat.name ?? 'Open seat'}
          {seat.is_me ? ' (you)' : ''}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The 13-seat structure of my cell: seat 0 LEAD, 1-3 SENIOR, 4-12 REGULAR (spec 2, spec 3 section 2.11). */
export function SeatGrid({ grid }: { grid: Grid }) {
  const lead = grid.filter((s) => s.role === 'LEAD');
  const seniors = grid.filter((s) => s.role === 'SENIOR');
  const regulars = grid.filter((s) => s.role === 'REGULAR');
  return (
    <Stack gap="xs" data-testid="seat-grid">
      <SimpleGrid cols={1} maw={260} mx="auto" w="100%">
        {lead.map((seat) => (
          <Seat key={seat.position} seat={seat} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, xs: 3 }}>
        {seniors.map((seat) => (
          <Seat key={seat.position} seat={seat} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, xs: 3 }}>
        {regulars.map((seat) => (
          <Seat key={seat.position} seat={seat} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
