/** What other modules may use of the referrals feature. */
export { REFERRAL_VISITOR_COOKIE } from './visitor-id.ts';
export { findReferrer, getReferralStats, recordShortLinkClick } from './referrals.service.ts';
export { attributeSignUp, rememberVisitor, resolveReferrerId } from './attribution.service.ts';
export { referralJobHandlers } from './referral-migration.service.ts';
export { seedCirclesDemo, seedReferralDemo } from './referral-demo.seed.ts';
