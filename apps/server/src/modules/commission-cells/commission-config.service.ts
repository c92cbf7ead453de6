import type { Database, DbOrTx } from '@myeai/db';
import {
  CellPayoutConfigSchema,
  DEFAULT_CELL_PAYOUT_CONFIG,
  type CommissionConfig,
  type CommissionConfigInput,
  type CommissionOverview,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { selectCellsWithCounts, selectConfigRow, upsertConfigRow, type CommissionConfigRow } from './commission-config.queries.ts';
import { lockElitePool } from './elite-pool.queries.ts';
import { enforceElitePool } from './elite-pool.service.ts';

function toConfig(row: CommissionConfigRow | undefined): CommissionConfig {
  if (!row) return { engine_enabled: true, elite_pool_enabled: false, payout: DEFAULT_CELL_PAYOUT_CONFIG, stored: false, elite_cell_id: null, updated_at: null };
  return {
    engine_enabled: row.engineEnabled,
    elite_pool_enabled: row.elitePoolEnabled,
    payout: CellPayoutConfigSchema.parse(row.payout),
    stored: true,
    elite_cell_id: row.eliteCellId,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The stored configuration, or the defaults of DESIGN.md section 4 before an admin saved one. */
export async function getCommissionConfig(db: DbOrTx): Promise<CommissionConfig> {
  return toConfig(await selectConfigRow(db));
}

/**
 * Saves the flags and the payout configuration (already validated by CellPayoutConfigSchema: seat
 * shares 100 %, levels = pool), audited with before and after. Switching the elite pool on mirrors
 * the pool into the elite cell in the same transaction (refused when the pool breaks the tier mix).
 * Runs take the configuration they use at their own time and store it, so older runs keep theirs.
 */
export async function updateCommissionConfig(db: Database, clock: Clock, actorId: string, input: CommissionConfigInput): Promise<CommissionConfig> {
  return db.transaction(async (tx) => {
    await lockElitePool(tx);
    const before = toConfig(await selectConfigRow(tx));
    await upsertConfigRow(tx, { engineEnabled: input.engine_enabled, elitePoolEnabled: input.elite_pool_enabled, payout: input.payout, updatedAt: clock.now(), updatedBy: actorId });
    const mirror = input.elite_pool_enabled ? await enforceElitePool(tx, clock) : null;
    const after = toConfig(await selectConfigRow(tx));
    await recordAudit(tx, clock, {
      actorId,
      action: 'commission.config.update',
      target: 'commission configuration',
      details: {
        before: { engine_enabled: before.engine_enabled, elite_pool_enabled: before.elite_pool_enabled, payout: before.payout, stored: before.stored },
        after: { engine_enabled: after.engine_enabled, elite_pool_enabled: after.elite_pool_enabled, payout: after.payout },
        elite_cell: mirror ? { cell_id: mirror.cell_id, added: mirror.added, removed: mirror.removed } : null,
      },
    });
    return after;
  });
}

/** Overview tiles (archived cells not counted) and the cells for the Commission Cells tab. */
export async function getCommissionOverview(db: DbOrTx): Promise<CommissionOverview> {
  const [rows, config] = await Promise.all([selectCellsWithCounts(db), selectConfigRow(db)]);
  return {
    total_cells: rows.length,
    active_cells: rows.filter((row) => row.status === 'active').length,
    locked_cells: rows.filter((row) => row.status === 'locked').length,
    total_members: rows.reduce((sum, row) => sum + row.memberCount, 0),
    cells: rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      status: row.status as CommissionOverview['cells'][number]['status'],
      parent_cell_id: row.parentCellId,
      member_count: row.memberCount,
      is_elite: config?.eliteCellId === row.id,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
