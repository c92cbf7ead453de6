/** Options of the onboarding profile questionnaire (spec 2 section 5). */
export const AGE_RANGES = ['18-25', '26-35', '36-45', '46-55', '55+'] as const;
export const TRADING_EXPERIENCE = ['beginner', 'intermediate', 'advanced'] as const;
export const INCOME_LEVELS = ['0-30k', '30-60k', '60-100k', '100k+'] as const;
/** Hours a week. */
export const TIME_AVAILABILITY = ['1-5', '5-10', '10-20', '20+'] as const;
export const RISK_TOLERANCE = ['conservative', 'moderate', 'aggressive'] as const;
export const LEARNING_STYLES = ['video', 'text', 'hands-on', 'mentoring'] as const;
export const CONTACT_PREFERENCES = ['email', 'phone', 'sms'] as const;
export const CONTACT_TIMES = ['morning', 'afternoon', 'evening'] as const;

export const DEFAULT_CONTACT_PREFERENCE = 'email' satisfies (typeof CONTACT_PREFERENCES)[number];
export const DEFAULT_CONTACT_TIME = 'evening' satisfies (typeof CONTACT_TIMES)[number];

export const OPTION_LABELS: Record<string, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
  '0-30k': '$0 - $30k',
  '30-60k': '$30k - $60k',
  '60-100k': '$60k - $100k',
  '100k+': '$100k+',
  '1-5': '1-5 hours a week',
  '5-10': '5-10 hours a week',
  '10-20': '10-20 hours a week',
  '20+': '20+ hours a week',
  conservative: 'Conservative',
  moderate: 'Moderate',
  aggressive: 'Aggressive',
  video: 'Video',
  text: 'Text',
  'hands-on': 'Hands-on',
  mentoring: 'Mentoring',
  email: 'Email',
  phone: 'Phone',
  sms: 'SMS',
  morning: 'Morning',
  afternoon: 'Afternoon',
  evening: 'Evening',
};

export const ONBOARDING_ERROR_MESSAGE = 'There was an error processing your information. Please try again.';
export const OWN_REFERRAL_CODE_MESSAGE = 'You cannot use your own referral code.';
export const UNKNOWN_REFERRAL_CODE_MESSAGE = 'Invalid referral code';

/** What a referrer's name shows to someone else: the first name only (reliability catalogue T-17). */
export function referrerDisplayName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}
