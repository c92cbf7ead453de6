import { describe, expect, test } from 'vitest';
import { ACCESS, decideAccess } from './access-rules.ts';
import { ACCESS_REFUSALS, accessRefusalFor } from './access-refusals.ts';
import { ROLES } from './roles.ts';
import { SCREENS } from './screens.ts';

describe('accessRefusalFor: the access-denied text of a screen, from the route table', () => {
  test.each([
    { path: '/trading-admin', title: 'Admin Access Required', message: 'This section is restricted to system administrators only.' },
    { path: '/admin-users', title: 'Admin Access Required', message: 'This section is restricted to system administrators only.' },
    { path: '/admin-comprehensive-dashboard', title: 'Admin Access Required', message: 'This section is restricted to system administrators only.' },
    {
      path: '/trader-dashboard',
      title: 'Trader Access Required',
      message: 'This section is restricted to verified traders only. Please contact an administrator for trader verification.',
    },
    { path: '/lead-management', title: 'Affiliate Access Required', message: 'This section is restricted to affiliates and system administrators only.' },
    { path: '/goals', title: 'Goal Setting Access Required', message: 'This section is restricted to affiliates, traders and system administrators only.' },
  ])('$path: $title', ({ path, title, message }) => {
    expect(accessRefusalFor(path)).toEqual({ title, message });
  });

  test('every screen some role cannot open has a refusal text, and it is its rule’s', () => {
    for (const screen of SCREENS) {
      const refusesSomeone = ROLES.some((role) => decideAccess(screen.access, { activeRole: role }) === 'forbidden');
      const refusal = accessRefusalFor(screen.path);
      if (refusesSomeone) expect(refusal, screen.path).toEqual(ACCESS_REFUSALS[screen.access as keyof typeof ACCESS_REFUSALS]);
      else expect(refusal, screen.path).toBeNull();
    }
  });

  test('each restricted rule of the access table has exactly one text', () => {
    const restricted = Object.keys(ACCESS).filter((name) => ROLES.some((role) => decideAccess(name as keyof typeof ACCESS, { activeRole: role }) === 'forbidden'));
    expect(Object.keys(ACCESS_REFUSALS).sort()).toEqual(restricted.sort());
  });

  test('a path outside the route table has none', () => {
    expect(accessRefusalFor('/no-such-screen')).toBeNull();
  });
});
