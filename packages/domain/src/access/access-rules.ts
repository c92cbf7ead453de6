import { ROLES, type Role } from './roles.ts';

/**
 * Who may reach a screen or an endpoint. Screens and API routes name one of these rules;
 * nothing else in the code base lists roles for access decisions.
 */
export type AccessRule =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'roles'; roles: readonly Role[] };

export const ACCESS = {
  public: { kind: 'public' },
  signedIn: { kind: 'signed-in' },
  everyRole: { kind: 'roles', roles: ROLES },
  affiliateTools: { kind: 'roles', roles: ['affiliate', 'admin'] },
  goalSetting: { kind: 'roles', roles: ['trader', 'affiliate', 'admin'] },
  traderDesk: { kind: 'roles', roles: ['trader', 'admin'] },
  admin: { kind: 'roles', roles: ['admin'] },
} as const satisfies Record<string, AccessRule>;

export type AccessName = keyof typeof ACCESS;

export type Viewer = { activeRole: Role } | null;

export type AccessDecision = 'allowed' | 'unauthenticated' | 'forbidden';

export function decideAccess(access: AccessName, viewer: Viewer): AccessDecision {
  const rule: AccessRule = ACCESS[access];
  if (rule.kind === 'public') return 'allowed';
  if (!viewer) return 'unauthenticated';
  if (rule.kind === 'signed-in') return 'allowed';
  return rule.roles.includes(viewer.activeRole) ? 'allowed' : 'forbidden';
}

export function rolesAllowed(access: AccessName): readonly Role[] | 'anyone' {
  const rule: AccessRule = ACCESS[access];
  if (rule.kind === 'public') return 'anyone';
  if (rule.kind === 'signed-in') return ROLES;
  return rule.roles;
}
