import { referralCodeFromInput } from './referral-rules.ts';

/**
 * The referral dashboard, analytics and attribution rules (spec 2 "Referral dashboard", sections 3
 * and 9; DESIGN.md decisions 29, 42 and 44; decision record 036).
 */

/** Spec 2 section 9: the dashboard's periods. */
export const REFERRAL_PERIODS_DAYS = [7, 30, 90] as const;
export type ReferralPeriodDays = (typeof REFERRAL_PERIODS_DAYS)[number];

/** Spec 2 section 9: top traffic sources first 5, team table first 10. */
export const TOP_SOURCES_LIMIT = 5;
export const TEAM_PREVIEW_LIMIT = 10;

/** The share text's code prefix is the share code (SHARE_CODE_PREFIX + code, referral-rules.ts). */

/**
 * Rank levels by credited referrals (sign-ups with the user's code that were not flagged away).
 * Thresholds are ours (the spec names the levels only): Diamond 100+, Gold 50+, Silver 20+,
 * Bronze 5+, Starter below.
 */
export const RANK_LEVELS = [
  { level: 'Diamond', min_referrals: 100 },
  { level: 'Gold', min_referrals: 50 },
  { level: 'Silver', min_referrals: 20 },
  { level: 'Bronze', min_referrals: 5 },
  { level: 'Starter', min_referrals: 0 },
] as const;
export type RankLevel = (typeof RANK_LEVELS)[number]['level'];
export const RANK_LEVEL_NAMES = RANK_LEVELS.map((entry) => entry.level) as [RankLevel, ...RankLevel[]];

export function rankLevel(totalReferrals: number): RankLevel {
  return (RANK_LEVELS.find((entry) => totalReferrals >= entry.min_referrals) ?? RANK_LEVELS[RANK_LEVELS.length - 1]!).level;
}

/** The next level and how many more referrals reach it; null at Diamond. */
export function nextRankLevel(totalReferrals: number): { level: RankLevel; referrals_needed: number } | null {
  const higher = [...RANK_LEVELS].reverse().find((entry) => entry.min_referrals > totalReferrals);
  return higher ? { level: higher.level, referrals_needed: higher.min_referrals - totalReferrals } : null;
}

/** Sign-ups per 100 clicks, one decimal; 0 with no clicks. */
export function clickToSignupRate(clicks: number, signups: number): number {
  if (clicks <= 0) return 0;
  return Math.round((signups / clicks) * 1000) / 10;
}

export const UTM_SOURCE_MAX = 64;
export const DIRECT_SOURCE = 'direct';

/** utm_source as stored: trimmed, lower case, letters, digits, dot, dash and underscore only; null when empty or unusable. */
export function normaliseUtmSource(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const value = input.trim().toLowerCase().slice(0, UTM_SOURCE_MAX);
  return /^[a-z0-9._-]+$/.test(value) ? value : null;
}

/**
 * A click's traffic source: its utm_source when the link carried one, else the referring site's host
 * without "www.", else "direct". The SQL of the analytics groups by the same expression
 * (coalesce(utm_source, referring_site, 'direct') over values stored through these functions).
 */
export function trafficSource(click: { utmSource: string | null; referringSite: string | null }): string {
  return click.utmSource ?? click.referringSite ?? DIRECT_SOURCE;
}

/** The referring host as stored for a click: "www." dropped so www.facebook.com and facebook.com are one source. */
export function sourceHost(host: string | null): string | null {
  if (!host) return null;
  return host.startsWith('www.') ? host.slice(4) || null : host;
}

/** The device breakdown's three classes; bots are never stored and an unknown agent is not a device. */
export const BREAKDOWN_DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export type BreakdownDevice = (typeof BREAKDOWN_DEVICES)[number];

/** The UTC days of a period ending today, oldest first (the daily chart's x axis). */
export function periodDays(today: Date, days: number): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_unused, index) => new Date(end - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10));
}

/** The first instant of a period of `days` UTC days ending today (today counts as one). */
export function periodStart(now: Date, days: number): Date {
  return new Date(`${periodDays(now, days)[0]}T00:00:00.000Z`);
}

