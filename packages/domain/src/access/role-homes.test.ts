import { describe, expect, it } from 'vitest';
import { DAY_MS, TRIAL_STAGES, trialTimeLeftText } from '../trial/trial-stages.ts';
import { homeOf, nextPlanOf, ROLE_HOMES, roleMayOpen, rolesToSwitchTo, trialChecklist, tryNow } from './role-homes.ts';
import { ROLES } from './roles.ts';
import { quickActionsFor } from './quick-actions.ts';
import { findScreen } from './screens.ts';

describe('ROLE_HOMES (the Business Hub per active role, DESIGN.md decision 45)', () => {
  it('gives every role a home; the affiliate keeps the cockpit and no other role gets it', () => {
    for (const role of ROLES) expect(homeOf(role)).toBeDefined();
    expect(ROLES.filter((role) => homeOf(role).kind === 'cockpit')).toEqual(['affiliate']);
    expect(homeOf('subscriber').kind).toBe('subscriber');
    expect(homeOf('subscriber_free').kind).toBe('subscriber');
    expect(homeOf('investor').kind).toBe('investor');
    expect(homeOf('newcomer').kind).toBe('trial');
    expect(homeOf('trader').kind).toBe('trader');
    expect(homeOf('admin').kind).toBe('admin');
  });

  it.each(ROLES)('every link of the %s home leads to a screen of the route table that the role may open', (role) => {
    for (const section of ROLE_HOMES[role].sections) {
      expect(findScreen(section.link.path), section.key).toBeDefined();
      expect(roleMayOpen(role, section.link.path), `${role} → ${section.link.path}`).toBe(true);
    }
  });

  it.each(ROLES)('the %s home names each link once, and never like a quick action (each link is found by its name)', (role) => {
    const labels = ROLE_HOMES[role].sections.map((section) => section.link.label);
    expect(new Set(labels).size).toBe(labels.length);
    const quickActions = quickActionsFor({ activeRole: role }, () => true).map((action) => action.title);
    for (const label of labels) expect(quickActions).not.toContain(label);
  });

  it('says what each role can act on, in the order the issue lists it', () => {
    expect(homeOf('subscriber').sections.map((s) => s.key)).toEqual(['plan', 'picked_assets', 'followed_cells', 'recent_alerts', 'next_plan']);
    expect(homeOf('investor').sections.map((s) => s.key)).toEqual(['recent_consensus', 'verified_traders', 'followed_cells', 'learning']);
    expect(homeOf('newcomer').sections.map((s) => s.key)).toEqual(['trial_checklist', 'try_now']);
    expect(homeOf('trader').sections[0]!.key).toBe('votes_needed');
    expect(homeOf('admin').sections.map((s) => s.key)).toEqual(['pending_goals', 'support_requests', 'failed_jobs', 'commissions_waiting']);
  });

  it('sends no investor, subscriber or newcomer into the onboarding wizard nor to affiliate tools', () => {
    for (const role of ['investor', 'subscriber', 'subscriber_free', 'newcomer'] as const) {
      const paths = homeOf(role).sections.map((s) => s.link.path as string);
      expect(paths).not.toContain('/onboarding');
      expect(paths).not.toContain('/leads');
      expect(paths).not.toContain('/commissions');
    }
  });
});

describe('nextPlanOf (what the next plan adds)', () => {
  it('names the next longer plan and only the card lines the current plan lacks', () => {
    expect(nextPlanOf('weekly')).toEqual({ id: '4weeks', name: '4 Weeks', adds: ['28 days of access', '6 assets', '30 days history', 'Immediate alerts', 'Trader breakdown'] });
    expect(nextPlanOf('12weeks')).toEqual({ id: '52weeks', name: '52 Weeks', adds: ['365 days of access', 'All assets', 'Unlimited history'] });
  });

  it('without a plan: the first plan, all of it; on the longest plan: nothing', () => {
    expect(nextPlanOf(null)?.id).toBe('weekly');
    expect(nextPlanOf(null)?.adds).toContain('Daily alerts');
    expect(nextPlanOf('52weeks')).toBeNull();
  });
});

describe('trialChecklist and tryNow (from the one stage table)', () => {
  const start = new Date('2026-11-20T09:30:00.000Z');

  it('dates each stage from the trial start and marks the next one', () => {
    const list = trialChecklist(start, 2);
    expect(list.map((s) => [s.day, s.status])).toEqual([
      [1, 'unlocked'],
      [3, 'coming_soon'],
      [5, 'locked'],
      [7, 'locked'],
    ]);
    expect(list[1]!.opens_on).toBe(new Date(start.getTime() + 2 * DAY_MS).toISOString());
    expect(list[1]!.features).toEqual(['Premium Trading Compass', 'Advanced Learning Modules']);
    expect(list).toHaveLength(TRIAL_STAGES.length);
  });

  it('before a trial runs: every stage locked and undated, so the home says what starting it opens', () => {
    expect(trialChecklist(null, 0).map((s) => [s.status, s.opens_on])).toEqual(TRIAL_STAGES.map(() => ['locked', null]));
  });

  it('offers the unlocked screens a newcomer may open, newest stage first, each screen once, never the Hub itself', () => {
    expect(tryNow(1).map((i) => i.path)).toEqual(['/goal-progress', '/learning-hub', '/trading-compass']);
    expect(tryNow(7).map((i) => [i.feature, i.path])).toEqual([
      ['trading_alerts', '/notifications'],
      ['trader_breakdown', '/trading-compass'],
      ['full_learning_library', '/learning-hub'],
      ['goal_progress', '/goal-progress'],
    ]);
    expect(tryNow(0)).toEqual([]);
    for (const item of tryNow(7)) expect(roleMayOpen('newcomer', item.path)).toBe(true);
  });
});

describe('rolesToSwitchTo (the sidebar role switch)', () => {
  it('offers the other roles held, not the current one', () => {
    expect(rolesToSwitchTo(['trader', 'affiliate', 'admin'], 'affiliate')).toEqual(['trader', 'admin']);
  });

  it('a buyer (newcomer and subscriber) has nothing worth switching to: the plan replaced the trial', () => {
    expect(rolesToSwitchTo(['newcomer', 'subscriber'], 'subscriber')).toEqual([]);
    expect(rolesToSwitchTo(['newcomer', 'subscriber'], 'newcomer')).toEqual(['subscriber']);
    expect(rolesToSwitchTo(['newcomer', 'affiliate'], 'affiliate')).toEqual(['newcomer']);
  });
});

describe('trialTimeLeftText (the trial banner)', () => {
  const start = new Date('2026-11-20T00:00:00.000Z');
  const time = { days: 13, hours: 2, minutes: 0 };

  it('names the usual 7-day trial', () => {
    expect(trialTimeLeftText({ days: 3, hours: 0, minutes: 0 }, start, new Date(start.getTime() + 7 * DAY_MS))).toBe('3 days 0 hours left in your 7-day trial.');
  });

  it('after an admin extended it, says so instead of "13 days left in your 7-day trial"', () => {
    expect(trialTimeLeftText(time, start, new Date(start.getTime() + 14 * DAY_MS))).toBe('13 days 2 hours left in your trial, extended to 14 days.');
  });
});
