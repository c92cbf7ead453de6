import { z } from 'zod';

/** Money is integer cents end to end (DESIGN.md section 4). */
export const CentsSchema = z.number().int().safe();
export type Cents = z.infer<typeof CentsSchema>;

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Dashboard, leads and products show whole dollars. */
export function formatDollars(cents: Cents): string {
  return wholeDollars.format(Math.round(cents / 100));
}

/** Plans, commissions and earnings show two decimals. */
export function formatDollarsAndCents(cents: Cents): string {
  return twoDecimals.format(cents / 100);
}
