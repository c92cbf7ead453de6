import {
  AppError,
  computeLeadStats,
  LEAD_MESSAGES,
  type CreateLeadInput,
  type Lead,
  type LeadFilterQuery,
  type LeadListResponse,
  type LeadStage,
  type LeadStats,
  type ListLeadsQuery,
  type UpdateLeadInput,
} from '@myeai/domain';
import type { Database, DbOrTx } from '@myeai/db';
import type { Clock } from '../../clock.ts';
import { announceLeadStageChanges } from './leads.events.ts';
import {
  countMatchingLeads,
  deleteLead as deleteLeadRow,
  insertLeads,
  isUniqueViolation,
  selectLead,
  selectLeadPage,
  selectStageTotals,
  toLead,
  updateLead as updateLeadRow,
} from './leads.queries.ts';

export const LEAD_NOT_FOUND = 'Lead not found.';
export const DUPLICATE_LEAD_EMAIL = 'A lead with this email already exists';

/** A last contact more than a day ahead of the server clock is refused (a day covers time zones). */
const FUTURE_SLACK_MS = 24 * 60 * 60 * 1000;

function duplicateEmail(): AppError {
  return new AppError('CONFLICT', DUPLICATE_LEAD_EMAIL, [{ path: 'email', message: DUPLICATE_LEAD_EMAIL }]);
}

function lastContactDate(value: string | null, clock: Clock): Date | null {
  if (value === null) return null;
  const date = new Date(value);
  if (date.getTime() > clock.now().getTime() + FUTURE_SLACK_MS) {
    throw new AppError('VALIDATION', LEAD_MESSAGES.lastContactInFuture, [{ path: 'last_contact_at', message: LEAD_MESSAGES.lastContactInFuture }]);
  }
  return date;
}

export async function getLeadStats(db: DbOrTx, userId: string): Promise<LeadStats> {
  return computeLeadStats(await selectStageTotals(db, userId));
}

/**
 * One page of the owner's leads, searched, filtered and sorted by the database. `total` counts
 * the matching leads; the stat cards cover all of the owner's leads.
 */
export async function listLeads(db: DbOrTx, userId: string, query: ListLeadsQuery): Promise<LeadListResponse> {
  const filter: LeadFilterQuery = { q: query.q || undefined, stage: query.stage, sort: query.sort, dir: query.dir };
  const [rows, stats] = await Promise.all([
    selectLeadPage(db, userId, filter, query.page_size, (query.page - 1) * query.page_size),
    getLeadStats(db, userId),
  ]);
  const total = filter.q
    ? await countMatchingLeads(db, userId, filter)
    : filter.stage
      ? (stats.by_stage.find((s) => s.stage === filter.stage)?.count ?? 0)
      : stats.total_leads;
  return { items: rows.map(toLead), total, page: query.page, page_size: query.page_size, stats };
}

export async function getLead(db: DbOrTx, userId: string, id: string): Promise<Lead> {
  const row = await selectLead(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', LEAD_NOT_FOUND);
  return toLead(row);
}

export async function createLead(db: Database, clock: Clock, userId: string, input: CreateLeadInput): Promise<Lead> {
  const now = clock.now();
  const lastContactAt = lastContactDate(input.last_contact_at, clock);
  return db.transaction(async (tx) => {
    const [row] = await insertLeads(tx, [
      {
        userId,
        name: input.name,
        email: input.email,
        phone: input.phone,
        company: input.company,
        source: input.source,
        stage: input.stage,
        valueCents: input.value_cents,
        notes: input.notes,
        lastContactAt,
        createdAt: now,
        updatedAt: now,
      },
    ]);
    if (!row) throw duplicateEmail();
    await announceLeadStageChanges(tx, [{ userId, leadId: row.id, leadName: row.name, from: null, to: row.stage, at: now }]);
    return toLead(row);
  });
}

async function changeLead(
  db: Database,
  clock: Clock,
  userId: string,
  id: string,
  changes: { stage: LeadStage } & Partial<Omit<UpdateLeadInput, 'last_contact_at'>> & { lastContactAt?: Date | null },
): Promise<Lead> {
  const now = clock.now();
  try {
    return await db.transaction(async (tx) => {
      const before = await selectLead(tx, userId, id, { forUpdate: true });
      if (!before) throw new AppError('NOT_FOUND', LEAD_NOT_FOUND);
      const row = await updateLeadRow(tx, userId, id, {
        name: changes.name,
        email: changes.email,
        phone: changes.phone,
        company: changes.company,
        source: changes.source,
        stage: changes.stage,
        valueCents: changes.value_cents,
        notes: changes.notes,
        lastContactAt: changes.lastContactAt,
        updatedAt: now,
      });
      if (!row) throw new AppError('NOT_FOUND', LEAD_NOT_FOUND);
      if (before.stage !== row.stage) {
        await announceLeadStageChanges(tx, [{ userId, leadId: id, leadName: row.name, from: before.stage, to: row.stage, at: now }]);
      }
      return toLead(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

/** PUT: every editable field replaced; owner, id and creation date never change. */
export async function updateLead(db: Database, clock: Clock, userId: string, id: string, input: UpdateLeadInput): Promise<Lead> {
  const lastContactAt = lastContactDate(input.last_contact_at, clock);
  const { last_contact_at: _ignored, ...fields } = input;
  return changeLead(db, clock, userId, id, { ...fields, lastContactAt });
}

export async function changeLeadStage(db: Database, clock: Clock, userId: string, id: string, stage: LeadStage): Promise<Lead> {
  return changeLead(db, clock, userId, id, { stage });
}

export async function deleteLead(db: DbOrTx, userId: string, id: string): Promise<void> {
  if (!(await deleteLeadRow(db, userId, id))) throw new AppError('NOT_FOUND', LEAD_NOT_FOUND);
}
