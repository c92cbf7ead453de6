import { getPlan, PLANS, planFeatureLines, type PlanId } from '../subscriptions/plans.ts';
import { DAY_MS, TRIAL_FEATURE_SCREENS, TRIAL_FEATURES, TRIAL_STAGES, type StageStatus, type TrialFeature } from '../trial/trial-stages.ts';
import { decideAccess } from './access-rules.ts';
import type { Role } from './roles.ts';
import { findScreen, type ScreenPath } from './screens.ts';

/**
 * The Business Hub is a home per active role (DESIGN.md decision 45, docs/decisions/050): one
 * table, like the route table, says which home each role gets and which sections it shows, each
 * section leading to a screen of the route table that the role may open. The web page draws the
 * sections in this order; the server answers GET /api/dashboard/home with the home's data.
 */
export const HOME_KINDS = ['cockpit', 'subscriber', 'investor', 'trial', 'trader', 'admin'] as const;
export type HomeKind = (typeof HOME_KINDS)[number];

export const HOME_SECTION_KEYS = [
  'plan',
  'picked_assets',
  'followed_cells',
  'recent_alerts',
  'next_plan',
  'recent_consensus',
  'learning',
  'trial_checklist',
  'try_now',
  'votes_needed',
  'pending_goals',
  'support_requests',
  'failed_jobs',
  'commissions_waiting',
  'verified_traders',
] as const;
export type HomeSectionKey = (typeof HOME_SECTION_KEYS)[number];

/** A section of a home: its heading and the screen its link opens (a screen of the route table). */
export type HomeSection = { key: HomeSectionKey; title: string; link: { path: ScreenPath; label: string } };

export type RoleHome = {
  kind: HomeKind;
  /** The line under "Welcome back, <name>": what this home is for. */
  intro: string;
  /** Empty for the cockpit, which keeps the affiliate's figures, pipeline and quick actions. */
  sections: readonly HomeSection[];
};

const SECTIONS = {
  plan: { key: 'plan', title: 'Your plan', link: { path: '/trading-subscription', label: 'Manage your plan' } },
  picked_assets: { key: 'picked_assets', title: 'Your assets', link: { path: '/trading-compass', label: 'Your assets on the Trading Compass' } },
  followed_cells: { key: 'followed_cells', title: 'Cells you follow', link: { path: '/trading-compass', label: 'Follow cells on the Trading Compass' } },
  recent_alerts: { key: 'recent_alerts', title: 'Recent alerts', link: { path: '/notifications', label: 'All notifications' } },
  next_plan: { key: 'next_plan', title: 'What the next plan adds', link: { path: '/trading-subscription', label: 'Compare plans' } },
  recent_consensus: { key: 'recent_consensus', title: 'Latest consensus of the Elite Pool', link: { path: '/trading-compass', label: 'The whole grid on the Trading Compass' } },
  learning: { key: 'learning', title: 'Learning', link: { path: '/learning-hub', label: 'Open the Learning Hub' } },
  trial_checklist: { key: 'trial_checklist', title: 'Your trial, day by day', link: { path: '/trading-subscription', label: 'See plans' } },
  try_now: { key: 'try_now', title: 'Try now', link: { path: '/learning-hub', label: 'Open the Learning Hub' } },
  votes_needed: { key: 'votes_needed', title: 'Windows that need your vote', link: { path: '/trader-dashboard', label: 'Open the Trader Dashboard' } },
  pending_goals: { key: 'pending_goals', title: 'Goals to review', link: { path: '/goals', label: 'Review goals' } },
  support_requests: { key: 'support_requests', title: 'Open support requests', link: { path: '/admin-comprehensive-dashboard', label: 'Answer on the Comprehensive Dashboard' } },
  failed_jobs: { key: 'failed_jobs', title: 'Failed background operations', link: { path: '/admin-comprehensive-dashboard', label: 'Retry on the Comprehensive Dashboard' } },
  commissions_waiting: { key: 'commissions_waiting', title: 'Commissions waiting for payout', link: { path: '/admin/payouts', label: 'Prepare a payout batch' } },
  verified_traders: { key: 'verified_traders', title: 'Verified traders', link: { path: '/trading-compass', label: 'The track record on the Trading Compass' } },
} as const satisfies Record<HomeSectionKey, HomeSection>;

const SUBSCRIBER_HOME: RoleHome = {
  kind: 'subscriber',
  intro: 'Your plan, your markets and what changed on the cells you follow.',
  sections: [SECTIONS.plan, SECTIONS.picked_assets, SECTIONS.followed_cells, SECTIONS.recent_alerts, SECTIONS.next_plan],
};

