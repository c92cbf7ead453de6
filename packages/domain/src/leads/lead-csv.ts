import { z } from 'zod';
import {
  LEAD_COMPANY_MAX,
  LEAD_EMAIL_MAX,
  LEAD_MESSAGES,
  LEAD_NAME_MAX,
  LEAD_NOTES_MAX,
  isValidPhone,
  parseDollarAmount,
} from './lead-rules.ts';
import {
  DEFAULT_LEAD_SOURCE,
  LEAD_SOURCE_LABELS,
  LEAD_SOURCES,
  LEAD_STAGE_LABELS,
  LEAD_STAGES,
  parseLeadSource,
  parseLeadStage,
  type LeadSource,
  type LeadStage,
} from './lead-stages.ts';

/** Spec 2 section 9: at most 2 MB (2,097,152 bytes) and 1,000 leads per file. */
export const CSV_IMPORT_MAX_BYTES = 2_097_152;
export const CSV_IMPORT_MAX_ROWS = 1000;

export const CSV_MESSAGES = {
  notCsv: 'Please select a CSV file',
  noFile: 'Please select a CSV file first',
  tooLarge: 'File size too large. Maximum 2MB allowed.',
  tooManyRows: (rows: number) =>
    `The file has ${rows.toLocaleString('en-US')} lead rows. At most ${CSV_IMPORT_MAX_ROWS.toLocaleString('en-US')} leads can be imported at once: split the file and import each part.`,
  noRows: 'The file has a header row but no leads.',
  empty: 'The file is empty.',
  notText: 'The file is not a CSV text file (UTF-8 expected).',
  importFailed: 'Import failed. Please try again.',
  malformedUpload: 'The upload was cut off or is not valid multipart/form-data. Please select the file and import it again.',
} as const;

/** "Import completed! N leads created." (spec 2 section 8). */
export function importCompletedMessage(created: number): string {
  return `Import completed! ${created} ${created === 1 ? 'lead' : 'leads'} created.`;
}

/** The lead fields a CSV column can fill, in template order. */
export const LEAD_CSV_FIELDS = ['name', 'email', 'phone', 'company', 'source', 'value', 'notes', 'stage'] as const;
export type LeadCsvField = (typeof LEAD_CSV_FIELDS)[number];
export const LEAD_CSV_FIELD_LABELS: Record<LeadCsvField, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  source: 'Source',
  value: 'Value',
  notes: 'Notes',
  stage: 'Stage',
};
export const REQUIRED_CSV_FIELDS: readonly LeadCsvField[] = ['name', 'email'];
/** A column the user chose not to import. */
export const CSV_IGNORE = 'ignore';
export type CsvColumnTarget = LeadCsvField | typeof CSV_IGNORE;

/** The template download: the spec's columns and one example row. */
export const LEAD_CSV_TEMPLATE_HEADERS = ['Name', 'Email', 'Phone', 'Company', 'Source', 'Value', 'Notes'];
export const LEAD_CSV_TEMPLATE_EXAMPLE = ['Jane Smith', 'jane.smith@example.com', '+15551234567', 'Acme Inc', 'Website', '1250', 'Met at the spring expo'];

function headerKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Header names matched to fields, case and punctuation ignored ("E-mail", "EMAIL ADDRESS"). */
const HEADER_ALIASES: Record<LeadCsvField, readonly string[]> = {
  name: ['name', 'fullname', 'leadname', 'contactname', 'contact'],
  email: ['email', 'emailaddress', 'mail'],
  phone: ['phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'cell'],
  company: ['company', 'companyname', 'organization', 'organisation', 'business'],
  source: ['source', 'leadsource'],
  value: ['value', 'dealvalue', 'leadvalue', 'amount', 'valueusd'],
  notes: ['notes', 'note', 'comments', 'comment'],
  stage: ['stage', 'status', 'leadstage', 'pipelinestage'],
};
const FIELD_BY_HEADER = new Map<string, LeadCsvField>(LEAD_CSV_FIELDS.flatMap((field) => HEADER_ALIASES[field].map((alias) => [alias, field] as const)));

/** The lead field a header names, if any. */
export function matchCsvHeader(header: string): LeadCsvField | undefined {
  return FIELD_BY_HEADER.get(headerKey(header));
}

/** The mapping the preview dialog starts from: every header matched by name, the rest ignored. */
export function autoMapCsvHeaders(headers: readonly string[]): Record<string, CsvColumnTarget> {
  const mapping: Record<string, CsvColumnTarget> = {};
  const taken = new Set<LeadCsvField>();
  for (const header of headers) {
    const field = matchCsvHeader(header);
    const usable = field && !taken.has(field) ? field : CSV_IGNORE;
    if (usable !== CSV_IGNORE) taken.add(usable);
    if (!(header in mapping)) mapping[header] = usable;
  }
  return mapping;
}

export type ColumnPlan = { ok: true; columns: Array<LeadCsvField | null> } | { ok: false; message: string };

/**
 * Which field each column fills. Without a mapping every header is matched by name and an
 * unknown header is ignored; with one (from the preview dialog) the mapping decides.
 */
export function planCsvColumns(headers: readonly string[], mapping?: Readonly<Record<string, CsvColumnTarget>>): ColumnPlan {
  const seen = new Map<string, string>();
  for (const header of headers) {
    const key = header.trim().toLowerCase();
    if (key === '') continue;
    const earlier = seen.get(key);
    if (earlier !== undefined) return { ok: false, message: `The file has two columns named "${header.trim()}". Rename or remove one of them.` };
    seen.set(key, header);
  }
  if (mapping) {
    const unknown = Object.keys(mapping).find((name) => !headers.includes(name));
    if (unknown !== undefined) return { ok: false, message: `The column mapping names "${unknown}", which is not a column of the file.` };
  }
  const columns = headers.map((header) => {
    const target = mapping ? (mapping[header] ?? CSV_IGNORE) : (matchCsvHeader(header) ?? CSV_IGNORE);
    return target === CSV_IGNORE ? null : target;
  });
  for (const field of LEAD_CSV_FIELDS) {
    const sources = headers.filter((_, i) => columns[i] === field);
    if (sources.length > 1) {
      return { ok: false, message: `${LEAD_CSV_FIELD_LABELS[field]} comes from more than one column (${sources.map((s) => `"${s}"`).join(', ')}). Import it from one column only.` };
    }
  }
  const missing = REQUIRED_CSV_FIELDS.filter((field) => !columns.includes(field));
  if (missing.length > 0) {
    const names = missing.map((field) => LEAD_CSV_FIELD_LABELS[field]).join(' and ');
    return { ok: false, message: `The file needs a Name column and an Email column (missing: ${names}).` };
  }
  return { ok: true, columns };
}

/** A lead read from one CSV row. */
export type CsvLead = {
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  source: LeadSource;
  value_cents: number;
  notes: string | null;
  stage: LeadStage;
};

export type CsvRowCheck =
  | { ok: true; lead: CsvLead; /** the optional fields that had a value in the row */ given: ReadonlySet<LeadCsvField> }
  | { ok: false; reasons: string[] };

const emailCheck = z.email();

function quoted(cell: string): string {
  return cell.length > 40 ? `"${cell.slice(0, 40)}…"` : `"${cell}"`;
}

/**
 * The rules of one row (spec 2 section 5, DESIGN.md section 5): Name and Email required, a
 * malformed e-mail or phone, a non-numeric or negative value, an unknown source or stage makes
 * the row invalid with every reason listed. Nothing is silently replaced.
 */
export function checkCsvRow(cells: Readonly<Partial<Record<LeadCsvField, string>>>, defaultStage: LeadStage): CsvRowCheck {
  const reasons: string[] = [];
  const given = new Set<LeadCsvField>();
  const text = (field: LeadCsvField) => {
    const value = (cells[field] ?? '').trim();
    if (value !== '') given.add(field);
    return value;
  };
  const name = text('name');
  const email = text('email');
  const phone = text('phone');
  const company = text('company');
  const sourceText = text('source');
  const valueText = text('value');
  const notes = text('notes');
  const stageText = text('stage');

  if (name === '') reasons.push(LEAD_MESSAGES.nameRequired);
  else if (name.length > LEAD_NAME_MAX) reasons.push(LEAD_MESSAGES.nameTooLong);
  if (email === '') reasons.push(LEAD_MESSAGES.emailRequired);
  else if (email.length > LEAD_EMAIL_MAX || !emailCheck.safeParse(email).success) reasons.push(`${LEAD_MESSAGES.emailInvalid} (${quoted(email)})`);
  if (phone !== '' && !isValidPhone(phone)) reasons.push(`${LEAD_MESSAGES.phoneInvalid} (${quoted(phone)})`);
  if (company.length > LEAD_COMPANY_MAX) reasons.push(LEAD_MESSAGES.companyTooLong);
  if (notes.length > LEAD_NOTES_MAX) reasons.push(LEAD_MESSAGES.notesTooLong);

  const source = sourceText === '' ? DEFAULT_LEAD_SOURCE : parseLeadSource(sourceText);
  if (!source) reasons.push(`Source ${quoted(sourceText)} is not one of: ${LEAD_SOURCES.map((s) => LEAD_SOURCE_LABELS[s]).join(', ')}`);
  const stage = stageText === '' ? defaultStage : parseLeadStage(stageText);
  if (!stage) reasons.push(`Stage ${quoted(stageText)} is not one of: ${LEAD_STAGES.map((s) => LEAD_STAGE_LABELS[s]).join(', ')}`);
  let valueCents = 0;
  if (valueText !== '') {
    const amount = parseDollarAmount(valueText);
    if (amount.ok) valueCents = amount.cents;
    else reasons.push(`${amount.message} (${quoted(valueText)})`);
  }

  if (reasons.length > 0 || !source || !stage) return { ok: false, reasons };
  return {
    ok: true,
    given,
    lead: {
      name,
      email,
      phone: phone === '' ? null : phone,
      company: company === '' ? null : company,
      source,
      value_cents: valueCents,
      notes: notes === '' ? null : notes,
      stage,
    },
  };
}

// --- Writing CSV (export, template, rejected rows) ---------------------------------------

const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r', '\0']);

/** Shorter "+1" or "+12" read as sums, not as phone numbers: they keep the quote. */
const PHONE_CELL_MIN_DIGITS = 7;

/**
 * A valid international phone number (+44 20 7946 0958): digits, spaces and dashes after the plus
 * call no function and reach no other cell, so it is written as it is (decision 024), not as '+44.
 */
function isPhoneNumberCell(cell: string): boolean {
  return cell.startsWith('+') && isValidPhone(cell) && cell.replace(/\D/g, '').length >= PHONE_CELL_MIN_DIGITS;
}

/** A cell a spreadsheet could run as a formula, or one our escaping would otherwise misread. */
function needsFormulaPrefix(cell: string): boolean {
  const first = cell[0];
  if (first === undefined) return false;
  if (FORMULA_TRIGGERS.has(first)) return !isPhoneNumberCell(cell);
  return first === "'" && isEscapable(cell.slice(1));
}

/** What a leading quote protects: a formula, or a phone number quoted by an export before decision 024. */
function isEscapable(cell: string): boolean {
  return needsFormulaPrefix(cell) || isPhoneNumberCell(cell);
}

/**
 * Formula-injection guard (ASVS 1.2.10, CWE-1236): a cell starting with = + - @ tab, CR or NUL is
 * prefixed with a single quote, except a valid phone number. A cell that already starts with a
 * quote before such a character (or before a phone number) gets one more, so unescapeCsvFormula
 * always gives back the original.
 */
export function escapeCsvFormula(cell: string): string {
  return needsFormulaPrefix(cell) ? `'${cell}` : cell;
}

/** The inverse of escapeCsvFormula, applied to imported cells so an exported file imports as it was. */
export function unescapeCsvFormula(cell: string): string {
  return cell.startsWith("'") && isEscapable(cell.slice(1)) ? cell.slice(1) : cell;
}

/** RFC 4180 quoting of one formula-safe cell. */
export function csvCell(value: string): string {
  const safe = escapeCsvFormula(value);
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows to CSV text with CRLF line ends (RFC 4180); every cell formula-safe. */
export function toCsv(rows: ReadonlyArray<readonly string[]>): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** UTF-8 byte order mark, so Excel opens a download as UTF-8. */
export const UTF8_BOM = '\uFEFF';

// --- Reading the first rows in the browser (preview only; the server parses with csv-parse) ---

export type CsvPreview = { ok: true; headers: string[]; rows: string[][]; hasMore: boolean } | { ok: false; message: string };

/**
 * Parses the header and up to `maxRows` records of RFC 4180 text (BOM, CRLF or LF, quoted
 * fields with commas, quotes and newlines; blank lines skipped) for the import preview.
 */
export function previewCsv(text: string, maxRows: number): CsvPreview {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let inQuotes = false;
  let fieldStarted = false;
  let i = text.startsWith(UTF8_BOM) ? 1 : 0;
  const endRecord = () => {
    record.push(field);
    const isBlank = record.length === 1 && record[0] === '' && !fieldStarted;
    if (!isBlank) records.push(record);
    record = [];
    field = '';
    fieldStarted = false;
  };
  for (; i < text.length && records.length <= maxRows; i++) {
    const char = text[i];
    if (inQuotes) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        inQuotes = false;
      } else {
        field += char;
      }
    } else if (char === '"' && field === '') {
      inQuotes = true;
      fieldStarted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
      fieldStarted = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else {
      field += char;
      fieldStarted = true;
    }
  }
  if (inQuotes) return { ok: false, message: 'A quoted field is never closed.' };
  if (records.length <= maxRows && (field !== '' || record.length > 0 || fieldStarted)) endRecord();
  const [headers, ...rows] = records;
  if (!headers) return { ok: false, message: CSV_MESSAGES.empty };
  return { ok: true, headers, rows: rows.slice(0, maxRows), hasMore: rows.length > maxRows || i < text.length };
}