// ---- Attribution (DESIGN.md decision 29) ----

/** The referral attribution window: separate from the 30-day product conversion window (ATTRIBUTION_WINDOW_DAYS). */
export const REFERRAL_ATTRIBUTION_WINDOW_DEFAULT_DAYS = 60;
export const REFERRAL_ATTRIBUTION_WINDOW_MIN_DAYS = 1;
export const REFERRAL_ATTRIBUTION_WINDOW_MAX_DAYS = 365;

/** A code seen at `seenAt` still counts at `now` when it is at most `windowDays` x 24 h old (the boundary counts). */
export function isWithinAttributionWindow(seenAt: Date, now: Date, windowDays: number): boolean {
  const age = now.getTime() - seenAt.getTime();
  return age >= 0 && age <= windowDays * 86_400_000;
}

export type SeenCode = { referrerId: string; seenAt: Date };

/**
 * Which referrer a sign-up is credited to: the first code this visitor followed within the window
 * (earliest first), else the code given with the sign-up. Codes of unknown users never reach here.
 */
export function attributedReferrer(input: { seen: SeenCode[]; givenReferrerId: string | null; now: Date; windowDays: number }): string | null {
  const first = input.seen
    .filter((touch) => isWithinAttributionWindow(touch.seenAt, input.now, input.windowDays))
    .sort((a, b) => a.seenAt.getTime() - b.seenAt.getTime())[0];
  return first?.referrerId ?? input.givenReferrerId;
}

/** Burst rule: this many sign-ups for one referrer from one hashed network address within the minutes below are flagged. */
export const BURST_SIGNUPS_THRESHOLD = 3;
export const BURST_WINDOW_MINUTES = 60;

export function isBurst(signupsFromAddressInWindow: number): boolean {
  return signupsFromAddressInWindow >= BURST_SIGNUPS_THRESHOLD;
}

export const REFERRAL_FLAG_REASONS = ['self_referral_account', 'self_referral_visitor', 'burst'] as const;
export type ReferralFlagReason = (typeof REFERRAL_FLAG_REASONS)[number];

export const REFERRAL_FLAG_REASON_LABELS: Record<ReferralFlagReason, string> = {
  self_referral_account: 'Own code used by the same account',
  self_referral_visitor: 'Signed up from a browser the referrer used',
  burst: `${BURST_SIGNUPS_THRESHOLD}+ sign-ups from one network address within ${BURST_WINDOW_MINUTES} minutes`,
};

/** The self-referral reasons of a sign-up: the same account, or a visitor id the referrer used. */
export function selfReferralReasons(input: {
  signupUserId: string;
  referrerId: string;
  signupVisitorHash: string | null;
  referrerVisitorHashes: readonly string[];
}): ReferralFlagReason[] {
  const reasons: ReferralFlagReason[] = [];
  if (input.signupUserId === input.referrerId) reasons.push('self_referral_account');
  if (input.signupVisitorHash && input.referrerVisitorHashes.includes(input.signupVisitorHash)) reasons.push('self_referral_visitor');
  return reasons;
}

export const REFERRAL_FLAG_STATUSES = ['open', 'cleared', 'confirmed'] as const;
export type ReferralFlagStatus = (typeof REFERRAL_FLAG_STATUSES)[number];

// ---- Migration (DESIGN.md decision 42) ----

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A legacy link of the old app carried the user id; kept resolving as an alias after the migration. */
export function legacyUserIdAlias(input: string | null | undefined): string | null {
  const value = input?.trim() ?? '';
  return UUID.test(value) ? value.toLowerCase() : null;
}

/** A stored code that is not a current opaque code (the migration replaces it and keeps it as an alias). */
export function isCurrentReferralCode(code: string): boolean {
  return referralCodeFromInput(code) === code;
}

/** How an alias is written and looked up: trimmed, upper case for codes, lower case for ids. */
export function aliasKey(input: string | null | undefined): string | null {
  const value = input?.trim() ?? '';
  if (!value || value.length > 64) return null;
  return legacyUserIdAlias(value) ?? value.toUpperCase();
}

export type MigrationOutcome = 'updated' | 'skipped' | 'error';
