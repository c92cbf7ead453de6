import type { Database, DbOrTx } from '@myeai/db';
import {
  AppError,
  eliteCellSeats,
  eliteMemberWeightTenths,
  elitePoolSaveProblems,
  countTiers,
  tenthsToPercent,
  traderTier,
  type ElitePool,
  type SaveElitePoolInput,
  type TraderTier,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { selectCell } from './commission-cells.queries.ts';
import { selectConfigRow, setEliteCellId } from './commission-config.queries.ts';
import {
  activateTrader,
  applySeatChanges,
  deactivateOtherTraders,
  insertEliteCell,
  lockElitePool,
  selectActivePool,
  selectCellRow,
  selectSeats,
  selectSeatsElsewhere,
  selectTraderCandidates,
} from './elite-pool.queries.ts';

type Seat = { user_id: string; position: number };
export type EliteCellMirror = { cell_id: string; seats: Seat[]; added: number; removed: number };

/** The active pool by tier, heaviest first (the order new members take the free seats of their tier). */
async function activeMembers(db: DbOrTx): Promise<{ user_id: string; tier: TraderTier; weightTenths: number }[]> {
  const pool = await selectActivePool(db);
  return pool.map((row) => ({ user_id: row.userId, tier: traderTier(row.weightTenths), weightTenths: row.weightTenths })).sort((a, b) => b.weightTenths - a.weightTenths);
}

/**
 * With `elite_pool_enabled`, makes the elite cell hold the pool by tier (seat 0 the Lead, 1-3 the
 * Seniors, 4-12 the Regulars), creating the cell the first time; so revenue processed on it pays
 * the traders. Runs inside the caller's transaction, after the pool lock. Refused (and the whole
 * save with it) when the cell is locked or processing, or when a pool member holds a seat in
 * another cell (a user holds at most one seat, decision 32). Null when the flag is off.
 */
export async function syncEliteCell(tx: DbOrTx, clock: Clock): Promise<EliteCellMirror | null> {
  const config = await selectConfigRow(tx);
  if (!config?.elitePoolEnabled) return null;
  const now = clock.now();
  let cell = config.eliteCellId ? await selectCellRow(tx, config.eliteCellId) : undefined;
  if (!cell || cell.status === 'archived') {
    cell = await insertEliteCell(tx, now);
    await setEliteCellId(tx, cell.id);
  }
  if (cell.status === 'locked') throw new AppError('CONFLICT', 'The Elite Pool cell is locked. Unlock it before changing the Elite Pool.');
  if (cell.status === 'processing') throw new AppError('CONFLICT', 'The Elite Pool cell is processing a revenue run. Please try again in a moment.');
  const members = await activeMembers(tx);
  const current = await selectSeats(tx, cell.id);
  const target = eliteCellSeats(members, current);
  const elsewhere = await selectSeatsElsewhere(tx, cell.id, target.map((seat) => seat.user_id));
  if (elsewhere.length > 0) {
    const first = elsewhere[0]!;
    throw new AppError('CONFLICT', `${first.email} already holds a seat in the cell "${first.cellName}"; a user holds at most one seat. Remove them from that cell first.`);
  }
  const key = (seat: Seat) => `${seat.user_id}:${seat.position}`;
  const targetKeys = new Set(target.map(key));
  const currentKeys = new Set(current.map(key));
  const remove = current.filter((seat) => !targetKeys.has(key(seat)));
  const add = target.filter((seat) => !currentKeys.has(key(seat)));
  if (remove.length > 0 || add.length > 0) await applySeatChanges(tx, cell.id, remove, add, now);
  return { cell_id: cell.id, seats: target, added: add.length, removed: remove.length };
}

/** One trader's save: who, and their pool state before it (null: they had no profile). */
export type TraderPoolChange = { userId: string; before: { isActive: boolean; weightTenths: number } | null };

/** The pool's tiers before a one-trader save, from the pool after it. */
function poolBefore(after: { user_id: string; tier: TraderTier }[], change: TraderPoolChange): TraderTier[] {
  const others = after.filter((member) => member.user_id !== change.userId).map((member) => member.tier);
  return change.before?.isActive ? [...others, traderTier(change.before.weightTenths)] : others;
}

/**
 * The rule every pool save obeys (System Command Center and the dialog alike): no tier above its
 * count (a one-trader save, `change`, may bring an over-full tier down), then the elite cell follows.
 * Called by trading-admin's trader save inside its transaction, after its own write and under the pool lock.
 */
export async function enforceElitePool(tx: DbOrTx, clock: Clock, change?: TraderPoolChange): Promise<EliteCellMirror | null> {
  const members = await activeMembers(tx);
  const tiers = members.map((member) => member.tier);
  const problems = elitePoolSaveProblems(tiers, { complete: false, before: change ? poolBefore(members, change) : undefined });
  if (problems.length > 0) throw new AppError('CONFLICT', problems.join(' '), [{ path: 'weight', message: problems[0]! }]);
  return syncEliteCell(tx, clock);
}

export async function getElitePool(db: DbOrTx): Promise<ElitePool> {
  const [config, candidates] = await Promise.all([selectConfigRow(db), selectTraderCandidates(db)]);
  const inPool = candidates.filter((row) => row.isActive === true);
  const tiers = inPool.map((row) => traderTier(row.weightTenths!));
  const eliteCell = config?.eliteCellId ? await selectCell(db, config.eliteCellId) : undefined;
  return {
    elite_pool_enabled: config?.elitePoolEnabled ?? false,
    elite_cell_id: eliteCell?.id ?? null,
    elite_cell_name: eliteCell?.name ?? null,
    candidates: candidates.map((row) => {
      const weightTenths = row.weightTenths ?? 30;
      return { user_id: row.id, name: row.name, email: row.email, weight: tenthsToPercent(weightTenths), tier: traderTier(weightTenths), in_pool: row.isActive === true };
    }),
    counts: countTiers(tiers),
    problems: elitePoolSaveProblems(tiers, { complete: true }),
  };
}

/**
 * The Network Manager's Elite Pool dialog: the whole pool in one audited save. Exactly 13 holders of
 * the trader role, 1 Lead + 3 Senior + 9 Regular; a member whose weight does not give the chosen
 * tier gets that tier's weight (46, 9 or 3), everyone else leaves the pool, and the elite cell is
 * mirrored in the same transaction.
 */
export async function saveElitePool(db: Database, clock: Clock, actorId: string, input: SaveElitePoolInput): Promise<ElitePool> {
  return db.transaction(async (tx) => {
    await lockElitePool(tx);
    const problems = elitePoolSaveProblems(input.members.map((member) => member.tier), { complete: true });
    if (problems.length > 0) throw new AppError('VALIDATION', problems.join(' '), [{ path: 'members', message: problems[0]! }]);
    const candidates = new Map((await selectTraderCandidates(tx)).map((row) => [row.id, row]));
    const unknown = input.members.find((member) => !candidates.has(member.user_id));
    if (unknown) throw new AppError('VALIDATION', 'Only active holders of the trader role can be in the Elite Pool.', [{ path: 'members', message: `Not a trader: ${unknown.user_id}` }]);
    const before = (await activeMembers(tx)).map((member) => ({ user_id: member.user_id, email: candidates.get(member.user_id)?.email ?? null, tier: member.tier }));
    const now = clock.now();
    for (const member of input.members) {
      await activateTrader(tx, member.user_id, eliteMemberWeightTenths(member.tier, candidates.get(member.user_id)!.weightTenths ?? null), now);
    }
    await deactivateOtherTraders(tx, input.members.map((member) => member.user_id), now);
    const mirror = await syncEliteCell(tx, clock);
    await recordAudit(tx, clock, {
      actorId,
      action: 'trading.elite_pool.update',
      target: 'Elite Pool',
      details: {
        before,
        after: input.members.map((member) => ({ user_id: member.user_id, email: candidates.get(member.user_id)!.email, tier: member.tier })),
        elite_cell: mirror ? { cell_id: mirror.cell_id, added: mirror.added, removed: mirror.removed } : null,
      },
    });
    return getElitePool(tx);
  });
}
