export { OidcSignIn } from './oidc.ts';
export {
  SESSION_COOKIE,
  countSessions,
  createSession,
  findSessionByTokenHash,
  findSessionUser,
  hashSessionToken,
  touchLastSeen,
  type SessionUser,
} from './sessions.service.ts';
export { countReferredUsers, createUser, getUserByEmail, getUserById, switchActiveRole, toProfile } from './users.service.ts';
export { grantListedAdmin, grantRole, type GrantSource } from './role-grants.ts';
export { assertEmailVerified, isEmailVerified } from './email-verified.ts';
export { revokeSessionsOfUser } from './account-state.queries.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
