/**
 * The 7-day newcomer trial and its staged unlocks (spec 1 section 4, DESIGN.md section 4):
 * a stage is unlocked when the trial day is at or beyond its day, counted from trial start.
 * Day 1 is the first 24 hours after the start, day 3 begins exactly 48 hours after it.
 */
export const TRIAL_LENGTH_DAYS = 7;
export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * The features a running trial opens, by stage (DESIGN.md decision 35): the route table decides
 * which screens a role may open; these stages decide only what opens inside screens a newcomer
 * may open. Features of other roles (lead management, commission tracking, affiliate links,
 * products) are not trial days and are not listed.
 */
export const TRIAL_FEATURES = {
  business_hub: 'Business Hub',
  goal_progress: 'Goals & Progress',
  basic_learning_hub: 'Basic Learning Hub',
  trading_compass_live: 'Trading Compass (live, standard timeframes)',
  premium_trading_compass: 'Premium Trading Compass',
  advanced_learning_modules: 'Advanced Learning Modules',
  full_learning_library: 'Full Learning Library',
  trading_alerts: 'Trading Alerts',
  trader_breakdown: 'Trader Breakdown',
} as const;
export type TrialFeature = keyof typeof TRIAL_FEATURES;
export const TRIAL_FEATURE_KEYS = Object.keys(TRIAL_FEATURES) as TrialFeature[];

export type TrialStage = { day: number; name: string; features: readonly TrialFeature[] };

/** The one unlock table: read by the API guards, the unlocked-features call, the journey and the sidebar. */
export const TRIAL_STAGES: readonly TrialStage[] = [
  { day: 1, name: 'Welcome Package', features: ['business_hub', 'goal_progress', 'basic_learning_hub', 'trading_compass_live'] },
  { day: 3, name: 'Trading Powerup', features: ['premium_trading_compass', 'advanced_learning_modules'] },
  { day: 5, name: 'CEO Tools', features: ['full_learning_library'] },
  { day: 7, name: 'Full Access', features: ['trading_alerts', 'trader_breakdown'] },
];

/**
 * The screen of the route table where each staged feature is used. Goals are set in onboarding
 * and followed on /goal-progress, which every role may open.
 */
export const TRIAL_FEATURE_SCREENS: Readonly<Record<TrialFeature, string>> = {
  business_hub: '/dashboard',
  goal_progress: '/goal-progress',
  basic_learning_hub: '/learning-hub',
  trading_compass_live: '/trading-compass',
  premium_trading_compass: '/trading-compass',
  advanced_learning_modules: '/learning-hub',
  full_learning_library: '/learning-hub',
  trading_alerts: '/notifications',
  trader_breakdown: '/trading-compass',
};

/**
 * Staged features whose screen is not built yet (DESIGN.md decision 34): the journey shows them
 * as "in development", never as unlocked, and nothing links to them (a web test checks this list
 * against the screens the web app registers). Empty since the learning hub was built (issue 20).
 */
export const TRIAL_FEATURES_IN_DEVELOPMENT: ReadonlySet<TrialFeature> = new Set<TrialFeature>([]);

export const isTrialFeatureAvailable = (feature: TrialFeature): boolean => !TRIAL_FEATURES_IN_DEVELOPMENT.has(feature);

export function trialEndsAt(startedAt: Date, days = TRIAL_LENGTH_DAYS): Date {
  return new Date(startedAt.getTime() + days * DAY_MS);
}

/** Day of the trial at `now`: 1 during the first 24 hours, 2 from 24 hours on, and so on; 0 before the start. */
export function trialDay(startedAt: Date, now: Date): number {
  const elapsed = now.getTime() - startedAt.getTime();
  if (elapsed < 0) return 0;
  return Math.floor(elapsed / DAY_MS) + 1;
}

export function stageOf(feature: TrialFeature): TrialStage {
  const stage = TRIAL_STAGES.find((s) => s.features.includes(feature));
  if (!stage) throw new Error(`feature ${feature} is in no stage`);
  return stage;
}

export function isFeatureUnlockedOnDay(feature: TrialFeature, day: number): boolean {
  return day >= stageOf(feature).day;
}

/** The one text for a staged feature refused before its day: "Premium Trading Compass unlocks on day 3 of your trial." */
export function featureUnlocksOnDayMessage(feature: TrialFeature): string {
  return `${TRIAL_FEATURES[feature]} unlocks on day ${stageOf(feature).day} of your trial.`;
}

