/** The rules of one imported CSV row: the lead it gives, or every reason it is refused. */
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
import type { LeadCsvField } from './lead-csv-columns.ts';
import {
  DEFAULT_IMPORT_SOURCE,
  LEAD_SOURCE_LABELS,
  LEAD_SOURCES,
  LEAD_STAGE_LABELS,
  LEAD_STAGES,
  parseLeadSource,
  parseLeadStage,
  type LeadSource,
  type LeadStage,
} from './lead-stages.ts';

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

  const source = sourceText === '' ? DEFAULT_IMPORT_SOURCE : parseLeadSource(sourceText);
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
