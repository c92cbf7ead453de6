import type { Database } from '@myeai/db';
import { ADVANCEMENT_WINDOW_DAYS, type CellAdvancement } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { getAdvancementChecks } from '../earnings/index.ts';
import { getCell } from './cell-network.service.ts';

/**
 * Issue 19 item 7: each seated member's advancement check in the Network Manager, the same one
 * /earnings shows them (the earnings module's rule, evaluated for the whole cell at once). A
 * suggestion: nothing is written and nobody moves; promotion stays the admin's seat move.
 */
export async function cellAdvancement(db: Database, clock: Clock, id: string): Promise<CellAdvancement> {
  const cell = await getCell(db, id);
  const checks = await getAdvancementChecks(db, clock, cell.members.map((member) => ({ userId: member.user_id, role: member.role })));
  return {
    cell_id: cell.id,
    window_days: ADVANCEMENT_WINDOW_DAYS,
    members: cell.members.map((member) => {
      const check = checks.get(member.user_id)!;
      return { user_id: member.user_id, position: member.position, role: member.role, inputs: check.inputs, current: check.current };
    }),
  };
}
