import { describe, expect, test } from 'vitest';
import { entitlementsOf } from './entitlements.ts';
import { PLANS } from './plans.ts';

describe('entitlements: the plan card is the contract', () => {
  test.each(PLANS.map((plan) => [plan.id, plan] as const))('%s plan gives exactly its card', (id, plan) => {
    const e = entitlementsOf({ planId: id, isAdmin: false, trialDay: 0 });
    expect(e.asset_limit).toBe(plan.features.assets_unlocked === 'all' ? null : plan.features.assets_unlocked);
    expect(e.history_depth_days).toBe(plan.features.history_depth_days);
    expect(e.alert_frequency).toBe(plan.features.alert_frequency);
    expect(e.trader_breakdown).toBe(plan.features.trader_breakdown);
    expect(e.priority_support).toBe(plan.features.priority_support);
  });
  test('a running trial: 3 assets, 1 day of history; alerts and breakdown from day 7 only', () => {
    const day6 = entitlementsOf({ planId: null, isAdmin: false, trialDay: 6 });
    expect(day6).toMatchObject({ source: 'trial', asset_limit: 3, history_depth_days: 1, alert_frequency: null, trader_breakdown: false });
    const day7 = entitlementsOf({ planId: null, isAdmin: false, trialDay: 7 });
    expect(day7).toMatchObject({ alert_frequency: 'immediate', trader_breakdown: true, priority_support: false });
  });
  test('nobody else gets anything; admins see everything but get no alerts', () => {
    expect(entitlementsOf({ planId: null, isAdmin: false, trialDay: 0 })).toMatchObject({ source: 'none', asset_limit: 0, alert_frequency: null });
    expect(entitlementsOf({ planId: null, isAdmin: true, trialDay: 0 })).toMatchObject({ source: 'admin', asset_limit: null, history_depth_days: null, alert_frequency: null });
  });
});
