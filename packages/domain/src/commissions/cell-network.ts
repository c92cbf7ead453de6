import { CELL_SEAT_COUNTS, CELL_SIZE, seatRole } from './cell-payout.ts';

/**
 * The Network Manager's rules for cells and seats (spec 3 sections 2.11 and 4, DESIGN.md decision 32),
 * pure so the server enforces them and the editor asks them before it sends anything.
 */

/**
 * Whether giving `cellId` the parent `proposedParentId` would make the cell its own ancestor, however far
 * up: `ancestorsOfProposedParent` is the chain above the proposed parent (its parent first). A chain that
 * already holds a loop elsewhere is read only as far as it is given; the cell is refused when it appears.
 */
export function wouldCreateCellCycle(cellId: string, proposedParentId: string | null, ancestorsOfProposedParent: readonly string[]): boolean {
  if (proposedParentId === null) return false;
  if (proposedParentId === cellId) return true;
  return ancestorsOfProposedParent.includes(cellId);
}

export const CELL_CYCLE_MESSAGE = 'A cell cannot be placed under itself or under one of its own sub-cells. Choose another parent cell.';

/** What a drop (drag and drop, or the keyboard move) of the member at `from` onto seat `to` does. */
export type SeatMoveDecision = { ok: true } | { ok: false; reason: 'same_seat' | 'occupied' | 'out_of_range' };

/**
 * Spec 3 section 4: a drop on the same seat or on an occupied seat is ignored; the editor does not send
 * it and the server refuses it with a clear message.
 */
export function decideSeatMove(from: number, to: number, occupied: ReadonlySet<number>): SeatMoveDecision {
  if (!Number.isInteger(to) || to < 0 || to >= CELL_SIZE) return { ok: false, reason: 'out_of_range' };
  if (from === to) return { ok: false, reason: 'same_seat' };
  if (occupied.has(to)) return { ok: false, reason: 'occupied' };
  return { ok: true };
}

export const SEAT_MOVE_MESSAGES: Record<Exclude<SeatMoveDecision, { ok: true }>['reason'], string> = {
  same_seat: 'The member already sits in this seat.',
  occupied: 'That seat is taken. Choose an empty seat, or remove its member first.',
  out_of_range: 'A cell has seats 0 to 12.',
};

/** The empty seat nearest to `from` in the direction of `step` (the keyboard move skips occupied seats), or null. */
export function nextEmptySeat(from: number, step: 1 | -1, occupied: ReadonlySet<number>): number | null {
  for (let seat = from + step; seat >= 0 && seat < CELL_SIZE; seat += step) if (!occupied.has(seat)) return seat;
  return null;
}

/** A cell's fill as a percentage of its 13 seats, to one decimal (7/13 = 53.8). */
export function cellFillPercent(fillCount: number): number {
  return Math.round((fillCount * 1000) / CELL_SIZE) / 10;
}

/**
 * The Avg Fill Rate card: the mean of the cells' fill percentages, to one decimal, computed from the
 * counts (total seats filled / total seats), so the rounding happens once. No cells: 0.
 */
export function averageFillRate(fillCounts: readonly number[]): number {
  if (fillCounts.length === 0) return 0;
  const filled = fillCounts.reduce((sum, count) => sum + count, 0);
  return Math.round((filled * 1000) / (fillCounts.length * CELL_SIZE)) / 10;
}

/** The name of a cell created without one (spec 3 section 2.11, "auto-generated if blank"): "Cell 3F2A9C1B". */
export function generatedCellName(cellId: string): string {
  return `Cell ${cellId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

/** Spec 3 section 3's `member_distribution`: filled seats per kind over the listed cells, with the seats each kind has. */
export function memberDistribution(filledPositions: readonly number[], cellCount: number) {
  const filled = { lead: 0, senior: 0, regular: 0 };
  for (const position of filledPositions) filled[seatRole(position).toLowerCase() as keyof typeof filled] += 1;
  return {
    lead: { filled: filled.lead, seats: cellCount * CELL_SEAT_COUNTS.LEAD },
    senior: { filled: filled.senior, seats: cellCount * CELL_SEAT_COUNTS.SENIOR },
    regular: { filled: filled.regular, seats: cellCount * CELL_SEAT_COUNTS.REGULAR },
  };
}

/** Spec 3 section 3's `fill_analytics`: the Avg Fill Rate and how many cells are full, partly filled and empty. */
export function fillAnalytics(fillCounts: readonly number[]) {
  return {
    avg_fill_rate: averageFillRate(fillCounts),
    full_cells: fillCounts.filter((count) => count >= CELL_SIZE).length,
    partial_cells: fillCounts.filter((count) => count > 0 && count < CELL_SIZE).length,
    empty_cells: fillCounts.filter((count) => count === 0).length,
  };
}
