import type { Database, DbOrTx } from '@myeai/db';
import { AssignMemberInputSchema, CreateCellInputSchema, ProcessRevenueInputSchema } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { assignMember, createCell, getCell } from './cell-network.service.ts';
import { selectListedCellIdByName } from './commission-cells-demo.queries.ts';
import { selectRunByReference } from './commission-cells.queries.ts';
import { processRevenue } from './commission-cells.service.ts';
import { selectSeatOfUser } from './cell-network.queries.ts';

const DAY_MS = 86_400_000;

type DemoCell = {
  name: string;
  description: string;
  /** The e-mails of the seat holders by position (0 LEAD, 1-3 SENIOR, 4-12 REGULAR); null leaves the seat empty. */
  seats: (string | null)[];
  createdDaysAgo: number;
  /** One processed revenue run: [reference, amount in cents, source, description, days ago]. */
  run: [string, number, 'trading_fees' | 'subscriptions' | 'other', string, number];
};

/**
 * The demo network (issue 26 item 7): a full parent cell led by the demo affiliate and a child cell
 * led by one of the affiliate's members, partly filled, so a run on the child pays the parent's
 * LEAD an override and leaves the empty seats' parts unallocated. Of the demo accounts only the
 * affiliate sits: a user holds one seat, and tests and the Elite Pool's own cell seat the others.
 */
const CELLS: DemoCell[] = [
  {
    name: 'Growth Circle',
    description: 'The demo affiliate’s own cell: the members they brought in.',
    seats: [
      'affiliate@demo.myeai.local',
      'priya.nair@example.com',
      'marcus.hill@example.com',
      'elena.costa@example.com',
      'ava.lindqvist@example.com',
      'isla.moreno@example.com',
      'kofi.boateng@example.com',
      'mei.chen@example.com',
      'sam.okoro@example.com',
      'hana.sato@example.com',
      'leo.fischer@example.com',
      'nadia.haddad@example.com',
      'owen.price@example.com',
    ],
    createdDaysAgo: 45,
    run: ['DEMO-CELL-RUN-1', 240_000, 'trading_fees', 'Demo: trading fees of the month', 12],
  },
  {
    name: 'Launch Team',
    description: 'A new cell under Growth Circle, led by Jordan Blake; eight seats still open.',
    seats: ['jordan.blake@example.com', 'sofia.alvarez@example.com', null, null, 'david.kim@example.com', 'grace.mensah@example.com', 'tomas.varga@example.com'],
    createdDaysAgo: 20,
    run: ['DEMO-CELL-RUN-2', 85_000, 'subscriptions', 'Demo: subscription revenue of the team', 4],
  },
];

/**
 * Writes the demo cells through the Network Manager's services (createCell, assignMember: one seat
 * per user, active users only, audited) and processes one revenue run on each through the payout
 * engine (processRevenue: the ledger lines, the owners' notifications, the audit). A cell whose run
 * is stored is done and left as it is now (an admin may have renamed, moved or locked it); until
 * then each step adds what is missing: the cell of that name, a free seat for a user who holds
 * none, the run. `users` maps e-mails to ids.
 */
export async function seedCommissionCellsDemo(db: Database, clock: Clock, adminId: string, users: ReadonlyMap<string, string>): Promise<void> {
  // One transaction (each service's own becomes a savepoint): a start cut short leaves nothing half made.
  await db.transaction((tx) => seedCells(tx, clock, adminId, users));
}

async function seedCells(db: DbOrTx, clock: Clock, adminId: string, users: ReadonlyMap<string, string>): Promise<void> {
  const base = clock.now().getTime();
  const at = (days: number): Clock => ({ now: () => new Date(base - days * DAY_MS) });
  let parentId: string | null = null;
  for (const cell of CELLS) {
    const [reference, amountCents, source, description, daysAgo] = cell.run;
    const done = await selectRunByReference(db, reference);
    if (done) {
      parentId = done.cellId;
      continue;
    }
    let id = await selectListedCellIdByName(db, cell.name);
    if (!id) {
      const input = CreateCellInputSchema.parse({ name: cell.name, description: cell.description, parent_cell_id: parentId });
      id = (await createCell(db, at(cell.createdDaysAgo), adminId, input)).cell.id;
    }
    let current = await getCell(db, id);
    for (const [position, email] of cell.seats.entries()) {
      const userId = email ? users.get(email) : undefined;
      if (!userId || current.members.some((member) => member.position === position) || (await selectSeatOfUser(db, userId))) continue;
      const input = AssignMemberInputSchema.parse({ user_id: userId, position, version: current.version });
      current = (await assignMember(db, at(cell.createdDaysAgo - 1), adminId, id, input)).cell;
    }
    await processRevenue(db, at(daysAgo), adminId, ProcessRevenueInputSchema.parse({ cell_id: id, amount_cents: amountCents, source, description, source_reference_id: reference }));
    parentId = id;
  }
}
