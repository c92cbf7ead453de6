import { randomBytes } from 'node:crypto';
import {
  AppError,
  checkCsvRow,
  CSV_IMPORT_MAX_ROWS,
  CSV_MESSAGES,
  importCompletedMessage,
  planCsvColumns,
  readCsv,
  type CsvLead,
  type CsvRecord,
  type ImportCsvOptions,
  type ImportCsvResponse,
  type ImportRowResult,
  type LeadCsvField,
} from '@myeai/domain';
import type { Database } from '@myeai/db';
import type { Clock } from '../../clock.ts';
import { announceLeadStageChanges, type LeadStageChange } from './leads.events.ts';
import { insertImportedLeads, selectLeadsByEmails, updateLead, type ImportedLeadRow, type NewLeadRow } from './leads.queries.ts';

export type CsvUpload = { fileName: string; bytes: Buffer };

const UTF16_BOMS = [Buffer.from([0xff, 0xfe]), Buffer.from([0xfe, 0xff])];

/** The upload as UTF-8 text: the name must end .csv, and the content must be text (no NUL, no UTF-16). */
function readText(upload: CsvUpload): string {
  if (!/\.csv$/i.test(upload.fileName)) throw new AppError('VALIDATION', CSV_MESSAGES.notCsv);
  if (upload.bytes.length === 0) throw new AppError('VALIDATION', CSV_MESSAGES.empty);
  if (UTF16_BOMS.some((bom) => upload.bytes.subarray(0, 2).equals(bom)) || upload.bytes.includes(0)) {
    throw new AppError('VALIDATION', CSV_MESSAGES.notText);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(upload.bytes);
  } catch {
    throw new AppError('VALIDATION', CSV_MESSAGES.notText);
  }
}

/** The file's header and records (readCsv, the parser the browser preview uses too); unreadable CSV is a 400. */
function readRecords(text: string): { headers: string[]; records: CsvRecord[] } {
  const read = readCsv(text);
  if (!read.ok) throw new AppError('VALIDATION', read.message);
  return read;
}

type PlannedRow =
  | { kind: 'invalid'; row: number; reason: string; cells: string[] }
  | { kind: 'duplicate'; row: number; reason: string; cells: string[] }
  | { kind: 'valid'; row: number; lead: CsvLead; given: ReadonlySet<LeadCsvField>; cells: string[] };

/**
 * POST /api/leads/import/csv: checks the whole file first (type, size is checked while
 * uploading, at most 1,000 rows, the columns), then writes every valid row in one transaction.
 * Invalid rows and duplicate e-mails are skipped and reported row by row; with
 * on_duplicate=update a row whose e-mail the user already has updates that lead instead.
 */
