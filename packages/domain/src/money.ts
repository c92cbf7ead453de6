import { z } from 'zod';

/** Money is integer cents end to end (DESIGN.md section 4). */
export const CentsSchema = z.number().int().safe();
export type Cents = z.infer<typeof CentsSchema>;

// signDisplay 'negative' keeps -0 from showing as "-$0.00".
const dollarsAndCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'negative' });

/**
 * The one money formatter (DESIGN.md section 4): dollars and cents everywhere, so a figure never
 * appears rounded on one screen and exact on another.
 */
export function formatDollarsAndCents(cents: Cents): string {
  return dollarsAndCents.format(cents / 100);
}

/** Why typed text is not an amount of money. */
export type DollarsProblem = 'not_a_number' | 'negative' | 'decimals' | 'too_large';
export type DollarsParse = { ok: true; cents: Cents } | { ok: false; problem: DollarsProblem };

// Whole dollars with optional thousands separators in groups of three, then any decimals (too many
// decimals is its own problem, so the message can say what is wrong).
const AMOUNT_PATTERN = /^(?<whole>\d{1,3}(?:,\d{3})+|\d+)?(?:\.(?<fraction>\d+))?$/;
/** Twelve digits of dollars keep every amount a safe integer of cents. */
const WHOLE_DIGITS_MAX = 12;

/**
 * The one parser of money typed by a person or read from a file, in dollars ("1,250.50", "$1250",
 * "0.5", "1000.00") to integer cents without floating point. Anything else is a problem, never 0:
 * "abc", "12abc", "1e5", "-5", "1,25", "1.505". The caller turns the problem into its message.
 */
export function parseDollars(text: string, maxCents: Cents = Number.MAX_SAFE_INTEGER): DollarsParse {
  let rest = text.trim();
  const isNegative = rest.startsWith('-');
  if (isNegative) rest = rest.slice(1).trimStart();
  if (rest.startsWith('$')) rest = rest.slice(1).trimStart();
  const match = AMOUNT_PATTERN.exec(rest);
  const whole = match?.groups?.whole ?? '';
  const fraction = match?.groups?.fraction ?? '';
  if (!match || (whole === '' && fraction === '')) return { ok: false, problem: 'not_a_number' };
  if (isNegative) return { ok: false, problem: 'negative' };
  if (fraction.length > 2) return { ok: false, problem: 'decimals' };
  const digits = whole.replaceAll(',', '').replace(/^0+(?=\d)/, '');
  if (digits.length > WHOLE_DIGITS_MAX) return { ok: false, problem: 'too_large' };
  const cents = Number(digits || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (cents > maxCents) return { ok: false, problem: 'too_large' };
  return { ok: true, cents };
}

/** Cents as plain dollars for a form field or a CSV cell: 125050 -> "1250.50", 125000 -> "1250". */
export function centsToDollarText(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const rest = abs % 100;
  return `${sign}${Math.trunc(abs / 100)}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/** What to say about an amount field, in dollars (a form never asks for cents). */
export type DollarFieldMessages = { required: string; invalid: string; min: string; max: string };

/**
 * A form field of money typed in dollars: the text is parsed once by `parseDollars` and the field's
 * value is cents. Every message speaks dollars.
 */
export function dollarsField(messages: DollarFieldMessages, bounds: { minCents: Cents; maxCents: Cents }) {
  return z.string({ message: messages.required }).transform((text, context): Cents => {
    if (text.trim() === '') {
      context.addIssue({ code: 'custom', message: messages.required });
      return z.NEVER;
    }
    const parsed = parseDollars(text);
    if (!parsed.ok) {
      context.addIssue({ code: 'custom', message: parsed.problem === 'too_large' ? messages.max : parsed.problem === 'negative' ? messages.min : messages.invalid });
      return z.NEVER;
    }
    if (parsed.cents < bounds.minCents) {
      context.addIssue({ code: 'custom', message: messages.min });
      return z.NEVER;
    }
    if (parsed.cents > bounds.maxCents) {
      context.addIssue({ code: 'custom', message: messages.max });
      return z.NEVER;
    }
    return parsed.cents;
  });
}
