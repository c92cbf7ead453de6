import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { decideAccess, findScreen, type ScreenPath, type UserProfile } from '@myeai/domain';
import { lazyPage, type LazyPage } from './lazy-page.ts';
import { PUBLIC_PAGES } from './public-pages.tsx';

// Register a page with ONE line, loaded lazily so that each page is its own chunk and the first
// load stays small (npm run bench: first-load JS <= 150 KB gzipped). Never import a page here:
//   '/leads': lazyPage(() => import('../features/leads/index.ts'), 'LeadsPage'),
// Import the feature's index.ts; when that index is also imported statically elsewhere (auth,
// notifications: the app shell uses them), import the page's own file instead, or the page
// stays in the first-load bundle. Meanwhile the router shows a spinner (public pages) or the
// page's outline inside the app shell (signed-in pages).

export type SignedInPage = ComponentType<{ user: UserProfile }>;

/** Starts downloading the chunk of the page registered at `path`, if it is a lazy page, and of its data prefetch. */
export function preloadPage(path: string): void {
  const page: unknown = SIGNED_IN_PAGES[path as ScreenPath] ?? PUBLIC_PAGES[path as ScreenPath];
  if (page && typeof (page as Partial<LazyPage<object>>).preload === 'function') {
    (page as LazyPage<object>).preload().catch(() => undefined); // the page itself reports a failed load
  }
  PAGE_DATA[path as ScreenPath]?.().catch(() => undefined);
}

type PageDataModule = { prefetchPageData: (queryClient: QueryClient, user: UserProfile) => void };

/**
 * Signed-in pages whose first requests the router starts as soon as the profile is known, rather
 * than once the page's chunk has arrived and rendered (a request waterfall; it also lets the page
 * render with its data instead of skeletons). Each module holds query options only, in a small
 * chunk of its own that downloads alongside the profile request, so the first load stays as it is.
 */
const PAGE_DATA: Partial<Record<ScreenPath, () => Promise<PageDataModule>>> = {
  '/dashboard': () => import('../features/dashboard/prefetch.ts'),
};

/** Starts the first requests of the page at `path` for `user`, when it has some and the role may open it. */
export function prefetchPageData(path: string, user: UserProfile, queryClient: QueryClient): void {
  const load = PAGE_DATA[path as ScreenPath];
  const screen = findScreen(path);
  if (!load || !screen || decideAccess(screen.access, { activeRole: user.active_role }) !== 'allowed') return;
  load()
    .then((module) => module.prefetchPageData(queryClient, user))
    .catch(() => undefined); // the page loads its data itself
}

/**
 * The screens of the route table (@myeai/domain SCREENS) that this build has. The router
 * mounts exactly these, and the sidebar lists a screen only when it is here.
 */
export const SIGNED_IN_PAGES: Partial<Record<ScreenPath, SignedInPage>> = {
  '/dashboard': lazyPage(() => import('../features/dashboard/index.ts'), 'DashboardPage'),
  '/lead-management': lazyPage(() => import('../features/leads/index.ts'), 'LeadsPage'),
  '/leads': lazyPage(() => import('../features/leads/index.ts'), 'LeadsPage'),
  '/profile': lazyPage(() => import('../features/profile/index.ts'), 'ProfilePage'),
  '/products': lazyPage(() => import('../features/products/index.ts'), 'ProductsPage'),
  '/commissions': lazyPage(() => import('../features/commissions/index.ts'), 'CommissionsPage'),
  '/onboarding': lazyPage(() => import('../features/onboarding/index.ts'), 'OnboardingPage'),
  '/goal-onboarding': lazyPage(() => import('../features/onboarding/index.ts'), 'OnboardingPage'),
  '/admin-trial-analytics': lazyPage(() => import('../features/admin-trial-analytics/index.ts'), 'AdminTrialAnalyticsPage'),
  '/admin-users': lazyPage(() => import('../features/people/index.ts'), 'AdminUsersPage'),
  '/admin/commission-manager': lazyPage(() => import('../features/network-manager/components/network-manager-page.tsx'), 'NetworkManagerPage'),
  '/admin/payouts': lazyPage(() => import('../features/payouts/index.ts'), 'AdminPayoutsPage'),
  '/admin/finance': lazyPage(() => import('../features/finance/index.ts'), 'AdminFinancePage'),
  '/payouts/statement': lazyPage(() => import('../features/payouts/index.ts'), 'PayoutStatementPage'),
  '/my-team': lazyPage(() => import('../features/people/index.ts'), 'MyTeamPage'),
  '/referrals': lazyPage(() => import('../features/referrals/components/referrals-page.tsx'), 'ReferralsPage'),
  '/earnings': lazyPage(() => import('../features/earnings/index.ts'), 'EarningsPage'),
  '/trading-admin': lazyPage(() => import('../features/trading-admin/index.ts'), 'TradingAdminPage'),
  '/admin/trading/market-data': lazyPage(() => import('../features/market-data/index.ts'), 'MarketDataPage'),
  '/admin-flow-chart': lazyPage(() => import('../features/trading-admin/index.ts'), 'AdminFlowChartPage'),
  '/admin-comprehensive-dashboard': lazyPage(() => import('../features/admin-operations/index.ts'), 'AdminOperationsPage'),
  '/commission-management': lazyPage(() => import('../features/commission-management/index.ts'), 'CommissionManagementPage'),
  '/admin-personalized-messages': lazyPage(() => import('../features/personalized-messages/index.ts'), 'AdminPersonalizedMessagesPage'),
  '/admin-passion-content': lazyPage(() => import('../features/learning-admin/index.ts'), 'AdminPassionContentPage'),
  '/learning': lazyPage(() => import('../features/learning/index.ts'), 'LearningHubPage'),
  '/learning-hub': lazyPage(() => import('../features/learning/index.ts'), 'LearningHubPage'),
  '/notifications': lazyPage(() => import('../features/notifications/components/notifications-page.tsx'), 'NotificationsPage'),
  '/trading-subscription': lazyPage(() => import('../features/subscriptions/index.ts'), 'SubscriptionPage'),
  '/trading-subscription/receipts/:paymentId': lazyPage(() => import('../features/subscriptions/index.ts'), 'ReceiptPage'),
  '/subscription-success': lazyPage(() => import('../features/subscriptions/index.ts'), 'SubscriptionSuccessPage'),
  '/checkout/local/:sessionId': lazyPage(() => import('../features/subscriptions/index.ts'), 'LocalCheckoutPage'),
  '/trading-compass': lazyPage(() => import('../features/trading-compass/index.ts'), 'TradingCompassPage'),
  '/trader-dashboard': lazyPage(() => import('../features/trader-dashboard/index.ts'), 'TraderDashboardPage'),
  '/goals': lazyPage(() => import('../features/goals/index.ts'), 'GoalsPage'),
  '/goals/edit/:id': lazyPage(() => import('../features/goals/index.ts'), 'GoalEditPage'),
  '/goal-progress': lazyPage(() => import('../features/goals/index.ts'), 'GoalProgressPage'),
};

export const isBuilt = (path: string): boolean => path in SIGNED_IN_PAGES || path in PUBLIC_PAGES;
