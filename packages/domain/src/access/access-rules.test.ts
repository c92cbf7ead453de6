import { describe, expect, test } from 'vitest';
import { ACCESS, decideAccess, rolesAllowed, type AccessDecision, type AccessName } from './access-rules.ts';
import { ROLES, type Role } from './roles.ts';

type Who = 'anonymous' | Role;
const WHO: readonly Who[] = ['anonymous', ...ROLES];

const ALL_ROLES = 'every role';
/** Spec 1 section 6.1 as resolved by DESIGN.md section 3: who each rule lets in. */
const EXPECTED: Record<AccessName, 'anyone' | typeof ALL_ROLES | readonly Role[]> = {
  public: 'anyone',
  signedIn: ALL_ROLES,
  everyRole: ALL_ROLES,
  affiliateTools: ['affiliate', 'admin'],
  goalSetting: ['trader', 'affiliate', 'admin'],
  traderDesk: ['trader', 'admin'],
  admin: ['admin'],
};

function expectedDecision(access: AccessName, who: Who): AccessDecision {
  const rule = EXPECTED[access];
  if (rule === 'anyone') return 'allowed';
  if (who === 'anonymous') return 'unauthenticated';
  if (rule === ALL_ROLES) return 'allowed';
  return rule.includes(who) ? 'allowed' : 'forbidden';
}

const cases = (Object.keys(EXPECTED) as AccessName[]).flatMap((access) =>
  WHO.map((who) => ({ access, who, expected: expectedDecision(access, who) })),
);

describe('decideAccess', () => {
  test('the expectation table covers every access rule', () => {
    expect(Object.keys(ACCESS).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  test('the seven roles are known', () => {
    expect([...ROLES].sort()).toEqual(['admin', 'affiliate', 'investor', 'newcomer', 'subscriber', 'subscriber_free', 'trader']);
  });

  test.each(cases)('$access for $who is $expected', ({ access, who, expected }) => {
    expect(decideAccess(access, who === 'anonymous' ? null : { activeRole: who })).toBe(expected);
  });

  test('only the active role counts, not other roles the user may hold', () => {
    // A viewer carries one active role; an affiliate acting as trader is refused affiliate tools.
    expect(decideAccess('affiliateTools', { activeRole: 'trader' })).toBe('forbidden');
  });
});

describe('rolesAllowed', () => {
  test.each(Object.keys(EXPECTED) as AccessName[])('%s', (access) => {
    const rule = EXPECTED[access];
    const allowed = rolesAllowed(access);
    if (rule === 'anyone') expect(allowed).toBe('anyone');
    else if (rule === ALL_ROLES) expect([...allowed]).toEqual([...ROLES]);
    else expect([...allowed].sort()).toEqual([...rule].sort());
  });
});
