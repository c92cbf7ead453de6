import { z } from 'zod';
import { DEFAULT_REFERRAL_LANDING_CONTENT, REFERRAL_FEATURE_ICONS, TIME_ON_PAGE_MAX_SECONDS } from '../referrals/referral-rules.ts';

/** Referral API paths (the short link /r/:code included). */
export const referralsPaths = {
  stats: '/api/referral/stats',
  shortLink: '/r/:code',
  join: '/api/join',
  adminLanding: '/api/admin/referral-landing',
  trackPageTime: '/api/track/page-time',
  trackCtaClick: '/api/track/cta-click',
} as const;

/** GET /api/referral/stats (spec 1 section 3, wrapped in data; money in integer cents). */
export const ReferralStatsResponseSchema = z.object({
  data: z.object({
    /** Distinct visitors who followed the short link today (UTC). */
    clicks_today: z.number().int(),
    /** Users who signed up with this user's code. */
    total_referrals: z.number().int(),
    /** Of those, the ones who signed up today (UTC). */
    conversions_today: z.number().int(),
    /** Commissions earned this calendar month. */
    monthly_commission_cents: z.number().int(),
    /** Every commission in the user's ledger. */
    total_commission_cents: z.number().int(),
    short_link: z.string(),
    referral_link: z.string(),
    referral_code: z.string(),
    user_name: z.string(),
  }),
});
export type ReferralStats = z.infer<typeof ReferralStatsResponseSchema>['data'];

const text = (max: number) => z.string().trim().min(1).max(max);

/** The referral landing page's editable content; {referrer_name} is replaced by the referrer's first name. */
export const ReferralLandingContentSchema = z.strictObject({
  main_title: text(120),
  main_subtitle: text(200),
  hero_description: text(600),
  tagline: text(120),
  features: z
    .array(z.strictObject({ icon: z.enum(REFERRAL_FEATURE_ICONS), title: text(80), description: text(240) }))
    .min(1)
    .max(8),
  cta_subtitle: text(200),
  cta_text: text(60),
  // Content saved before short_message existed reads with the default.
  short_message: text(200).default(DEFAULT_REFERRAL_LANDING_CONTENT.short_message),
});

export const ReferralLandingContentResponseSchema = z.object({
  content: ReferralLandingContentSchema,
  /** Null: the default content is in use (no admin has saved any). */
  updated_at: z.string().nullable(),
});

export const JoinQuerySchema = z.object({ ref: z.string().max(64).optional() });

/** GET /api/join?ref=CODE (public): first name only, never an e-mail or full name (T-17). */
export const JoinResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    /** Server-issued and signed; the page sends it back with its reports. */
    visitor_id: z.string(),
    referral_code: z.string(),
    referrer_name: z.string(),
    content: ReferralLandingContentSchema,
  }),
});
export type JoinResponse = z.infer<typeof JoinResponseSchema>;

const visitorId = z.string().min(1).max(100);
const referralCode = z.string().min(1).max(40);

/** POST /api/track/page-time, sent when the visitor leaves the landing page. */
export const TrackPageTimeInputSchema = z.strictObject({
  visitor_id: visitorId,
  referral_code: referralCode,
  time_on_page_seconds: z.number().min(0).max(TIME_ON_PAGE_MAX_SECONDS),
});
export type TrackPageTimeInput = z.infer<typeof TrackPageTimeInputSchema>;

/** POST /api/track/cta-click, sent when the visitor clicks the call to action. */
export const TrackCtaClickInputSchema = z.strictObject({
  visitor_id: visitorId,
  referral_code: referralCode,
});
export type TrackCtaClickInput = z.infer<typeof TrackCtaClickInputSchema>;
