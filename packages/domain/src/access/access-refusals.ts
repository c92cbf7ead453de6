import type { AccessName } from './access-rules.ts';
import { findScreen } from './screens.ts';

export type AccessRefusal = { title: string; message: string };

/** The rules that leave some role out; public, signed-in and every-role screens refuse no one. */
export type RestrictedAccessName = Exclude<AccessName, 'public' | 'signedIn' | 'everyRole'>;

/**
 * What the access-denied screen says, per access rule of the route table. Admin and trader texts
 * are the spec's (spec 3 sections 2.2 and 2.3, spec 2 section 4); the affiliate-tools and
 * goal-setting rules have none in the spec, so theirs follow the same form.
 */
export const ACCESS_REFUSALS: Readonly<Record<RestrictedAccessName, AccessRefusal>> = {
  admin: { title: 'Admin Access Required', message: 'This section is restricted to system administrators only.' },
  traderDesk: {
    title: 'Trader Access Required',
    message: 'This section is restricted to verified traders only. Please contact an administrator for trader verification.',
  },
  affiliateTools: { title: 'Affiliate Access Required', message: 'This section is restricted to affiliates and system administrators only.' },
  goalSetting: { title: 'Goal Setting Access Required', message: 'This section is restricted to affiliates, traders and system administrators only.' },
};

/** The refusal of a screen of the route table, chosen by its access rule; null when its rule refuses no one. */
export function accessRefusalFor(path: string): AccessRefusal | null {
  const access = findScreen(path)?.access;
  if (!access || access === 'public' || access === 'signedIn' || access === 'everyRole') return null;
  return ACCESS_REFUSALS[access];
}
