import { describe, expect, test } from 'vitest';
import { decideAccess } from './access-rules.ts';
import { ROLES, type Role } from './roles.ts';
import { findScreen, NAV_SECTIONS, navigationFor, navLabelOf, SCREEN_REDIRECTS, SCREENS, screenHeading, screenHeadingParts, type NavGroup } from './screens.ts';

const everything = () => true;
const labelsOf = (groups: NavGroup[]) => groups.map((group) => [group.title, group.items.map((item) => item.label)] as const);

const BUSINESS = 'People & Business Hub';
const TRADING = 'Passion & Market Intelligence';
const ADMIN = 'Purpose & System Command';

/** Sidebar of spec 1 section 2.3 filtered by spec 1 section 6.1, as resolved by DESIGN.md section 3 items 2-4. */
const BASIC_SIDEBAR = [
  [BUSINESS, ['Business Hub', 'Purpose Impact', 'Network Growth', 'My Team', 'Opportunity Engine', 'Growth Tracking', 'Passion Development', 'Notifications']],
  [TRADING, ['Trading Compass', 'Get Ecosystem Access']],
] as const;

const EXPECTED_SIDEBAR: Record<Role, readonly (readonly [string, readonly string[]])[]> = {
  newcomer: BASIC_SIDEBAR,
  subscriber_free: BASIC_SIDEBAR,
  subscriber: BASIC_SIDEBAR,
  investor: BASIC_SIDEBAR,
  trader: [
    [BUSINESS, ['Business Hub', 'Purpose Impact', 'Network Growth', 'My Team', 'Opportunity Engine', 'Purpose Alignment', 'Growth Tracking', 'Passion Development', 'Notifications']],
    [TRADING, ['Trading Compass', 'Trader Dashboard', 'Get Ecosystem Access']],
  ],
  affiliate: [
    [
      BUSINESS,
      ['Business Hub', 'Client Relationship', 'Revenue Analytics', 'Purpose Impact', 'Network Growth', 'My Team', 'Opportunity Engine', 'Purpose Alignment', 'Growth Tracking', 'Passion Development', 'Notifications'],
    ],
    [TRADING, ['Trading Compass', 'Get Ecosystem Access']],
  ],
  admin: [
    [
      BUSINESS,
      ['Business Hub', 'Client Relationship', 'Revenue Analytics', 'Purpose Impact', 'Network Growth', 'My Team', 'Opportunity Engine', 'Purpose Alignment', 'Growth Tracking', 'Passion Development', 'Notifications'],
    ],
    [TRADING, ['Trading Compass', 'Trader Dashboard', 'System Command', 'Market Data', 'Get Ecosystem Access']],
    [ADMIN, ['People Management', 'Trial Analytics', 'Flow Chart', 'Personalized Messages', 'Comprehensive Dashboard', 'Commission Management', 'Network Manager', 'Payouts', 'Finance']],
  ],
};

/** Spec 1 section 2.3: the path behind each sidebar label. */
const LABEL_PATHS: Record<string, string> = {
  'Business Hub': '/dashboard',
  'Client Relationship': '/lead-management',
  'Revenue Analytics': '/commissions',
  'Purpose Impact': '/earnings',
  'Network Growth': '/referrals',
  'My Team': '/my-team',
  'Opportunity Engine': '/products',
  'Purpose Alignment': '/goals',
  'Growth Tracking': '/goal-progress',
  'Passion Development': '/learning',
  Notifications: '/notifications',
  'Trading Compass': '/trading-compass',
  'Trader Dashboard': '/trader-dashboard',
  'System Command': '/trading-admin',
  // Not in the spec: the market price import and coverage (issue 32, decision 068).
  'Market Data': '/admin/trading/market-data',
  'Get Ecosystem Access': '/trading-subscription',
  'People Management': '/admin-users',
  'Trial Analytics': '/admin-trial-analytics',
  'Flow Chart': '/admin-flow-chart',
  'Personalized Messages': '/admin-personalized-messages',
  'Comprehensive Dashboard': '/admin-comprehensive-dashboard',
  'Commission Management': '/commission-management',
  'Network Manager': '/admin/commission-manager',
  Payouts: '/admin/payouts',
  Finance: '/admin/finance',
};

