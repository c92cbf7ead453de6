/** Which lead field each column of an imported CSV fills: header names, the preview's mapping, the template. */

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
