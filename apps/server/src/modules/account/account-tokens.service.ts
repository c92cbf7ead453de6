import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTx } from '@myeai/db';
import {
  ACCOUNT_LINK_MESSAGES,
  ACCOUNT_TOKEN_SEND_LIMIT,
  accountLinkVerdict,
  accountTokenExpiry,
  AppError,
  mayIssueAccountToken,
  type AccountTokenPurpose,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { announceSessionEnded } from '../live/index.ts';
import { revokeSessionsOfUser } from '../auth/index.ts';
import {
  insertAccountToken,
  markAccountTokenUsed,
  selectAccountTokenForUpdate,
  selectRecentTokenTimes,
  voidAccountTokens,
  type AccountTokenRow,
} from './account-tokens.queries.ts';

/** Only the hash is stored (decision 057): the database alone cannot produce a working link. */
export const hashAccountToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether the account may be sent one more link of this purpose now (ACCOUNT_TOKEN_SEND_LIMIT). */
export async function mayIssueToken(db: DbOrTx, clock: Clock, userId: string, purpose: AccountTokenPurpose): Promise<boolean> {
  const now = clock.now();
  const recent = await selectRecentTokenTimes(db, userId, purpose, new Date(now.getTime() - ACCOUNT_TOKEN_SEND_LIMIT.windowMs));
  return mayIssueAccountToken(recent, now);
}

/**
 * A new link for the account, in the caller's transaction; the older unused links of the same
 * purpose stop working, so only the newest e-mail's link does.
 */
export async function issueAccountToken(db: DbOrTx, clock: Clock, params: { userId: string; purpose: AccountTokenPurpose; email: string }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await voidAccountTokens(db, params.userId, [params.purpose], now);
  await insertAccountToken(db, {
    userId: params.userId,
    purpose: params.purpose,
    tokenHash: hashAccountToken(token),
    email: params.email,
    createdAt: now,
    expiresAt: accountTokenExpiry(params.purpose, now),
  });
  return token;
}

/**
 * Uses a followed link, in the caller's transaction: the row is locked and marked used. A wrong,
 * expired, used or other-purpose token is a 400 with the message that says which, and nothing is
 * marked (the caller's transaction rolls back with the error).
 */
export async function useAccountToken(db: DbOrTx, clock: Clock, token: string, purposes: readonly AccountTokenPurpose[]): Promise<AccountTokenRow> {
  const now = clock.now();
  const row = await selectAccountTokenForUpdate(db, hashAccountToken(token));
  const verdict = accountLinkVerdict(row, purposes, now);
  if (verdict !== 'ok') throw new AppError('VALIDATION', ACCOUNT_LINK_MESSAGES[verdict], [{ path: 'token', message: verdict }]);
  await markAccountTokenUsed(db, row!.id, now);
  return row!;
}

/**
 * Ends the account's sessions (all, or all but `keepSessionId`) and closes their sockets on every
 * instance, as sign-out does for one session: the announcement is sent when the transaction commits.
 */
export async function endSessions(db: DbOrTx, clock: Clock, userId: string, keepSessionId?: string): Promise<number> {
  const revoked = await revokeSessionsOfUser(db, userId, clock.now(), keepSessionId);
  for (const sessionId of revoked) await announceSessionEnded(db, userId, sessionId);
  return revoked.length;
}
