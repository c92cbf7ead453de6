import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '@myeai/db';
import {
  AppError,
  fillAnalytics,
  memberDistribution,
  CELL_AUDIT_ACTIONS,
  CELL_AUDIT_LIMIT,
  CELL_CYCLE_MESSAGE,
  CELL_MESSAGES,
  CELL_USER_SEARCH_LIMIT,
  cellFillPercent,
  decideSeatMove,
  generatedCellName,
  SEAT_MOVE_MESSAGES,
  seatRole,
  userAlreadySeatedMessage,
  wouldCreateCellCycle,
  type CellAuditRecord,
  type CellListStatusFilter,
  type CellResponse,
  type CellUser,
  type CommissionCell,
  type NetworkAnalytics,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit, selectAuditPage } from '../audit/index.ts';
import { selectCell, selectCellForUpdate, selectCommissionConfig, type CommissionCellRow } from './commission-cells.queries.ts';
import {
  countAvailableUsers,
  countChildCells,
  deleteMember,
  insertCell,
  insertMember,
  lockCellHierarchy,
  selectAncestorIds,
  selectCellsByIds,
  selectFillCounts,
  selectFilledPositions,
  selectListedCells,
  selectMembersOfCells,
  selectSeatOfUser,
  selectUserForSeat,
  searchSeatUsers,
  updateCell,
  updateMemberPosition,
  type CellMemberRow,
} from './cell-network.queries.ts';

/** PostgreSQL unique_violation, thrown as is or wrapped by Drizzle (a race on a seat or a user's one seat). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

function toCell(row: CommissionCellRow, members: CellMemberRow[], parentName: string | null, eliteCellId: string | null): CommissionCell {
  const own = members.filter((member) => member.cellId === row.id);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status as CommissionCell['status'],
    parent_cell_id: row.parentCellId,
    parent_name: parentName,
    fill_count: own.length,
    fill_percent: cellFillPercent(own.length),
    version: row.version,
    elite_mirror: row.id === eliteCellId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    members: own.map((member) => ({
      user_id: member.userId,
      position: member.position,
      role: seatRole(member.position),
      email: member.email,
      name: member.name,
      assigned_at: member.assignedAt.toISOString(),
    })),
  };
}

/** The cell whose seats mirror the Elite Pool (decision 38), while elite_pool_enabled; else null. */
async function eliteMirrorCellId(db: DbOrTx): Promise<string | null> {
  const config = await selectCommissionConfig(db);
  return config?.elitePoolEnabled ? (config.eliteCellId ?? null) : null;
}

async function cellsWithMembers(db: DbOrTx, rows: CommissionCellRow[]): Promise<CommissionCell[]> {
  const parentIds = [...new Set(rows.map((row) => row.parentCellId).filter((id) => id !== null))];
  const [members, parents, eliteCellId] = await Promise.all([selectMembersOfCells(db, rows.map((row) => row.id)), selectCellsByIds(db, parentIds), eliteMirrorCellId(db)]);
  const parentNames = new Map(parents.map((parent) => [parent.id, parent.name]));
  return rows.map((row) => toCell(row, members, row.parentCellId ? (parentNames.get(row.parentCellId) ?? null) : null, eliteCellId));
}

/** The Cell Overview: every cell but the archived, filtered, each with its members. */
export async function listCells(db: DbOrTx, query: { search?: string; status: CellListStatusFilter }): Promise<{ cells: CommissionCell[] }> {
  return { cells: await cellsWithMembers(db, await selectListedCells(db, query)) };
}

/** One cell as the editor shows it; an archived cell is gone from the manager (kept with its history). */
export async function getCell(db: DbOrTx, id: string): Promise<CommissionCell> {
  const row = await selectCell(db, id);
  if (!row || row.status === 'archived') throw new AppError('NOT_FOUND', CELL_MESSAGES.notFound);
  const [cell] = await cellsWithMembers(db, [row]);
  return cell!;
}