export type StageStatus = 'unlocked' | 'coming_soon' | 'locked';

export type StageFeature = { key: TrialFeature; name: string; available: boolean };

export type UnlockedFeatures = {
  unlocked_features: string[];
  trial_day: number;
  next_unlock_day: number | null;
  days_until_next_unlock: number | null;
  stages: { day: number; name: string; features: StageFeature[]; status: StageStatus; available: boolean }[];
};

/**
 * The unlocked-features answer for a trial day (0 = no running trial: nothing unlocked, every
 * stage locked). The first stage not yet unlocked is "Coming Soon". A feature in development is
 * never in `unlocked_features`, and a stage with none of its features built is not `available`.
 */
export function unlockedFeaturesForDay(day: number): UnlockedFeatures {
  const next = day >= 1 ? TRIAL_STAGES.find((stage) => stage.day > day) : undefined;
  return {
    unlocked_features: TRIAL_STAGES.filter((s) => day >= 1 && day >= s.day).flatMap((s) => s.features.filter(isTrialFeatureAvailable).map((f) => TRIAL_FEATURES[f])),
    trial_day: day,
    next_unlock_day: next?.day ?? null,
    days_until_next_unlock: next ? next.day - day : null,
    stages: TRIAL_STAGES.map((stage) => ({
      day: stage.day,
      name: stage.name,
      features: stage.features.map((key) => ({ key, name: TRIAL_FEATURES[key], available: isTrialFeatureAvailable(key) })),
      status: day >= 1 && day >= stage.day ? 'unlocked' : stage === next ? 'coming_soon' : 'locked',
      available: stage.features.some(isTrialFeatureAvailable),
    })),
  };
}

export type RemainingTime = { days: number; hours: number; minutes: number };

/** Whole days, hours and minutes left until `endsAt` (all 0 once it has passed). */
export function remainingTime(endsAt: Date, now: Date): RemainingTime {
  const left = Math.max(0, endsAt.getTime() - now.getTime());
  return {
    days: Math.floor(left / DAY_MS),
    hours: Math.floor((left % DAY_MS) / HOUR_MS),
    minutes: Math.floor((left % HOUR_MS) / MINUTE_MS),
  };
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * The three display formats of spec 1 section 4: days and hours while a day or more is left,
 * hours and minutes while an hour or more is left, else minutes only.
 */
export function formatRemainingTime(time: RemainingTime): string {
  if (time.days > 0) return `${plural(time.days, 'day')} ${plural(time.hours, 'hour')}`;
  if (time.hours > 0) return `${plural(time.hours, 'hour')} ${plural(time.minutes, 'minute')}`;
  return plural(time.minutes, 'minute');
}

/**
 * The trial banner's sentence. The trial's length is read from its stored start and end, not the
 * usual 7 days: after an admin extended it, "13 days left in your 7-day trial" would be untrue
 * (issue 26), so an extended trial says so.
 */
export function trialTimeLeftText(time: RemainingTime, startedAt: Date, endsAt: Date): string {
  const lengthDays = Math.round((endsAt.getTime() - startedAt.getTime()) / DAY_MS);
  const left = formatRemainingTime(time);
  return lengthDays === TRIAL_LENGTH_DAYS ? `${left} left in your ${TRIAL_LENGTH_DAYS}-day trial.` : `${left} left in your trial, extended to ${lengthDays} days.`;
}

export type BannerTone = 'red' | 'orange' | 'yellow' | 'blue';

/** The user's trial banner tone (spec 1 section 4; DESIGN.md section 3 item 20). */
export function trialBannerTone(status: { is_expired: boolean; days_remaining: number }): BannerTone {
  if (status.is_expired) return 'red';
  if (status.days_remaining === 0) return 'orange';
  if (status.days_remaining <= 2) return 'yellow';
  return 'blue';
}

export type AdminDaysLeftColor = 'green' | 'orange' | 'red';

/** The admin's recent-trials colour (spec 3 section 9; DESIGN.md section 3 item 20). */
export function adminDaysLeftColor(daysLeft: number): AdminDaysLeftColor {
  if (daysLeft > 3) return 'green';
  if (daysLeft > 1) return 'orange';
  return 'red';
}

/** An admin extension adds days to the later of now and the current end (reliability catalogue T-99). */
export function extendedTrialEnd(currentEnd: Date, now: Date, days: number): Date {
  return new Date(Math.max(currentEnd.getTime(), now.getTime()) + days * DAY_MS);
}
