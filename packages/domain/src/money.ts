import { z } from 'zod';

/** Money is integer cents end to end (DESIGN.md section 4). */
export const CentsSchema = z.number().int().safe();
export type Cents = z.infer<typeof CentsSchema>;

// Intl rounds half away from zero, so -$1.50 shows as -$2 like $1.50 shows as $2; signDisplay
// 'negative' keeps an amount that rounds to zero from showing as "-$0".
const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0, signDisplay: 'negative' });
const twoDecimals = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'negative' });

/** Dashboard, leads and products show whole dollars. */
export function formatDollars(cents: Cents): string {
  return wholeDollars.format(cents / 100);
}

/** Plans, commissions and earnings show two decimals. */
export function formatDollarsAndCents(cents: Cents): string {
  return twoDecimals.format(cents / 100);
}
