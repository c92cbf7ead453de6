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

// Whole dollars with optional thousands separators in groups of three, then up to any decimals
// (too many decimals is its own message).
const AMOUNT_PATTERN = /^(?<whole>\d{1,3}(?:,\d{3})+|\d+)?(?:\.(?<fraction>\d+))?$/;

/**
 * A dollar amount typed by a person or found in a CSV cell ("1,250.50", "$1250", "0.5") to cents.
 * Anything else is an error, never 0: "abc", "12abc", "1e5", "-5", "1,25", "1.505".
 */
export function parseDollarAmount(text: string): AmountParse {
  let rest = text.trim();
  const isNegative = rest.startsWith('-');
  if (isNegative) rest = rest.slice(1).trimStart();
  if (rest.startsWith('$')) rest = rest.slice(1).trimStart();
  const match = AMOUNT_PATTERN.exec(rest);
  const whole = match?.groups?.whole ?? '';
  const fraction = match?.groups?.fraction ?? '';
  if (!match || (whole === '' && fraction === '')) return { ok: false, message: LEAD_MESSAGES.valueNotNumber };
  if (isNegative) return { ok: false, message: LEAD_MESSAGES.valueNegative };
  if (fraction.length > 2) return { ok: false, message: LEAD_MESSAGES.valueDecimals };
  const digits = whole.replaceAll(',', '').replace(/^0+(?=\d)/, '');
  if (digits.length > 12) return { ok: false, message: LEAD_MESSAGES.valueTooLarge };
  const cents = Number(digits || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (cents > LEAD_VALUE_MAX_CENTS) return { ok: false, message: LEAD_MESSAGES.valueTooLarge };
  return { ok: true, cents };
}

/** Cents as a plain dollar amount for forms and CSV cells: 125050 -> "1250.50", 125000 -> "1250". */
export function centsToDollarText(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
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