describe('navigationFor', () => {
  test('section titles', () => {
    expect(NAV_SECTIONS).toEqual({ business: BUSINESS, trading: TRADING, admin: ADMIN });
  });

  test.each(ROLES.map((role) => ({ role })))('sidebar of $role', ({ role }) => {
    const groups = navigationFor({ activeRole: role }, everything);
    expect(labelsOf(groups)).toEqual(EXPECTED_SIDEBAR[role]);
    for (const item of groups.flatMap((group) => group.items)) expect(item.path).toBe(LABEL_PATHS[item.label]);
  });

  test('a signed-out viewer gets no sidebar', () => {
    expect(navigationFor(null, everything)).toEqual([]);
  });

  test('nothing built means an empty sidebar (the "No accessible features" case)', () => {
    for (const role of ROLES) expect(navigationFor({ activeRole: role }, () => false)).toEqual([]);
  });

  test('screens that are not built are left out and empty sections disappear', () => {
    const built = new Set(['/dashboard', '/goal-progress', '/admin-users']);
    expect(navigationFor({ activeRole: 'admin' }, (path) => built.has(path))).toEqual([
      {
        section: 'business',
        title: BUSINESS,
        items: [
          { path: '/dashboard', label: 'Business Hub' },
          { path: '/goal-progress', label: 'Growth Tracking' },
        ],
      },
      { section: 'admin', title: ADMIN, items: [{ path: '/admin-users', label: 'People Management' }] },
    ]);
    // A built screen the role may not see stays hidden.
    expect(navigationFor({ activeRole: 'newcomer' }, (path) => path === '/admin-users')).toEqual([]);
  });

  test('the development /test-item is not in the sidebar', () => {
    const paths = navigationFor({ activeRole: 'admin' }, everything).flatMap((group) => group.items.map((item) => item.path));
    expect(paths).not.toContain('/test-item');
    expect(findScreen('/test-item')).toBeUndefined();
  });
});

/** Spec 1 section 6.1 route access, with DESIGN.md section 3 items 2-4. */
const ALL = ROLES;
const ROUTE_ACCESS: Record<string, 'public' | readonly Role[]> = {
  '/dashboard': ALL,
  '/products': ALL,
  '/learning': ALL,
  '/learning-hub': ALL,
  '/notifications': ALL,
  '/trading-compass': ALL,
  '/trading-subscription': ALL,
  '/subscription-success': ALL,
  // Not in the spec: a payment's receipt (decision 065).
  '/trading-subscription/receipts/:paymentId': ALL,
  // Not in the spec: a payee's printable payout statement of a period (decision 063).
  '/payouts/statement': ALL,
  '/goal-progress': ALL,
  '/goals/edit/:id': ALL,
  '/earnings': ALL,
  '/referrals': ALL,
  '/my-team': ALL,
  '/profile': ALL,
  '/onboarding': ALL,
  '/goal-onboarding': ALL,
  '/leads': ['affiliate', 'admin'],
  '/lead-management': ['affiliate', 'admin'],
  '/commissions': ['affiliate', 'admin'],
  '/goals': ['trader', 'affiliate', 'admin'],
  '/trader-dashboard': ['trader', 'admin'],
  '/trading-admin': ['admin'],
  // Not in the spec: the market price import and coverage (issue 32, decision 068).
  '/admin/trading/market-data': ['admin'],
  '/admin-users': ['admin'],
  '/admin-trial-analytics': ['admin'],
  '/admin-flow-chart': ['admin'],
  '/admin-personalized-messages': ['admin'],
  '/admin-comprehensive-dashboard': ['admin'],
  '/commission-management': ['admin'],
  '/admin/commission-manager': ['admin'],
  '/admin/payouts': ['admin'],
  '/admin/finance': ['admin'],
  '/admin-passion-content': ['admin'],
  '/terms': 'public',
  '/privacy-policy': 'public',
  '/refund-policy': 'public',
  '/join': 'public',
  '/login': 'public',
  // Issue 29: account recovery and e-mail links.
  '/forgot-password': 'public',
  '/reset-password': 'public',
  '/verify-email': 'public',
  // Not in the spec: the embedded payment provider's test checkout page (no sidebar entry).
  '/checkout/local/:sessionId': ALL,
};

