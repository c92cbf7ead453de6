import type { ComponentType } from 'react';
import type { ScreenPath } from '@myeai/domain';
import { lazyPage } from './lazy-page.ts';

/**
 * The public pages (signed out), loaded lazily like every page (screens.tsx says how to register
 * one). Apart from the signed-in pages' table, so that the landing page's first load does not carry it.
 */
export const PUBLIC_PAGES: Partial<Record<ScreenPath, ComponentType>> = {
  '/login': lazyPage(() => import('../features/auth/components/login-page.tsx'), 'LoginPage'),
  '/terms': lazyPage(() => import('../features/legal/index.ts'), 'TermsPage'),
  '/privacy-policy': lazyPage(() => import('../features/legal/index.ts'), 'PrivacyPolicyPage'),
  '/refund-policy': lazyPage(() => import('../features/legal/index.ts'), 'RefundPolicyPage'),
  '/join': lazyPage(() => import('../features/referrals/components/join-page.tsx'), 'JoinPage'),
  '/forgot-password': lazyPage(() => import('../features/auth/components/forgot-password-page.tsx'), 'ForgotPasswordPage'),
  '/reset-password': lazyPage(() => import('../features/auth/components/reset-password-page.tsx'), 'ResetPasswordPage'),
  '/verify-email': lazyPage(() => import('../features/auth/components/verify-email-page.tsx'), 'VerifyEmailPage'),
};
