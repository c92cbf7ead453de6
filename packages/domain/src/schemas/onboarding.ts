import { z } from 'zod';
import {
  AGE_RANGES,
  CONTACT_PREFERENCES,
  CONTACT_TIMES,
  DEFAULT_CONTACT_PREFERENCE,
  DEFAULT_CONTACT_TIME,
  INCOME_LEVELS,
  LEARNING_STYLES,
  RISK_TOLERANCE,
  TIME_AVAILABILITY,
  TRADING_EXPERIENCE,
} from '../onboarding/questionnaire.ts';

/** Onboarding API paths (the questionnaire and the referral code lookup). */
export const onboardingPaths = {
  referralLookup: '/api/referrals/lookup',
  profile: '/api/referrals/profile',
} as const;

const text = (max: number) => z.string().trim().max(max, `Keep this under ${max} characters.`).nullable().default(null);
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values).nullable().default(null);

/** The profile questionnaire plus the optional referral code (POST /api/referrals/profile). */
export const ProfileQuestionnaireSchema = z.strictObject({
  age_range: choice(AGE_RANGES),
  location: text(120),
  income_level: choice(INCOME_LEVELS),
  trading_experience: choice(TRADING_EXPERIENCE),
  motivation: text(1000),
  risk_tolerance: choice(RISK_TOLERANCE),
  time_availability: choice(TIME_AVAILABILITY),
  learning_style: choice(LEARNING_STYLES),
  financial_goals: text(1000),
  biggest_challenge: text(1000),
  ideal_trading_day: text(1000),
  contact_preference: z.enum(CONTACT_PREFERENCES).default(DEFAULT_CONTACT_PREFERENCE),
  best_contact_time: z.enum(CONTACT_TIMES).default(DEFAULT_CONTACT_TIME),
  referral_code: z.string().trim().max(64).nullable().default(null),
});
export type ProfileQuestionnaireInput = z.input<typeof ProfileQuestionnaireSchema>;
export type ProfileQuestionnaire = z.output<typeof ProfileQuestionnaireSchema>;

export const ReferrerSchema = z.object({ name: z.string(), referral_code: z.string() });

export const SaveProfileResponseSchema = z.object({
  status: z.literal('success'),
  /** attached: this save linked the referrer; already_referred: the account had one, unchanged; none: no code given. */
  referral: z.enum(['attached', 'already_referred', 'none']),
  referrer: ReferrerSchema.nullable(),
});

export const OnboardingProfileSchema = z.object({
  profile: ProfileQuestionnaireSchema.omit({ referral_code: true }).nullable(),
  referrer: ReferrerSchema.nullable(),
});

export const ReferralLookupQuerySchema = z.object({ code: z.string().trim().min(1, 'Enter a referral code.').max(64) });
export const ReferralLookupSchema = z.object({ status: z.literal('success'), referrer: ReferrerSchema });
