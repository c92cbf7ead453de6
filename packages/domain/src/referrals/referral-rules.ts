import { normaliseReferralCode, SHARE_CODE_PREFIX } from '../auth/referral-code.ts';
import { TRIAL_LENGTH_DAYS } from '../trial/trial-stages.ts';

/**
 * The Share & Earn popup, the short link and the referral landing page (spec 1 sections 2.7,
 * 2.8, 7, 8; DESIGN.md section 3 item 17: links carry the opaque referral code only).
 * The share code is SHARE_CODE_PREFIX ("MYEAI-", in auth/referral-code.ts) plus the referral
 * code; every place that reads a code (normaliseReferralCode) accepts it with or without it.
 */

/**
 * The one spelling of a referral code shown to anyone (the Share & Earn popup, the Referral
 * Dashboard, the sign-in invitation, onboarding, admin lists): "MYEAI-RBFSJ486", never the bare
 * code beside it. Links (/join?ref=, /r/) carry the bare code; every reader accepts both.
 */
export function shareCode(referralCode: string): string {
  return `${SHARE_CODE_PREFIX}${referralCode}`;
}

/** A referral code as typed or shared ("abcd2345", "MYEAI-ABCD2345"), normalised; null when malformed. */
export function referralCodeFromInput(input: string | null | undefined): string | null {
  return normaliseReferralCode(input);
}

/** `/join?ref=CODE`: the referral landing page. */
export function referralLinkPath(referralCode: string): string {
  return `/join?ref=${encodeURIComponent(referralCode)}`;
}

/** `/r/CODE`: the short link, which counts the click and redirects to the landing page. */
export function shortLinkPath(referralCode: string): string {
  return `/r/${encodeURIComponent(referralCode)}`;
}

const FIRST_NAME_MAX = 40;

/** The first word of a display name, or null for a blank name (only a first name ever leaves the server for /join, T-17). */
export function firstNameOf(name: string | null | undefined): string | null {
  const first = name?.trim().split(/\s+/)[0] ?? '';
  return first ? first.slice(0, FIRST_NAME_MAX) : null;
}

export const FRIEND_FALLBACK_NAME = 'A friend';

/** The text the popup shares: the inviter's first name (or "A friend"), the prefixed code and the link. */
export function referralShareText(input: { inviterName: string | null | undefined; referralCode: string; link: string }): string {
  const inviter = firstNameOf(input.inviterName) ?? FRIEND_FALLBACK_NAME;
  return `${inviter} invited you to MYEAI, the community for business builders and traders. Join with code ${shareCode(input.referralCode)} and get ${TRIAL_LENGTH_DAYS} days of free access: ${input.link}`;
}

/** Spec 1 section 2.8. */
export const FREE_ACCESS_NOTE = `No credit card required, ${TRIAL_LENGTH_DAYS}-day free access`;

/** The landing page reports at most a day on the page; anything else is refused (T-51). */
export const TIME_ON_PAGE_MAX_SECONDS = 86_400;

/** Local-storage key of the landing page's visitor id (the code uses the landing page's key, myeai.referral_code). */
export const REFERRAL_VISITOR_STORAGE_KEY = 'myeai.referral_visitor_id';

/** Where the landing page sends a visitor after "Error processing referral link" (spec 1 section 8). */
export const REFERRAL_ERROR_REDIRECT_MS = 3_000;

/** Icon names the landing content may use for its features; the web app maps each to an icon. */
export const REFERRAL_FEATURE_ICONS = ['users', 'chart', 'book', 'target', 'coins', 'shield', 'rocket', 'star'] as const;
export type ReferralFeatureIcon = (typeof REFERRAL_FEATURE_ICONS)[number];

/** Written in the content where the referrer's first name goes. */
export const REFERRER_NAME_PLACEHOLDER = '{referrer_name}';

export type ReferralLandingContent = {
  main_title: string;
  main_subtitle: string;
  hero_description: string;
  tagline: string;
  features: { icon: ReferralFeatureIcon; title: string; description: string }[];
  cta_subtitle: string;
  cta_text: string;
  /** One line for shares and previews; supports {referrer_name}. */
  short_message: string;
};

/**
 * The landing content used until an admin saves another (site_content key referral_landing,
 * PUT /api/admin/referral-landing). Product copy, not figures: nothing here claims a number.
 */
export const DEFAULT_REFERRAL_LANDING_CONTENT: ReferralLandingContent = {
  main_title: `${REFERRER_NAME_PLACEHOLDER} invited you to MYEAI`,
  main_subtitle: 'The community where business builders and traders grow together.',
  hero_description:
    'Run your pipeline in a built-in CRM, track every commission, follow the community’s Trading Compass and learn from practical video lessons, all in one place.',
  tagline: 'Build a business with purpose.',
  features: [
    { icon: 'users', title: 'Client relationships', description: 'Keep every lead, stage and follow-up in one simple pipeline.' },
    { icon: 'coins', title: 'Commissions you can follow', description: 'See what you earned, what is pending and when it will be paid.' },
    { icon: 'chart', title: 'Trading Compass', description: 'See where the community’s traders lean on each market, updated live.' },
    { icon: 'book', title: 'Learning hub', description: 'Short video lessons on sales, mindset, leadership and trading.' },
  ],
  cta_subtitle: `Join ${REFERRER_NAME_PLACEHOLDER} and start today.`,
  cta_text: 'Start my free access',
  short_message: `${REFERRER_NAME_PLACEHOLDER} invited you to MYEAI: ${TRIAL_LENGTH_DAYS} days of free access, no credit card.`,
};

function fill(text: string, name: string): string {
  return text.replaceAll(REFERRER_NAME_PLACEHOLDER, name);
}

/** The content with the referrer's first name (or "A friend") in place of {referrer_name}. */
export function fillReferralLandingContent(content: ReferralLandingContent, referrerFirstName: string | null): ReferralLandingContent {
  const name = referrerFirstName ?? FRIEND_FALLBACK_NAME;
  return {
    main_title: fill(content.main_title, name),
    main_subtitle: fill(content.main_subtitle, name),
    hero_description: fill(content.hero_description, name),
    tagline: fill(content.tagline, name),
    features: content.features.map((feature) => ({ icon: feature.icon, title: fill(feature.title, name), description: fill(feature.description, name) })),
    cta_subtitle: fill(content.cta_subtitle, name),
    cta_text: fill(content.cta_text, name),
    short_message: fill(content.short_message, name),
  };
}
