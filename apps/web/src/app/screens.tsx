import type { ComponentType } from 'react';
import type { ScreenPath, UserProfile } from '@myeai/domain';
import { AdminOperationsPage } from '../features/admin-operations/index.ts';
import { LoginPage } from '../features/auth/index.ts';
import { DashboardPage } from '../features/dashboard/index.ts';
import { LeadsPage } from '../features/leads/index.ts';
import { PrivacyPolicyPage, RefundPolicyPage, TermsPage } from '../features/legal/index.ts';
import { NotificationsPage } from '../features/notifications/index.ts';
import { ProfilePage } from '../features/profile/index.ts';
import { LocalCheckoutPage, SubscriptionPage, SubscriptionSuccessPage } from '../features/subscriptions/index.ts';

export type SignedInPage = ComponentType<{ user: UserProfile }>;

/**
 * The screens of the route table (@myeai/domain SCREENS) that this build has. The router
 * mounts exactly these, and the sidebar lists a screen only when it is here.
 */
export const SIGNED_IN_PAGES: Partial<Record<ScreenPath, SignedInPage>> = {
  '/dashboard': DashboardPage,
  '/lead-management': LeadsPage,
  '/leads': LeadsPage,
  '/profile': ProfilePage,
  '/admin-comprehensive-dashboard': AdminOperationsPage,
  '/notifications': NotificationsPage,
  '/trading-subscription': SubscriptionPage,
  '/subscription-success': SubscriptionSuccessPage,
  '/checkout/local/:sessionId': LocalCheckoutPage,
};

export const PUBLIC_PAGES: Partial<Record<ScreenPath, ComponentType>> = {
  '/login': LoginPage,
  '/terms': TermsPage,
  '/privacy-policy': PrivacyPolicyPage,
  '/refund-policy': RefundPolicyPage,
};

export const isBuilt = (path: string): boolean => path in SIGNED_IN_PAGES || path in PUBLIC_PAGES;
