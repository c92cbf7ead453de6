import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { Secret } from 'otpauth';
import type { Database, DbOrTx } from '@myeai/db';
import {
  AppError,
  normaliseRecoveryCode,
  otpauthUrl,
  RECOVERY_CODE_COUNT,
  recoveryCodeFromBytes,
  TWO_FACTOR_CHALLENGE_TTL_MS,
  TWO_FACTOR_FAILURE_WINDOW_MS,
  twoFactorAttemptAllowed,
  verifyTotp,
  type TwoFactorStatus,
  type TwoFactorVerifyInput,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import {
  claimStep,
  countUnusedRecoveryCodes,
  deleteChallenge,
  deleteCredential,
  insertChallenge,
  recordFailure,
  replaceRecoveryCodes,
  selectChallengeUser,
  selectCredential,
  upsertPendingCredential,
  useRecoveryCode,
  type TwoFactorCredentialRow,
} from './two-factor.queries.ts';

/**
 * Two-factor sign-in (issue 29 item 4, decision record 058): an authenticator app's secret per
 * user, confirmed by a first code, then asked after the password; ten single-use recovery codes.
 */

export type TwoFactorDeps = { db: Database; clock: Clock; config: { twoFactorEncryptionKey?: string | undefined; requireAdminTwoFactor?: boolean | undefined } };

export const TWO_FACTOR_MESSAGES = {
  wrongCode: 'That code is not right. Check the time on your phone and enter the newest code.',
  wrongRecoveryCode: 'That recovery code is not right, or it was already used.',
  tooManyAttempts: 'Too many wrong codes. Wait 15 minutes and try again.',
  alreadyOn: 'Two-factor sign-in is already on. Turn it off first to use another app.',
  notStarted: 'Start two-factor setup first: scan the QR code, then enter a code.',
  notOn: 'Two-factor sign-in is not on for this account.',
  challengeExpired: 'Your sign-in timed out. Enter your e-mail and password again.',
} as const;

// Secrets: AES-256-GCM under TWO_FACTOR_ENCRYPTION_KEY when one is configured; without one, the
// secret is stored as the server's other secrets are (the signing keys table, plain), marked so.
const ENCRYPTED = 'enc:v1:';
const PLAIN = 'plain:';

export function sealSecret(base32: string, keyHex: string | undefined): string {
  if (!keyHex) return `${PLAIN}${base32}`;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), iv);
  const sealed = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return `${ENCRYPTED}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${sealed.toString('base64url')}`;
}

export function openSecret(stored: string, keyHex: string | undefined): Secret {
  if (stored.startsWith(PLAIN)) return Secret.fromBase32(stored.slice(PLAIN.length));
  if (!keyHex) throw new Error('An authenticator secret is encrypted but TWO_FACTOR_ENCRYPTION_KEY is not set');
  const [iv, tag, sealed] = stored.slice(ENCRYPTED.length).split(':');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), Buffer.from(iv!, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
  return Secret.fromBase32(Buffer.concat([decipher.update(Buffer.from(sealed!, 'base64url')), decipher.final()]).toString('utf8'));
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCodeFromBytes(randomBytes(10)));
  return { codes, hashes: codes.map((code) => sha256(normaliseRecoveryCode(code)!)) };
}

function assertAttemptAllowed(credential: TwoFactorCredentialRow, now: Date): void {
  if (!twoFactorAttemptAllowed(credential.failedAttempts, credential.failedSince, now)) throw new AppError('RATE_LIMITED', TWO_FACTOR_MESSAGES.tooManyAttempts);
}

/**
 * Accepts an authenticator code for the stored secret if it is valid now and newer than the last
 * one used (claimed in `db`, so it cannot be used twice). `enableAt` confirms a pending secret.
 */
async function claimCode(deps: TwoFactorDeps, db: DbOrTx, credential: TwoFactorCredentialRow, code: string, enableAt?: Date): Promise<boolean> {
  const now = deps.clock.now();
  assertAttemptAllowed(credential, now);
  const step = verifyTotp({ secret: openSecret(credential.secret, deps.config.twoFactorEncryptionKey), code, now, lastUsedStep: credential.lastUsedStep });
  return step !== null && (await claimStep(db, credential.userId, step, enableAt));
}

/** Counts a wrong code (outside any transaction, so the count survives the refusal) and refuses it. */
async function refuseCode(deps: TwoFactorDeps, userId: string): Promise<never> {
  await recordFailure(deps.db, userId, deps.clock.now(), TWO_FACTOR_FAILURE_WINDOW_MS);
  throw new AppError('VALIDATION', TWO_FACTOR_MESSAGES.wrongCode, [{ path: 'code', message: TWO_FACTOR_MESSAGES.wrongCode }]);
}

async function checkCode(deps: TwoFactorDeps, credential: TwoFactorCredentialRow, code: string): Promise<void> {
  if (!(await claimCode(deps, deps.db, credential, code))) await refuseCode(deps, credential.userId);
}

async function enabledCredential(db: DbOrTx, userId: string): Promise<TwoFactorCredentialRow> {
  const credential = await selectCredential(db, userId);
  if (!credential?.enabledAt) throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.notOn);
  return credential;
}