/** The one table: every role has a home. */
export const ROLE_HOMES: Readonly<Record<Role, RoleHome>> = {
  affiliate: { kind: 'cockpit', intro: 'Your Business Hub: everything you need to grow, in one place.', sections: [] },
  subscriber: SUBSCRIBER_HOME,
  // A Free User (a plan that ended) sees the same home: no plan, and what a plan gives.
  subscriber_free: SUBSCRIBER_HOME,
  investor: {
    kind: 'investor',
    intro: 'Where the Elite Pool leans on the markets you follow, and what to learn next.',
    sections: [SECTIONS.recent_consensus, SECTIONS.verified_traders, SECTIONS.followed_cells, SECTIONS.learning],
  },
  newcomer: {
    kind: 'trial',
    intro: 'Your free trial, day by day: what is open now and what opens next.',
    sections: [SECTIONS.trial_checklist, SECTIONS.try_now],
  },
  trader: {
    kind: 'trader',
    intro: 'The entry windows waiting for your vote come first.',
    sections: [SECTIONS.votes_needed, SECTIONS.recent_consensus],
  },
  admin: {
    kind: 'admin',
    intro: "Today's work: what is waiting for an admin.",
    sections: [SECTIONS.pending_goals, SECTIONS.support_requests, SECTIONS.failed_jobs, SECTIONS.commissions_waiting],
  },
};

export function homeOf(role: Role): RoleHome {
  return ROLE_HOMES[role];
}

/** Whether `role` may open the screen at `path` (the route table's rule). */
export function roleMayOpen(role: Role, path: string): boolean {
  const screen = findScreen(path);
  return screen !== undefined && decideAccess(screen.access, { activeRole: role }) === 'allowed';
}

/** The next longer plan and the card lines it has that `current` has not; null on the longest plan. */
export function nextPlanOf(current: PlanId | null): { id: PlanId; name: string; adds: string[] } | null {
  const index = current === null ? -1 : PLANS.findIndex((plan) => plan.id === current);
  const next = PLANS[index + 1];
  if (!next) return null;
  const had = current === null ? [] : planFeatureLines(getPlan(current));
  return { id: next.id, name: next.name, adds: planFeatureLines(next).filter((line) => !had.includes(line)) };
}

export type TrialChecklistStage = { day: number; name: string; status: StageStatus; opens_on: string | null; features: string[] };

/**
 * The newcomer's checklist from the one stage table: each stage with the instant it opens, counted
 * from the trial's start (day 3 opens 48 hours after it). Before a trial runs (`startedAt` null,
 * day 0) every stage is locked and undated: the list says what starting the trial opens.
 */
export function trialChecklist(startedAt: Date | null, day: number): TrialChecklistStage[] {
  const next = startedAt ? TRIAL_STAGES.find((stage) => stage.day > day) : undefined;
  return TRIAL_STAGES.map((stage) => ({
    day: stage.day,
    name: stage.name,
    status: startedAt && day >= stage.day ? 'unlocked' : stage === next ? 'coming_soon' : 'locked',
    opens_on: startedAt ? new Date(startedAt.getTime() + (stage.day - 1) * DAY_MS).toISOString() : null,
    features: stage.features.map((feature) => TRIAL_FEATURES[feature]),
  }));
}

export type TryNowItem = { feature: TrialFeature; name: string; path: ScreenPath };

/**
 * What a newcomer can try on trial day `day`: the unlocked features of the stage table, each on
 * its screen, newest stage first, one item per screen, never the Business Hub itself (the page
 * they are on) nor a screen the newcomer may not open.
 */
export function tryNow(day: number): TryNowItem[] {
  const items: TryNowItem[] = [];
  for (const stage of [...TRIAL_STAGES].reverse()) {
    if (day < stage.day) continue;
    for (const feature of stage.features) {
      const path = TRIAL_FEATURE_SCREENS[feature] as ScreenPath;
      if (path === '/dashboard' || !roleMayOpen('newcomer', path) || items.some((item) => item.path === path)) continue;
      items.push({ feature, name: TRIAL_FEATURES[feature], path });
    }
  }
  return items;
}

/**
 * The roles a user may switch to from `activeRole`: the others they hold, except the newcomer
 * role once they hold subscriber (a paid plan replaces the trial, so its home has nothing left).
 */
export function rolesToSwitchTo(roles: readonly Role[], activeRole: Role): Role[] {
  return roles.filter((role) => role !== activeRole && !(role === 'newcomer' && roles.includes('subscriber')));
}