describe('SCREENS route table', () => {
  test('lists exactly the routes of spec 1 section 6.1 (minus /admin-learning, which redirects)', () => {
    expect(SCREENS.map((screen) => screen.path).sort()).toEqual(Object.keys(ROUTE_ACCESS).sort());
  });

  const cases = Object.entries(ROUTE_ACCESS).flatMap(([path, allowed]) =>
    (['anonymous', ...ROLES] as const).map((who) => ({
      path,
      who,
      expected: allowed === 'public' ? 'allowed' : who === 'anonymous' ? 'unauthenticated' : allowed.includes(who) ? 'allowed' : 'forbidden',
    })),
  );
  test.each(cases)('$path for $who is $expected', ({ path, who, expected }) => {
    const screen = findScreen(path);
    expect(screen).toBeDefined();
    expect(decideAccess(screen!.access, who === 'anonymous' ? null : { activeRole: who })).toBe(expected);
  });

  test('paths are unique', () => {
    const paths = SCREENS.map((screen) => screen.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('SCREEN_REDIRECTS', () => {
  test('old addresses of DESIGN.md section 3 item 4', () => {
    expect(SCREEN_REDIRECTS).toEqual({
      '/admin-learning': '/admin-passion-content',
      '/admin/commission/manager': '/admin/commission-manager',
    });
  });

  test.each(Object.entries(SCREEN_REDIRECTS))('%s -> %s points at a screen and is not one itself', (from, to) => {
    expect(findScreen(to)).toBeDefined();
    expect(findScreen(from)).toBeUndefined();
  });
});

describe('a sidebar screen’s heading', () => {
  const navScreens = SCREENS.filter((screen): screen is Extract<(typeof SCREENS)[number], { nav: object }> => 'nav' in screen);

  test('contains its sidebar label for every sidebar screen, with or without a name of its own', () => {
    expect(navScreens.length).toBeGreaterThan(20);
    for (const screen of navScreens) {
      for (const name of [undefined, '', 'Welcome back, Ada', 'My Earnings Potential', `${screen.nav.label} Center`]) {
        expect(screenHeading(screen.path, name), `${screen.path} ${name}`).toContain(screen.nav.label);
      }
      expect(navLabelOf(screen.path)).toBe(screen.nav.label);
    }
  });

  test('puts the page’s own name after the label, and never says the label twice', () => {
    expect(screenHeading('/earnings', 'My Earnings Potential')).toBe('Purpose Impact — My Earnings Potential');
    expect(screenHeading('/goal-progress', 'Welcome back, Ada')).toBe('Growth Tracking — Welcome back, Ada');
    expect(screenHeading('/notifications')).toBe('Notifications');
    expect(screenHeading('/trading-admin', 'System Command Center')).toBe('System Command Center');
    expect(screenHeading('/trading-compass', 'MYEAI – trading compass')).toBe('MYEAI – trading compass');
    expect(screenHeadingParts('/commissions', '  Commissions ')).toEqual({ label: 'Revenue Analytics', name: 'Commissions' });
    expect(screenHeadingParts('/my-team', '   ')).toEqual({ label: 'My Team' });
  });
});
