import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { leads, leadStageTotals, type DbOrTx } from '@myeai/db';
import type { Lead, LeadFilterQuery, LeadSource, LeadStage, StageTotal } from '@myeai/domain';

/** A lead as the module reads it (the search vector stays in the database). */
export type LeadRow = Omit<typeof leads.$inferSelect, 'searchVector'>;
export type NewLeadRow = typeof leads.$inferInsert;

const leadColumns = {
  id: leads.id,
  userId: leads.userId,
  name: leads.name,
  email: leads.email,
  phone: leads.phone,
  company: leads.company,
  source: leads.source,
  stage: leads.stage,
  valueCents: leads.valueCents,
  notes: leads.notes,
  lastContactAt: leads.lastContactAt,
  createdAt: leads.createdAt,
  updatedAt: leads.updatedAt,
};

/** The API shape of a stored lead. */
export function toLead(row: LeadRow): Lead {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    source: row.source as LeadSource,
    stage: row.stage,
    value_cents: row.valueCents,
    notes: row.notes,
    last_contact_at: row.lastContactAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The search as a text-search query: every typed word must start a word of the lead's name,
 * e-mail or company ("smi eng" finds "Ada Smith, Engines Ltd"). Only letters and digits reach
 * the query, so the text can carry no query syntax; null when nothing searchable was typed.
 */
export function searchQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 10);
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(' & ');
}

/** The owner's leads matching the filters; every condition starts with the owner. */
function filterCondition(userId: string, filter: Pick<LeadFilterQuery, 'q' | 'stage'>): SQL {
  const conditions: SQL[] = [eq(leads.userId, userId)];
  if (filter.stage) conditions.push(eq(leads.stage, filter.stage));
  if (filter.q) {
    const query = searchQuery(filter.q);
    conditions.push(query === null ? sql`false` : sql`${leads.searchVector} @@ to_tsquery('simple', ${query})`);
  }
  return and(...conditions) as SQL;
}

/** ORDER BY for a sort, ties by creation time; each matches one index of the leads table, in either direction. */
function orderBy(sort: LeadFilterQuery['sort'], dir: LeadFilterQuery['dir']): SQL[] {
  const by = dir === 'asc' ? asc : desc;
  switch (sort) {
    case 'name':
      return [by(sql`lower(${leads.name})`), by(leads.createdAt), by(leads.id)];
    case 'value':
      return [by(leads.valueCents), by(leads.createdAt), by(leads.id)];
    case 'stage':
      return [by(leads.stage), by(leads.createdAt), by(leads.id)];
    case 'last_contact':
      // Ascending: never contacted first, then the longest ago; descending: the most recent first, "Never" last.
      return dir === 'asc'
        ? [sql`${leads.lastContactAt} asc nulls first`, asc(leads.createdAt), asc(leads.id)]
        : [sql`${leads.lastContactAt} desc nulls last`, desc(leads.createdAt), desc(leads.id)];
    case 'created_at':
      return [by(leads.createdAt), by(leads.id)];
  }
}

export async function selectLeadPage(
  db: DbOrTx,
  userId: string,
  filter: LeadFilterQuery,
  limit: number,
  offset: number,
): Promise<LeadRow[]> {
  return db
    .select(leadColumns)
    .from(leads)
    .where(filterCondition(userId, filter))
    .orderBy(...orderBy(filter.sort, filter.dir))
    .limit(limit)
    .offset(offset);
}

/** Every lead matching the filters (the export), in the list's order. */
export async function selectAllLeads(db: DbOrTx, userId: string, filter: LeadFilterQuery): Promise<LeadRow[]> {
  return db.select(leadColumns).from(leads).where(filterCondition(userId, filter)).orderBy(...orderBy(filter.sort, filter.dir));
}

