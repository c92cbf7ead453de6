export { newVisitorId, recordClick, recordConversion, verifyConversionSignature, visitorHash } from './tracking.service.ts';
export { seedAffiliateDemo } from './affiliate-demo.seed.ts';
export { seedReversalDemo } from './reversal-demo.seed.ts';
