import type { AccessName } from './access-rules.ts';
import { decideAccess, type Viewer } from './access-rules.ts';

/**
 * The route table of spec 1 section 6.1 as resolved by DESIGN.md section 3.
 * The web router, the sidebar and the access-denied screen read it; API routes use the same
 * access rules (see access-rules.ts).
 */
export const NAV_SECTIONS = {
  business: 'People & Business Hub',
  trading: 'Passion & Market Intelligence',
  admin: 'Purpose & System Command',
} as const;
export type NavSection = keyof typeof NAV_SECTIONS;

export type Screen = {
  path: string;
  access: AccessName;
  nav?: { section: NavSection; label: string };
};

export const SCREENS = [
  { path: '/login', access: 'public' },
  { path: '/terms', access: 'public' },
  { path: '/privacy-policy', access: 'public' },
  { path: '/refund-policy', access: 'public' },
  { path: '/join', access: 'public' },
  // Account recovery and e-mail links (issue 29, decision 057): opened from e-mails, signed in or not.
  { path: '/forgot-password', access: 'public' },
  { path: '/reset-password', access: 'public' },
  { path: '/verify-email', access: 'public' },
  { path: '/profile', access: 'signedIn' },
  { path: '/onboarding', access: 'signedIn' },
  { path: '/goal-onboarding', access: 'signedIn' },

  { path: '/dashboard', access: 'everyRole', nav: { section: 'business', label: 'Business Hub' } },
  { path: '/lead-management', access: 'affiliateTools', nav: { section: 'business', label: 'Client Relationship' } },
  { path: '/leads', access: 'affiliateTools' },
  { path: '/commissions', access: 'affiliateTools', nav: { section: 'business', label: 'Revenue Analytics' } },
  { path: '/earnings', access: 'everyRole', nav: { section: 'business', label: 'Purpose Impact' } },
  { path: '/referrals', access: 'everyRole', nav: { section: 'business', label: 'Network Growth' } },
  { path: '/my-team', access: 'everyRole', nav: { section: 'business', label: 'My Team' } },
  { path: '/products', access: 'everyRole', nav: { section: 'business', label: 'Opportunity Engine' } },
  { path: '/goals', access: 'goalSetting', nav: { section: 'business', label: 'Purpose Alignment' } },
  { path: '/goal-progress', access: 'everyRole', nav: { section: 'business', label: 'Growth Tracking' } },
  // Every role, for the owner's own goals: "Update Progress" of /goal-progress leads here (spec 2).
  { path: '/goals/edit/:id', access: 'everyRole' },
  { path: '/learning', access: 'everyRole', nav: { section: 'business', label: 'Passion Development' } },
  { path: '/learning-hub', access: 'everyRole' },
  { path: '/notifications', access: 'everyRole', nav: { section: 'business', label: 'Notifications' } },

  { path: '/trading-compass', access: 'everyRole', nav: { section: 'trading', label: 'Trading Compass' } },
  { path: '/trader-dashboard', access: 'traderDesk', nav: { section: 'trading', label: 'Trader Dashboard' } },
  { path: '/trading-admin', access: 'admin', nav: { section: 'trading', label: 'System Command' } },
  // Market prices for the track record (issue 32, decision 068): the candle import and the coverage per asset.
  { path: '/admin/trading/market-data', access: 'admin', nav: { section: 'trading', label: 'Market Data' } },
  { path: '/trading-subscription', access: 'everyRole', nav: { section: 'trading', label: 'Get Ecosystem Access' } },
  { path: '/subscription-success', access: 'everyRole' },
  // A payment's printable receipt (decision 065), opened from /trading-subscription.
  { path: '/trading-subscription/receipts/:paymentId', access: 'everyRole' },
  // The embedded payment provider's test checkout (docs/decisions): signed in, never in the sidebar.
  { path: '/checkout/local/:sessionId', access: 'signedIn' },
  // A payee's printable payout statement of a period (decision 063), from the Payouts tab of /commissions and from /earnings.
  { path: '/payouts/statement', access: 'everyRole' },

  { path: '/admin-users', access: 'admin', nav: { section: 'admin', label: 'People Management' } },
  { path: '/admin-trial-analytics', access: 'admin', nav: { section: 'admin', label: 'Trial Analytics' } },
  { path: '/admin-flow-chart', access: 'admin', nav: { section: 'admin', label: 'Flow Chart' } },
  { path: '/admin-personalized-messages', access: 'admin', nav: { section: 'admin', label: 'Personalized Messages' } },
  { path: '/admin-comprehensive-dashboard', access: 'admin', nav: { section: 'admin', label: 'Comprehensive Dashboard' } },
  { path: '/commission-management', access: 'admin', nav: { section: 'admin', label: 'Commission Management' } },
  { path: '/admin/commission-manager', access: 'admin', nav: { section: 'admin', label: 'Network Manager' } },
  // Issue 30 (decision 060): payout settings, batches, files and settlement.
  { path: '/admin/payouts', access: 'admin', nav: { section: 'admin', label: 'Payouts' } },
  // The finance view (issue 31 item 6, decision 066): money in and out and the commission ledger per period.
  { path: '/admin/finance', access: 'admin', nav: { section: 'admin', label: 'Finance' } },
  { path: '/admin-passion-content', access: 'admin' },
] as const satisfies readonly Screen[];

