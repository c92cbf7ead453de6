/** What other modules may use of the referrals feature. */
export { referralsRoutes, REFERRAL_VISITOR_COOKIE } from './referrals.routes.ts';
export { findReferrer, getReferralStats, recordShortLinkClick } from './referrals.service.ts';
export { attributeSignUp, rememberVisitor, resolveReferrerId } from './attribution.service.ts';
export { referralJobHandlers } from './referral-migration.service.ts';
