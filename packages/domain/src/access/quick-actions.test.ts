import { describe, expect, test } from 'vitest';
import { ROLES, type Role } from './roles.ts';
import { goalSettingPath, quickActionsFor } from './quick-actions.ts';
import { findScreen } from './screens.ts';
import { decideAccess } from './access-rules.ts';

/** The screens the web app registers today (apps/web/src/app/screens.tsx): /goals is built, the learning hub is not. */
const BUILT_TODAY = new Set(['/dashboard', '/leads', '/lead-management', '/products', '/commissions', '/trading-compass', '/trading-subscription', '/notifications', '/onboarding', '/goals', '/goal-progress']);
const builtToday = (path: string) => BUILT_TODAY.has(path);
const everything = () => true;
const keysOf = (role: Role, isBuilt: (path: string) => boolean) => quickActionsFor({ activeRole: role }, isBuilt).map((action) => action.key);

describe('Business Hub quick actions (DESIGN.md decision 34)', () => {
  test('with every screen built, each role gets the spec actions it may open, then screens of every role', () => {
    expect(keysOf('affiliate', everything)).toEqual(['add_lead', 'set_goal', 'explore_learning']);
    expect(keysOf('admin', everything)).toEqual(['add_lead', 'set_goal', 'explore_learning']);
    expect(keysOf('trader', everything)).toEqual(['set_goal', 'explore_learning', 'open_compass']);
    for (const role of ['newcomer', 'subscriber', 'subscriber_free', 'investor'] as const) {
      expect(keysOf(role, everything)).toEqual(['explore_learning', 'open_compass', 'browse_opportunities']);
    }
  });

  test('with the screens built today, "Set Purpose Goal" is offered to the goal-setting roles and nothing leads to the learning hub', () => {
    expect(keysOf('affiliate', builtToday)).toEqual(['add_lead', 'set_goal', 'open_compass']);
    expect(keysOf('admin', builtToday)).toEqual(['add_lead', 'set_goal', 'open_compass']);
    expect(keysOf('trader', builtToday)).toEqual(['set_goal', 'open_compass', 'browse_opportunities']);
    for (const role of ['newcomer', 'subscriber', 'subscriber_free', 'investor'] as const) {
      expect(keysOf(role, builtToday)).toEqual(['open_compass', 'browse_opportunities']);
    }
  });

  test.each(ROLES)('every action of %s is a built screen of the route table the role may open', (role) => {
    for (const isBuilt of [everything, builtToday]) {
      for (const action of quickActionsFor({ activeRole: role }, isBuilt)) {
        const screen = findScreen(action.path);
        expect(screen, action.path).toBeDefined();
        expect(isBuilt(action.path)).toBe(true);
        expect(decideAccess(screen!.access, { activeRole: role })).toBe('allowed');
      }
    }
  });

  test('"Add Lead" only for roles that may open /leads', () => {
    const withLead = ROLES.filter((role) => keysOf(role, everything).includes('add_lead'));
    expect(withLead.sort()).toEqual(['admin', 'affiliate']);
  });

  test('"Set a purpose goal" goes to /goals when built and allowed, else to the goals step of onboarding', () => {
    expect(goalSettingPath({ activeRole: 'affiliate' }, everything)).toBe('/goals');
    expect(goalSettingPath({ activeRole: 'affiliate' }, builtToday)).toBe('/goals');
    expect(goalSettingPath({ activeRole: 'affiliate' }, (path) => path !== '/goals')).toBe('/onboarding');
    expect(goalSettingPath({ activeRole: 'newcomer' }, everything)).toBe('/onboarding');
  });
});