export async function importLeadsCsv(db: Database, clock: Clock, userId: string, upload: CsvUpload, options: ImportCsvOptions): Promise<ImportCsvResponse> {
  const { headers, records } = readRecords(readText(upload));
  if (records.length === 0) throw new AppError('VALIDATION', CSV_MESSAGES.noRows);
  if (records.length > CSV_IMPORT_MAX_ROWS) throw new AppError('VALIDATION', CSV_MESSAGES.tooManyRows(records.length));
  const plan = planCsvColumns(headers, options.mapping);
  if (!plan.ok) throw new AppError('VALIDATION', plan.message);

  const firstRowOfEmail = new Map<string, number>();
  const planned: PlannedRow[] = records.map(({ row, cells }) => {
    const byField: Partial<Record<LeadCsvField, string>> = {};
    plan.columns.forEach((field, i) => {
      if (field) byField[field] = cells[i] ?? '';
    });
    const check = checkCsvRow(byField, options.default_stage);
    if (!check.ok) return { kind: 'invalid', row, reason: check.reasons.join('; '), cells };
    const key = check.lead.email.toLowerCase();
    const first = firstRowOfEmail.get(key);
    if (first !== undefined) return { kind: 'duplicate', row, reason: `Same email as row ${first} of this file`, cells };
    firstRowOfEmail.set(key, row);
    return { kind: 'valid', row, lead: check.lead, given: check.given, cells };
  });

  const now = clock.now();
  const outcome = await db.transaction(async (tx) => {
    const valid = planned.filter((p): p is Extract<PlannedRow, { kind: 'valid' }> => p.kind === 'valid');
    const existing = new Map((await selectLeadsByEmails(tx, userId, valid.map((p) => p.lead.email.toLowerCase()))).map((lead) => [lead.email.toLowerCase(), lead]));
    const results = new Map<number, ImportRowResult>();
    const changes: LeadStageChange[] = [];
    const fresh: Array<{ row: number; cells: string[]; lead: CsvLead }> = [];

    for (const p of valid) {
      const current = existing.get(p.lead.email.toLowerCase());
      if (!current) {
        fresh.push({ row: p.row, cells: p.cells, lead: p.lead });
      } else if (options.on_duplicate === 'skip') {
        results.set(p.row, { row: p.row, status: 'skipped_duplicate', reason: 'A lead with this email already exists', values: p.cells });
      } else {
        const updated = await updateLead(tx, userId, current.id, updateFromRow(p.lead, p.given, now));
        if (!updated) throw new AppError('CONFLICT', 'A lead changed while importing. Please import the file again.');
        results.set(p.row, { row: p.row, status: 'updated', reason: null, values: null });
        if (updated.stage !== current.stage) changes.push({ userId, leadId: updated.id, leadName: updated.name, from: current.stage, to: updated.stage, at: now });
      }
    }

    const ids = orderedIds(fresh.length, now);
    const toInsert = fresh.map(({ row, cells, lead }, i) => ({ row, cells, values: importedLeadRow(ids[i]!, lead) }));
    const inserted = await insertImportedLeads(tx, userId, now, toInsert.map((r) => r.values));
    for (const { row, cells, values } of toInsert) {
      if (inserted.has(values.id)) {
        results.set(row, { row, status: 'created', reason: null, values: null });
        changes.push({ userId, leadId: values.id, leadName: values.name, from: null, to: values.stage, at: now });
      } else {
        // Another request added this e-mail after the check above (the unique index decided).
        results.set(row, { row, status: 'skipped_duplicate', reason: 'A lead with this email was added at the same time', values: cells });
      }
    }
    await announceLeadStageChanges(tx, changes);
    return results;
  });

  const rows = planned
    .map((p): ImportRowResult => {
      if (p.kind === 'invalid') return { row: p.row, status: 'skipped_invalid', reason: p.reason, values: p.cells };
      if (p.kind === 'duplicate') return { row: p.row, status: 'skipped_duplicate', reason: p.reason, values: p.cells };
      return outcome.get(p.row) ?? { row: p.row, status: 'skipped_invalid', reason: 'Not imported', values: p.cells };
    })
    .sort((a, b) => a.row - b.row);
  const tally = (status: ImportRowResult['status']) => rows.filter((r) => r.status === status).length;
  const created = tally('created');
  return {
    status: 'success',
    message: importCompletedMessage(created),
    results: { created, updated: tally('updated'), skipped_invalid: tally('skipped_invalid'), skipped_duplicates: tally('skipped_duplicate') },
    headers,
    rows,
  };
}

/**
 * UUIDs in the version 7 layout (48-bit time, then a counter in rand_a), so the leads of one
 * import, which share a creation time, still list in file order.
 */
function orderedIds(count: number, now: Date): string[] {
  // One read of random bytes for all ids: a read per id cost more than the rest of the ids' work.
  const random = randomBytes(16 * count);
  return Array.from({ length: count }, (_, i) => {
    const bytes = random.subarray(16 * i, 16 * i + 16);
    bytes.writeUIntBE(now.getTime(), 0, 6);
    bytes[6] = 0x70 | ((i >> 8) & 0x0f);
    bytes[7] = i & 0xff;
    bytes[8] = 0x80 | (bytes[8]! & 0x3f);
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  });
}

function importedLeadRow(id: string, lead: CsvLead): ImportedLeadRow {
  return {
    id,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    company: lead.company,
    source: lead.source,
    stage: lead.stage,
    valueCents: lead.value_cents,
    notes: lead.notes,
  };
}

/** An update from a row changes the name and e-mail, and only the other fields the row fills. */
function updateFromRow(lead: CsvLead, given: ReadonlySet<LeadCsvField>, now: Date): Partial<NewLeadRow> {
  return {
    name: lead.name,
    email: lead.email,
    ...(given.has('phone') ? { phone: lead.phone } : {}),
    ...(given.has('company') ? { company: lead.company } : {}),
    ...(given.has('source') ? { source: lead.source } : {}),
    ...(given.has('value') ? { valueCents: lead.value_cents } : {}),
    ...(given.has('notes') ? { notes: lead.notes } : {}),
    ...(given.has('stage') ? { stage: lead.stage } : {}),
    updatedAt: now,
  };
}
