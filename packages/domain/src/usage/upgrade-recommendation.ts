import type { AccessLevelName } from '../trial/access-level.ts';
import { isTrialFeatureAvailable, TRIAL_FEATURES, TRIAL_LENGTH_DAYS, TRIAL_STAGES } from '../trial/trial-stages.ts';
import type { EngagementLevel } from './engagement.ts';

export type Urgency = 'high' | 'medium' | 'low';

/** Shown with urgency high only when a promotion is configured and the checkout applies it (DESIGN.md item 19). */
export const FIRST_MONTH_PROMOTION_TEXT = 'Limited Time: Upgrade today and save 20% on your first month!';

export type RecommendationInput = {
  accessLevel: AccessLevelName;
  level: EngagementLevel;
  /** Trial day (1-7) while a trial runs, else 0. */
  trialDay: number;
  daysRemaining: number;
  /** The active first-month promotion's text, or null when none is configured. */
  promotionText: string | null;
};

export type Recommendation = {
  should_show_prompt: boolean;
  recommendation: { message: string; features_highlight: string[]; urgency: Urgency; urgency_message: string | null; promotion: string | null };
};

/** What a plan adds, named only by features that are built (DESIGN.md decision 34). */
const FULL_ACCESS_HIGHLIGHTS = ['Real-time Trading Compass', TRIAL_FEATURES.trading_alerts, TRIAL_FEATURES.trader_breakdown];

/**
 * When to show the newcomer's upgrade prompt, what it says and how urgent it is. Subscribers and
 * users who never had a trial see none (the preview banner covers them). An expired trial, or a
 * running one with at most a day left, is urgent; a highly engaged user or one with at most three
 * days left is prompted with medium urgency; a little-engaged user early in the trial is not prompted.
 */
export function upgradeRecommendation(input: RecommendationInput): Recommendation {
  const upcoming = TRIAL_STAGES.filter((stage) => stage.day > input.trialDay).flatMap((stage) => stage.features.filter(isTrialFeatureAvailable).map((f) => TRIAL_FEATURES[f]));
  const features_highlight = input.accessLevel === 'trial' && upcoming.length > 0 ? upcoming.slice(0, 3) : FULL_ACCESS_HIGHLIGHTS;
  const none = (message: string): Recommendation => ({
    should_show_prompt: false,
    recommendation: { message, features_highlight, urgency: 'low', urgency_message: null, promotion: null },
  });
  if (input.accessLevel === 'subscriber') return none('You have full access with your subscription.');
  if (input.accessLevel === 'preview') return none(`Activate your free ${TRIAL_LENGTH_DAYS}-day trial to explore every feature.`);

  let urgency: Urgency;
  let message: string;
  if (input.accessLevel === 'expired_trial') {
    urgency = 'high';
    message = 'Your trial has ended. Upgrade to get your tools and the live Trading Compass back.';
  } else if (input.daysRemaining < 1) {
    urgency = 'high';
    message = 'Your trial ends today. Upgrade now to keep everything you unlocked.';
  } else if (input.level === 'high' || input.daysRemaining <= 3) {
    urgency = 'medium';
    message =
      input.level === 'high'
        ? 'You are making the most of your trial. Upgrade to keep full access when it ends.'
        : `Your trial ends in ${input.daysRemaining} day${input.daysRemaining === 1 ? '' : 's'}. Upgrade to keep full access.`;
  } else {
    urgency = 'low';
    message = input.level === 'medium' ? 'Enjoying MYEAI? Upgrade any time to keep full access.' : 'Explore your unlocked features to get the most out of your trial.';
  }
  const should_show_prompt = urgency !== 'low' || input.level !== 'low';
  const promotion = urgency === 'high' ? input.promotionText : null;
  return {
    should_show_prompt,
    recommendation: {
      message,
      features_highlight,
      urgency,
      urgency_message: urgency === 'high' ? (promotion ?? 'Upgrade today to keep your access without interruption.') : null,
      promotion,
    },
  };
}