/** Leads matching a search, counted through the search index (the stage totals cannot answer a search). */
export async function countMatchingLeads(db: DbOrTx, userId: string, filter: Pick<LeadFilterQuery, 'q' | 'stage'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(leads).where(filterCondition(userId, filter));
  return row?.n ?? 0;
}

/** Count and value per stage, from the trigger-kept totals. */
export async function selectStageTotals(db: DbOrTx, userId: string): Promise<StageTotal[]> {
  const rows = await db
    .select({ stage: leadStageTotals.stage, count: leadStageTotals.leadCount, value_cents: leadStageTotals.valueCents })
    .from(leadStageTotals)
    .where(eq(leadStageTotals.userId, userId));
  return rows.map((row) => ({ stage: row.stage, count: Number(row.count), value_cents: Number(row.value_cents) }));
}

export async function selectLead(db: DbOrTx, userId: string, id: string, options: { forUpdate?: boolean } = {}): Promise<LeadRow | undefined> {
  const query = db.select(leadColumns).from(leads).where(and(eq(leads.id, id), eq(leads.userId, userId))).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Inserts the rows whose e-mail the owner does not have yet; returns the rows inserted. */
export async function insertLeads(db: DbOrTx, rows: NewLeadRow[]): Promise<LeadRow[]> {
  if (rows.length === 0) return [];
  return db.insert(leads).values(rows).onConflictDoNothing().returning(leadColumns);
}

/** A new lead of an import; the importer chooses its id (file order, see orderedIds). */
export type ImportedLeadRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  source: LeadSource;
  stage: LeadStage;
  valueCents: number;
  notes: string | null;
};

/**
 * Inserts an import's new leads, created and updated at `at`, in one statement; returns the ids
 * inserted. A row whose e-mail the owner already has, even from a concurrent request, is left
 * out by the unique index. The rows travel as one JSON parameter rather than Drizzle's
 * multi-row VALUES, whose 12 parameters per row took longer to build than the insert itself
 * (decision 010).
 */
export async function insertImportedLeads(db: DbOrTx, userId: string, at: Date, rows: readonly ImportedLeadRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const result = await db.execute(sql`
    insert into ${leads} (id, user_id, name, email, phone, company, source, stage, value_cents, notes, created_at, updated_at)
    select x.id, ${userId}::uuid, x.name, x.email, x.phone, x.company, x.source, x.stage, x."valueCents", x.notes, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(
      id uuid, name text, email text, phone text, company text, source text, stage lead_stage, "valueCents" bigint, notes text)
    on conflict do nothing
    returning id`);
  // node-postgres and PGlite both answer { rows }; Drizzle types a raw statement's result per driver.
  return new Set((result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id));
}

export async function updateLead(db: DbOrTx, userId: string, id: string, changes: Partial<NewLeadRow>): Promise<LeadRow | undefined> {
  const [row] = await db
    .update(leads)
    .set(changes)
    .where(and(eq(leads.id, id), eq(leads.userId, userId)))
    .returning(leadColumns);
  return row;
}

export async function deleteLead(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(leads)
    .where(and(eq(leads.id, id), eq(leads.userId, userId)))
    .returning({ id: leads.id });
  return rows.length > 0;
}

/**
 * The owner's leads with any of these e-mails (compared without case). The e-mails travel as one
 * JSON parameter: a list of 1,000 parameters costs more to build and to parse than the lookup.
 */
export async function selectLeadsByEmails(db: DbOrTx, userId: string, lowerEmails: string[]): Promise<Array<{ id: string; email: string; stage: LeadStage; name: string }>> {
  if (lowerEmails.length === 0) return [];
  return db
    .select({ id: leads.id, email: leads.email, stage: leads.stage, name: leads.name })
    .from(leads)
    .where(and(eq(leads.userId, userId), sql`lower(${leads.email}) in (select json_array_elements_text(${JSON.stringify(lowerEmails)}::json))`));
}

/** PostgreSQL unique_violation, whether the driver error is thrown as is or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