export async function hasTwoFactor(db: DbOrTx, userId: string): Promise<boolean> {
  return Boolean((await selectCredential(db, userId))?.enabledAt);
}

export async function twoFactorStatus(deps: TwoFactorDeps, user: { id: string; roles: readonly string[] }): Promise<TwoFactorStatus> {
  const credential = await selectCredential(deps.db, user.id);
  const enabledAt = credential?.enabledAt ?? null;
  return {
    enabled: enabledAt !== null,
    required: Boolean(deps.config.requireAdminTwoFactor) && user.roles.includes('admin'),
    enabled_at: enabledAt?.toISOString() ?? null,
    recovery_codes_left: enabledAt ? await countUnusedRecoveryCodes(deps.db, user.id) : 0,
  };
}

/** A new secret to scan; replaces one scanned but never confirmed. */
export async function setUpTwoFactor(deps: TwoFactorDeps, user: { id: string; email: string }): Promise<{ secret: string; otpauth_url: string; qr_code: string }> {
  const existing = await selectCredential(deps.db, user.id);
  if (existing?.enabledAt) throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.alreadyOn);
  const secret = new Secret({ size: 20 });
  await upsertPendingCredential(deps.db, user.id, sealSecret(secret.base32, deps.config.twoFactorEncryptionKey), deps.clock.now());
  const url = otpauthUrl(secret, user.email);
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret: secret.base32, otpauth_url: url, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Confirms the scanned secret with a code; answers the recovery codes, shown this once. */
export async function enableTwoFactor(deps: TwoFactorDeps, userId: string, code: string): Promise<string[]> {
  const credential = await selectCredential(deps.db, userId);
  if (!credential) throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.notStarted);
  if (credential.enabledAt) throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.alreadyOn);
  const { codes, hashes } = newRecoveryCodes();
  // Confirmed and given its recovery codes in one transaction: never on without a way back in.
  const accepted = await deps.db.transaction(async (tx) => {
    if (!(await claimCode(deps, tx, credential, code, deps.clock.now()))) return false;
    await replaceRecoveryCodes(tx, userId, hashes, deps.clock.now());
    await recordAudit(tx, deps.clock, { actorId: userId, action: 'two_factor.enable', target: userId });
    return true;
  });
  if (!accepted) await refuseCode(deps, userId);
  return codes;
}

/** Turns two-factor off; needs a current code (a stolen session alone cannot). */
export async function disableTwoFactor(deps: TwoFactorDeps, userId: string, code: string): Promise<void> {
  await checkCode(deps, await enabledCredential(deps.db, userId), code);
  await deps.db.transaction(async (tx) => {
    await deleteCredential(tx, userId);
    await recordAudit(tx, deps.clock, { actorId: userId, action: 'two_factor.disable', target: userId });
  });
}

/** New recovery codes for a current code; the old ones stop working. */
export async function regenerateRecoveryCodes(deps: TwoFactorDeps, userId: string, code: string): Promise<string[]> {
  await checkCode(deps, await enabledCredential(deps.db, userId), code);
  const { codes, hashes } = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    await replaceRecoveryCodes(tx, userId, hashes, deps.clock.now());
    await recordAudit(tx, deps.clock, { actorId: userId, action: 'two_factor.recovery_codes', target: userId });
  });
  return codes;
}

// Pending sign-ins: the password was right, the second factor is next.

export async function startChallenge(deps: TwoFactorDeps, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + TWO_FACTOR_CHALLENGE_TTL_MS);
  await insertChallenge(deps.db, { tokenHash: sha256(token), userId, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/**
 * Completes a pending sign-in with an authenticator code or a recovery code; answers the user's
 * id (the caller starts the session). The pending sign-in ends on success only: a mistyped code
 * can be corrected within the attempt limit.
 */
export async function completeChallenge(deps: TwoFactorDeps, token: string | undefined, input: TwoFactorVerifyInput): Promise<string> {
  const now = deps.clock.now();
  const tokenHash = sha256(token ?? '');
  const userId = token ? await selectChallengeUser(deps.db, tokenHash, now) : undefined;
  if (!userId) throw new AppError('UNAUTHENTICATED', TWO_FACTOR_MESSAGES.challengeExpired);
  const credential = await enabledCredential(deps.db, userId);
  if ('code' in input) {
    await checkCode(deps, credential, input.code);
  } else {
    assertAttemptAllowed(credential, now);
    const normalised = normaliseRecoveryCode(input.recovery_code);
    if (!normalised || !(await useRecoveryCode(deps.db, userId, sha256(normalised), now))) {
      await recordFailure(deps.db, userId, now, TWO_FACTOR_FAILURE_WINDOW_MS);
      throw new AppError('VALIDATION', TWO_FACTOR_MESSAGES.wrongRecoveryCode, [{ path: 'recovery_code', message: TWO_FACTOR_MESSAGES.wrongRecoveryCode }]);
    }
    await recordAudit(deps.db, deps.clock, { actorId: userId, action: 'two_factor.recovery_code_used', target: userId });
  }
  await deleteChallenge(deps.db, tokenHash, now);
  return userId;
}
