import { createHmac } from 'node:crypto';
import type { Database, DbOrTx } from '@myeai/db';
import {
  AppError,
  aliasKey,
  attributedReferrer,
  BURST_WINDOW_MINUTES,
  isBurst,
  REFERRAL_ATTRIBUTION_WINDOW_DEFAULT_DAYS,
  referralCodeFromInput,
  ReferralSettingsSchema,
  selfReferralReasons,
  type ReferralFlag,
  type ReferralFlagReason,
  type ReferralSettings,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { isEmailVerified } from '../auth/index.ts';
import { withholdCommissionsFromOrigin } from '../commissions/index.ts';
import { visitorHash } from '../tracking/index.ts';
import {
  creditIfUnset,
  flagAttributions,
  insertAttribution,
  insertUserVisitor,
  reviewAttribution,
  selectActiveUserIdByAlias,
  selectActiveUserIdByCode,
  selectAttributionById,
  selectAttributionOf,
  selectCodesSeenByVisitor,
  selectFlags,
  selectSignupsFromNetwork,
  selectSiteValue,
  selectVisitorHashesOf,
  upsertSiteValue,
  withdrawCredit,
} from './referral-programme.queries.ts';
import { signingKey, verifyVisitorId } from './visitor-id.ts';

/**
 * Referral attribution (DESIGN.md decisions 29 and 44, decision record 036): which referrer a sign-up
 * is credited to, the self-referral and burst flags, and an admin's review of them.
 */

const SETTINGS_KEY = 'referral_settings';
const FLAG_LIST_LIMIT = 200;

export async function getReferralSettings(db: DbOrTx): Promise<ReferralSettings> {
  const parsed = ReferralSettingsSchema.safeParse(await selectSiteValue(db, SETTINGS_KEY));
  return parsed.success ? parsed.data : { attribution_window_days: REFERRAL_ATTRIBUTION_WINDOW_DEFAULT_DAYS };
}

export async function saveReferralSettings(db: Database, clock: Clock, actorId: string, settings: ReferralSettings): Promise<ReferralSettings> {
  return db.transaction(async (tx) => {
    const before = await getReferralSettings(tx);
    await upsertSiteValue(tx, SETTINGS_KEY, settings, clock.now(), actorId);
    await recordAudit(tx, clock, { actorId, action: 'referral_settings.update', target: SETTINGS_KEY, details: { before, after: settings } });
    return settings;
  });
}

/**
 * A keyed hash of the client address (request.ip, which honours TRUST_PROXY): the key is the
 * server's visitor signing secret, so the stored value cannot be reversed by trying addresses.
 */
export async function networkHash(db: DbOrTx, clock: Clock, address: string | undefined): Promise<string | null> {
  if (!address) return null;
  const key = await signingKey(db, clock);
  return createHmac('sha256', key).update(`network:${address}`).digest('hex');
}

/** The hashed visitor id of a signed visitor cookie, or null (absent, forged). */
export async function visitorHashOfToken(db: DbOrTx, clock: Clock, token: string | undefined): Promise<string | null> {
  const random = await verifyVisitorId(db, clock, token);
  return random ? visitorHash(random) : null;
}

/** Notes that a signed-in user used this browser (the self-referral evidence). */
export async function rememberVisitor(db: DbOrTx, clock: Clock, userId: string, token: string | undefined): Promise<void> {
  const hash = await visitorHashOfToken(db, clock, token);
  if (hash) await insertUserVisitor(db, userId, hash, clock.now());
}

/** The active user behind a code as shared, or behind an alias the migration kept (a replaced code, an old user-id link). */
export async function resolveReferrerId(db: DbOrTx, input: string | null | undefined): Promise<string | null> {
  const code = referralCodeFromInput(input);
  const byCode = code ? await selectActiveUserIdByCode(db, code) : null;
  if (byCode) return byCode;
  const alias = aliasKey(input);
  return alias ? selectActiveUserIdByAlias(db, alias) : null;
}

export type SignUpContext = {
  userId: string;
  /** The referrer the account was created with (the code given at sign-up), if any. */
  givenReferrerId: string | null;
  visitorToken: string | undefined;
  address: string | undefined;
};

/**
 * Decides the credit of a new account, once (a second call changes nothing): the first code the
 * visitor followed within the attribution window, else the code given at sign-up. A self-referral
 * or the Nth sign-up for one referrer from one hashed address within BURST_WINDOW_MINUTES is an
 * open flag and not credited; the earlier sign-ups of the burst become flags too and lose their credit.
 */
export async function attributeSignUp(db: DbOrTx, clock: Clock, context: SignUpContext): Promise<{ referrerId: string | null; reasons: ReferralFlagReason[] }> {
  const now = clock.now();
  const { attribution_window_days: windowDays } = await getReferralSettings(db);
  const visitor = await visitorHashOfToken(db, clock, context.visitorToken);
  const network = await networkHash(db, clock, context.address);
  return db.transaction(async (tx) => {
    if (await selectAttributionOf(tx, context.userId)) return { referrerId: null, reasons: [] };
    if (visitor) await insertUserVisitor(tx, context.userId, visitor, now);
    const seen = visitor ? await selectCodesSeenByVisitor(tx, visitor, new Date(now.getTime() - windowDays * 86_400_000)) : [];
    const referrerId = attributedReferrer({ seen, givenReferrerId: context.givenReferrerId, now, windowDays });
    // A referrer who has not confirmed their e-mail earns no credit (issue 29, decision 057).
    if (!referrerId || !(await isEmailVerified(tx, referrerId))) return { referrerId: null, reasons: [] };

    const reasons = selfReferralReasons({
      signupUserId: context.userId,
      referrerId,
      signupVisitorHash: visitor,
      referrerVisitorHashes: await selectVisitorHashesOf(tx, referrerId),
    });
    const earlier = network ? await selectSignupsFromNetwork(tx, referrerId, network, new Date(now.getTime() - BURST_WINDOW_MINUTES * 60_000)) : [];
    const burst = isBurst(earlier.length + 1);
    if (burst) reasons.push('burst');
    const related = burst ? earlier.map((row) => row.userId) : [];
    await insertAttribution(tx, {
      userId: context.userId,
      referrerId,
      status: reasons.length > 0 ? 'open' : 'credited',
      reasons,
      visitorHash: visitor,
      networkHash: network,
      signupsFromNetworkInWindow: network ? earlier.length + 1 : null,
      relatedUserIds: related,
      createdAt: now,
    });
    if (burst) {
      const unreviewed = earlier.filter((row) => row.status === 'credited' || row.status === 'open');
      await flagAttributions(tx, unreviewed.map((row) => row.id), { reason: 'burst', signups: earlier.length + 1, related: [context.userId, ...related] });
      for (const row of unreviewed) await withdrawCredit(tx, row.userId, referrerId);
    }
    if (reasons.length > 0) await withdrawCredit(tx, context.userId, context.givenReferrerId ?? referrerId);
    else {
      if (context.givenReferrerId && context.givenReferrerId !== referrerId) await withdrawCredit(tx, context.userId, context.givenReferrerId);
      await creditIfUnset(tx, context.userId, referrerId);
    }
    return { referrerId: reasons.length > 0 ? null : referrerId, reasons };
  });
}

function shortHash(hash: string | null): string | null {
  return hash ? hash.slice(0, 12) : null;
}

type FlagRow = Awaited<ReturnType<typeof selectFlags>>[number];
const isoOf = (value: string | Date) => new Date(value).toISOString();

function toFlag(row: FlagRow): ReferralFlag {
  return {
    id: row.id,
    status: row.status as ReferralFlag['status'],
    reasons: row.reasons as ReferralFlagReason[],
    signup: { user_id: row.signup_id, name: row.signup_name, email: row.signup_email, joined_at: isoOf(row.signup_joined) },
    referrer: { user_id: row.referrer_id, name: row.referrer_name, email: row.referrer_email, referral_code: row.referrer_code },
    evidence: {
      visitor_hash: shortHash(row.visitor_hash),
      network_hash: shortHash(row.network_hash),
      signups_from_network_in_window: row.signups_from_network_in_window,
      related_user_ids: row.related_user_ids ?? [],
    },
    created_at: isoOf(row.created_at),
    reviewed_at: row.reviewed_at ? isoOf(row.reviewed_at) : null,
    reviewed_by_name: row.reviewer_name,
  };
}

export async function listReferralFlags(db: DbOrTx, status: 'open' | 'cleared' | 'confirmed' | 'all'): Promise<ReferralFlag[]> {
  const rows = await selectFlags(db, status === 'all' ? {} : { status }, FLAG_LIST_LIMIT);
  return rows.map(toFlag);
}

/**
 * An admin's verdict on an open flag. Clear: the sign-up is credited to the referrer (unless an admin
 * already set another referrer). Confirm: it stays uncredited, and the referrer's pending commissions
 * that arose from this member are withheld. Anything but an open flag: 409.
 */
export async function reviewReferralFlag(db: Database, clock: Clock, actorId: string, id: string, verdict: 'cleared' | 'confirmed'): Promise<ReferralFlag> {
  await db.transaction(async (tx) => {
    const flag = await selectAttributionById(tx, id);
    if (!flag || flag.status === 'credited') throw new AppError('NOT_FOUND', 'Flag not found.');
    if (!(await reviewAttribution(tx, id, { status: verdict, reviewedBy: actorId, at: clock.now() }))) {
      throw new AppError('CONFLICT', `This flag was already ${flag.status}.`);
    }
    if (verdict === 'cleared') await creditIfUnset(tx, flag.userId, flag.referrerId);
    else {
      await withdrawCredit(tx, flag.userId, flag.referrerId);
      // The confirmation removes the credit and what it earned (decision 046): pending commissions
      // from this member to this referrer become 'withheld', in this transaction.
      if (flag.referrerId) await withholdCommissionsFromOrigin(tx, clock, actorId, flag.referrerId, flag.userId);
    }
    await recordAudit(tx, clock, {
      actorId,
      action: verdict === 'cleared' ? 'referral_flag.clear' : 'referral_flag.confirm',
      target: flag.userId,
      details: { flag_id: id, referrer_id: flag.referrerId, reasons: flag.reasons, before: { status: flag.status }, after: { status: verdict } },
    });
  });
  const [row] = await selectFlags(db, { id }, 1);
  if (!row) throw new AppError('NOT_FOUND', 'Flag not found.');
  return toFlag(row);
}