/** The four stat cards, the counts per status, the member distribution and the fill analytics (spec 3 sections 2.11 and 3, "Analytics"). */
export async function networkAnalytics(db: DbOrTx): Promise<NetworkAnalytics> {
  const [fills, available, positions] = await Promise.all([selectFillCounts(db), countAvailableUsers(db), selectFilledPositions(db)]);
  const counts = fills.map((fill) => fill.fill);
  const byStatus = (status: string) => fills.filter((fill) => fill.status === status).length;
  return {
    total_cells: fills.length,
    total_members: fills.reduce((sum, fill) => sum + fill.fill, 0),
    available_users: available,
    cell_statistics: { active: byStatus('active'), locked: byStatus('locked'), processing: byStatus('processing') },
    member_distribution: memberDistribution(positions, fills.length),
    fill_analytics: fillAnalytics(counts),
  };
}

/** A listed (not archived) cell to hang a cell under, or 400. */
async function requireParent(db: DbOrTx, parentId: string): Promise<CommissionCellRow> {
  const parent = await selectCell(db, parentId);
  if (!parent || parent.status === 'archived') throw new AppError('VALIDATION', CELL_MESSAGES.parentNotFound, [{ path: 'parent_cell_id', message: CELL_MESSAGES.parentNotFound }]);
  return parent;
}

function snapshot(row: CommissionCellRow) {
  return { name: row.name, description: row.description, status: row.status, parent_cell_id: row.parentCellId };
}

