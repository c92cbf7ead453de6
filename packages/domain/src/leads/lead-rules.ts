import { parseDollars, type DollarsProblem } from '../money.ts';
import { LEAD_STAGES, QUALIFIED_PLUS_STAGES, type LeadStage } from './lead-stages.ts';

/** Validation messages of the lead hub (spec 2 section 5) and the limits we add to them. */
export const LEAD_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 200 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  phoneInvalid: 'Phone number is invalid',
  companyTooLong: 'Company must be at most 200 characters',
  notesTooLong: 'Notes must be at most 5000 characters',
  valueNotNumber: 'Value must be a number',
  valueNegative: 'Value cannot be negative',
  valueDecimals: 'Value can have at most 2 decimal places',
  valueTooLarge: 'Value must be at most $100,000,000',
  lastContactInFuture: 'Last contact cannot be in the future',
} as const;

export const LEAD_NAME_MAX = 200;
export const LEAD_EMAIL_MAX = 254;
export const LEAD_COMPANY_MAX = 200;
export const LEAD_NOTES_MAX = 5000;
/** $100,000,000: keeps a sum over any user's leads exact as a JavaScript number. */
export const LEAD_VALUE_MAX_CENTS = 10_000_000_000;

/** The confirmation text of spec 2 section 8. */
export function deleteLeadConfirmation(name: string): string {
  return `Are you sure you want to delete lead "${name}"? This action cannot be undone.`;
}

/** Spec 2 section 5: without dashes and spaces, an optional plus then up to 16 digits, the first not 0. */
const PHONE_PATTERN = /^\+?[1-9]\d{0,15}$/;

/** The phone as dialled: dashes and spaces removed. */
export function compactPhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

export function isValidPhone(phone: string): boolean {
  return PHONE_PATTERN.test(compactPhone(phone));
}

/** The tel: link of a phone number. */
export function phoneHref(phone: string): string {
  return `tel:${compactPhone(phone)}`;
}

export type AmountParse = { ok: true; cents: number } | { ok: false; message: string };

const LEAD_VALUE_PROBLEM_MESSAGES: Record<DollarsProblem, string> = {
  not_a_number: LEAD_MESSAGES.valueNotNumber,
  negative: LEAD_MESSAGES.valueNegative,
  decimals: LEAD_MESSAGES.valueDecimals,
  too_large: LEAD_MESSAGES.valueTooLarge,
};

/** A lead's value typed by a person or found in a CSV cell, through the one money parser, with the lead form's messages. */
export function parseDollarAmount(text: string): AmountParse {
  const parsed = parseDollars(text, LEAD_VALUE_MAX_CENTS);
  return parsed.ok ? parsed : { ok: false, message: LEAD_VALUE_PROBLEM_MESSAGES[parsed.problem] };
}

export type StageTotal = { stage: LeadStage; count: number; value_cents: number };

export type LeadStats = {
  total_leads: number;
  qualified_plus: number;
  /** Value of every lead that is not lost. */
  total_value_cents: number;
  closed: number;
  /** closed / total as a percentage with one decimal; 0 when there are no leads. */
  conversion_percent: number;
  by_stage: StageTotal[];
};

/** The hub's stat cards from per-stage totals (any order, missing stages count as 0). */
export function computeLeadStats(totals: readonly StageTotal[]): LeadStats {
  const byStage = LEAD_STAGES.map((stage) => {
    const rows = totals.filter((t) => t.stage === stage);
    return {
      stage,
      count: rows.reduce((sum, t) => sum + t.count, 0),
      value_cents: rows.reduce((sum, t) => sum + t.value_cents, 0),
    };
  });
  const count = (stages: readonly LeadStage[]) => byStage.filter((s) => stages.includes(s.stage)).reduce((sum, s) => sum + s.count, 0);
  const totalLeads = count(LEAD_STAGES);
  const closed = count(['closed']);
  return {
    total_leads: totalLeads,
    qualified_plus: count(QUALIFIED_PLUS_STAGES),
    total_value_cents: byStage.filter((s) => s.stage !== 'lost').reduce((sum, s) => sum + s.value_cents, 0),
    closed,
    conversion_percent: totalLeads === 0 ? 0 : Math.round((closed / totalLeads) * 1000) / 10,
    by_stage: byStage,
  };
}