export type ScreenPath = (typeof SCREENS)[number]['path'];

/** A screen the sidebar lists. */
export type NavScreenPath = Extract<(typeof SCREENS)[number], { nav: object }>['path'];

/** The sidebar label of a sidebar screen: the one source of the words the sidebar and the page's heading share. */
export function navLabelOf(path: NavScreenPath): string {
  return (findScreen(path) as { nav: { label: string } }).nav.label;
}

/**
 * A sidebar screen's heading in its parts: the sidebar label, then the page's own name (the
 * spec's "My Earnings Potential", a greeting) when it has one. A name that already contains the
 * label ("System Command Center") is the heading alone, so the label is never said twice.
 * Either way the heading contains the label the user clicked.
 */
export function screenHeadingParts(path: NavScreenPath, name?: string): { label: string; name?: string } {
  const label = navLabelOf(path);
  const trimmed = name?.trim();
  if (!trimmed) return { label };
  if (trimmed.toLowerCase().includes(label.toLowerCase())) return { label: trimmed };
  return { label, name: trimmed };
}

/** The heading as one text: "Purpose Impact — My Earnings Potential", "Notifications", "System Command Center". */
export function screenHeading(path: NavScreenPath, name?: string): string {
  const parts = screenHeadingParts(path, name);
  return parts.name ? `${parts.label} — ${parts.name}` : parts.label;
}

/** Old addresses kept working (DESIGN.md section 3, item 4). */
export const SCREEN_REDIRECTS: Readonly<Record<string, ScreenPath>> = {
  '/admin-learning': '/admin-passion-content',
  '/admin/commission/manager': '/admin/commission-manager',
};

export function findScreen(path: string): Screen | undefined {
  return (SCREENS as readonly Screen[]).find((screen) => screen.path === path);
}

export type NavItem = { path: string; label: string };
export type NavGroup = { section: NavSection; title: string; items: NavItem[] };

/**
 * Sidebar groups for a viewer. `isBuilt` tells which screens exist in this build, so the
 * sidebar never links to a page that is not there.
 */
export function navigationFor(viewer: Viewer, isBuilt: (path: string) => boolean): NavGroup[] {
  const groups: NavGroup[] = [];
  for (const section of Object.keys(NAV_SECTIONS) as NavSection[]) {
    const items = (SCREENS as readonly Screen[])
      .filter((screen) => screen.nav?.section === section)
      .filter((screen) => isBuilt(screen.path) && decideAccess(screen.access, viewer) === 'allowed')
      .map((screen) => ({ path: screen.path, label: screen.nav!.label }));
    if (items.length > 0) groups.push({ section, title: NAV_SECTIONS[section], items });
  }
  return groups;
}