/** New Cell: the name is generated when blank; one transaction with its audit entry. */
export async function createCell(
  db: DbOrTx,
  clock: Clock,
  actorId: string,
  input: { name: string; description: string; parent_cell_id: string | null },
): Promise<CellResponse> {
  return db.transaction(async (tx) => {
    if (input.parent_cell_id) {
      await lockCellHierarchy(tx);
      await requireParent(tx, input.parent_cell_id);
    }
    const id = randomUUID();
    const now = clock.now();
    const row = await insertCell(tx, {
      id,
      name: input.name || generatedCellName(id),
      description: input.description,
      parentCellId: input.parent_cell_id,
      status: 'active',
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, clock, { actorId, action: CELL_AUDIT_ACTIONS.created, target: row.id, details: { after: snapshot(row) } });
    const [cell] = await cellsWithMembers(tx, [row]);
    return { status: 'success', message: CELL_MESSAGES.created, cell: cell! };
  });
}

/**
 * One editor write: the cell locked until the transaction ends (seat changes and revenue runs on a
 * cell go one at a time), refused when it is gone or archived (404) or when the editor's version is not
 * the current one (409: another admin changed it first); `change` then writes, bumps the version and
 * audits, and the answer is the cell as it now is.
 */
async function editCell(
  db: DbOrTx,
  id: string,
  version: number,
  message: string,
  change: (tx: DbOrTx, cell: CommissionCellRow) => Promise<void>,
): Promise<CellResponse> {
  try {
    return await db.transaction(async (tx) => {
      const cell = await selectCellForUpdate(tx, id);
      if (!cell || cell.status === 'archived') throw new AppError('NOT_FOUND', CELL_MESSAGES.notFound);
      if (cell.version !== version) throw new AppError('CONFLICT', CELL_MESSAGES.stale);
      await change(tx, cell);
      const updated = await selectCell(tx, id);
      const [answer] = await cellsWithMembers(tx, [updated!]);
      return { status: 'success' as const, message, cell: answer! };
    });
  } catch (error) {
    // Two admins seating one user in two cells at once: the second insert meets the unique index.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'This user or seat was just taken by another change. The editor has reloaded; please try again.');
    throw error;
  }
}

/** Seat changes: refused on a locked cell, and on the elite cell while it mirrors the Elite Pool (a manual seat would be undone by the next pool save). */
async function refuseSeatChange(db: DbOrTx, cell: CommissionCellRow): Promise<void> {
  if (cell.status === 'locked') throw new AppError('CONFLICT', CELL_MESSAGES.locked);
  if ((await eliteMirrorCellId(db)) === cell.id) throw new AppError('CONFLICT', CELL_MESSAGES.eliteMirror);
}

/** Name, description and parent cell, with the cycle check: no cell becomes its own ancestor, however far up. */
export async function updateCellDetails(
  db: DbOrTx,
  clock: Clock,
  actorId: string,
  id: string,
  input: { name: string; description: string; parent_cell_id: string | null; version: number },
): Promise<CellResponse> {
  return editCell(db, id, input.version, 'Cell updated.', async (tx, cell) => {
    if (input.parent_cell_id !== cell.parentCellId) {
      if (cell.status === 'locked') throw new AppError('CONFLICT', CELL_MESSAGES.lockedParentChange);
      await lockCellHierarchy(tx);
      if (input.parent_cell_id !== null) {
        if (input.parent_cell_id !== id) await requireParent(tx, input.parent_cell_id);
        const ancestors = input.parent_cell_id === id ? [] : await selectAncestorIds(tx, input.parent_cell_id);
        if (wouldCreateCellCycle(id, input.parent_cell_id, ancestors)) {
          throw new AppError('VALIDATION', CELL_CYCLE_MESSAGE, [{ path: 'parent_cell_id', message: CELL_CYCLE_MESSAGE }]);
        }
      }
    }
    const after = { ...snapshot(cell), name: input.name, description: input.description, parent_cell_id: input.parent_cell_id };
    await updateCell(tx, id, { name: input.name, description: input.description, parentCellId: input.parent_cell_id, updatedAt: clock.now() });
    await recordAudit(tx, clock, { actorId, action: CELL_AUDIT_ACTIONS.updated, target: id, details: { before: snapshot(cell), after } });
  });
}

/** Archives an empty cell that no listed cell hangs under: hidden from the lists, kept with its history. */
export async function archiveCell(db: DbOrTx, clock: Clock, actorId: string, id: string, version: number): Promise<CellResponse> {
  return editCell(db, id, version, 'Cell archived.', async (tx, cell) => {
    await lockCellHierarchy(tx);
    const members = await selectMembersOfCells(tx, [id]);
    if (members.length > 0) throw new AppError('CONFLICT', CELL_MESSAGES.archiveNotEmpty);
    if ((await countChildCells(tx, id)) > 0) throw new AppError('CONFLICT', CELL_MESSAGES.archiveHasChildren);
    await updateCell(tx, id, { status: 'archived', updatedAt: clock.now() });
    await recordAudit(tx, clock, { actorId, action: CELL_AUDIT_ACTIONS.archived, target: id, details: { before: snapshot(cell), after: { ...snapshot(cell), status: 'archived' } } });
  });
}

/** Lock (blocks every seat change and revenue processing) or unlock. */
export async function setCellLock(db: DbOrTx, clock: Clock, actorId: string, id: string, version: number, lock: boolean): Promise<CellResponse> {
  return editCell(db, id, version, lock ? 'Cell locked.' : 'Cell unlocked.', async (tx, cell) => {
    if (lock && cell.status === 'locked') throw new AppError('CONFLICT', CELL_MESSAGES.alreadyLocked);
    if (!lock && cell.status !== 'locked') throw new AppError('CONFLICT', CELL_MESSAGES.notLocked);
    const status = lock ? 'locked' : 'active';
    await updateCell(tx, id, { status, updatedAt: clock.now() });
    await recordAudit(tx, clock, {
      actorId,
      action: lock ? CELL_AUDIT_ACTIONS.locked : CELL_AUDIT_ACTIONS.unlocked,
      target: id,
      details: { before: { status: cell.status }, after: { status } },
    });
  });
}

/** Seats a user (active, holding no seat anywhere) on an empty seat of an unlocked cell. */
export async function assignMember(
  db: DbOrTx,
  clock: Clock,
  actorId: string,
  id: string,
  input: { user_id: string; position: number; version: number },
): Promise<CellResponse> {
  return editCell(db, id, input.version, 'Member assigned.', async (tx, cell) => {
    await refuseSeatChange(tx, cell);
    const user = await selectUserForSeat(tx, input.user_id);
    if (!user) throw new AppError('NOT_FOUND', CELL_MESSAGES.userNotFound);
    if (user.status !== 'active') throw new AppError('CONFLICT', CELL_MESSAGES.userSuspended);
    const seated = await selectSeatOfUser(tx, input.user_id);
    if (seated) throw new AppError('CONFLICT', userAlreadySeatedMessage(seated.cellName, seated.position));
    const members = await selectMembersOfCells(tx, [id]);
    if (members.some((member) => member.position === input.position)) throw new AppError('CONFLICT', CELL_MESSAGES.seatTaken);
    await insertMember(tx, { cellId: id, userId: input.user_id, position: input.position, assignedAt: clock.now() });
    await updateCell(tx, id, { updatedAt: clock.now() });
    await recordAudit(tx, clock, {
      actorId,
      action: CELL_AUDIT_ACTIONS.assigned,
      target: id,
      details: { user_id: user.id, email: user.email, before: { position: null }, after: { position: input.position, role: seatRole(input.position) } },
    });
  });
}

/** Frees a member's seat (the editor asked for confirmation). */
export async function removeMember(db: DbOrTx, clock: Clock, actorId: string, id: string, userId: string, version: number): Promise<CellResponse> {
  return editCell(db, id, version, 'Member removed.', async (tx, cell) => {
    await refuseSeatChange(tx, cell);
    const member = (await selectMembersOfCells(tx, [id])).find((row) => row.userId === userId);
    if (!member) throw new AppError('NOT_FOUND', CELL_MESSAGES.notAMember);
    await deleteMember(tx, id, userId);
    await updateCell(tx, id, { updatedAt: clock.now() });
    await recordAudit(tx, clock, {
      actorId,
      action: CELL_AUDIT_ACTIONS.removed,
      target: id,
      details: { user_id: userId, email: member.email, before: { position: member.position, role: seatRole(member.position) }, after: { position: null } },
    });
  });
}

/** Moves a member to an empty seat of the same cell; the same seat or an occupied one is refused. */
export async function moveMember(
  db: DbOrTx,
  clock: Clock,
  actorId: string,
  id: string,
  input: { user_id: string; to_position: number; version: number },
): Promise<CellResponse> {
  return editCell(db, id, input.version, 'Member moved.', async (tx, cell) => {
    await refuseSeatChange(tx, cell);
    const members = await selectMembersOfCells(tx, [id]);
    const member = members.find((row) => row.userId === input.user_id);
    if (!member) throw new AppError('NOT_FOUND', CELL_MESSAGES.notAMember);
    const decision = decideSeatMove(member.position, input.to_position, new Set(members.map((row) => row.position)));
    if (!decision.ok) throw new AppError(decision.reason === 'occupied' ? 'CONFLICT' : 'VALIDATION', SEAT_MOVE_MESSAGES[decision.reason]);
    await updateMemberPosition(tx, id, input.user_id, input.to_position);
    await updateCell(tx, id, { updatedAt: clock.now() });
    await recordAudit(tx, clock, {
      actorId,
      action: CELL_AUDIT_ACTIONS.moved,
      target: id,
      details: {
        user_id: member.userId,
        email: member.email,
        before: { position: member.position, role: seatRole(member.position) },
        after: { position: input.to_position, role: seatRole(input.to_position) },
      },
    });
  });
}

/** The assignment search: e-mail or id, case-insensitive, the first 20, each with the seat it holds. */
export async function searchCellUsers(db: DbOrTx, text: string): Promise<{ users: CellUser[] }> {
  const rows = await searchSeatUsers(db, text, CELL_USER_SEARCH_LIMIT);
  return {
    users: rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      status: row.status,
      seat: row.cellId !== null && row.cellName !== null && row.position !== null ? { cell_id: row.cellId, cell_name: row.cellName, position: row.position } : null,
    })),
  };
}

/** The Audit Trail: commission entries, newest first, of one cell if asked. */
export async function cellAuditTrail(db: DbOrTx, cellId: string | undefined): Promise<{ records: CellAuditRecord[] }> {
  const rows = await selectAuditPage(db, { actionPrefix: 'commission.', target: cellId, limit: CELL_AUDIT_LIMIT });
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const cellIds = [...new Set(rows.map((row) => row.target).filter((target): target is string => target !== null && UUID.test(target)))];
  const names = new Map((await selectCellsByIds(db, cellIds)).map((cell) => [cell.id, cell.name]));
  return {
    records: rows.map((row) => {
      const cell = row.target && names.has(row.target) ? row.target : null;
      return {
        id: row.id,
        action: row.action,
        timestamp: row.createdAt.toISOString(),
        cell_id: cell,
        cell_name: cell ? names.get(cell)! : null,
        action_by: row.actorId && row.actorEmail !== null && row.actorName !== null ? { id: row.actorId, email: row.actorEmail, name: row.actorName } : null,
        details: row.details ?? null,
      };
    }),
  };
}
