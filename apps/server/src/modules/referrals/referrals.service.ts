import type { Database, DbOrTx } from '@myeai/db';
import {
  AppError,
  DEFAULT_REFERRAL_LANDING_CONTENT,
  fillReferralLandingContent,
  firstNameOf,
  referralCodeFromInput,
  ReferralLandingContentSchema,
  referralLinkPath,
  shortLinkPath,
  sourceHost,
  USER_AGENT_MAX,
  utcDay,
  type DeviceClass,
  type ReferralLandingContent,
  type ReferralStats,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { countReferredUsers } from '../auth/index.ts';
import { selectCommissionFigures } from '../commissions/index.ts';
import { countReferralsSince } from '../dashboard/index.ts';
import { selectSiteContent, upsertSiteContent } from '../landing/index.ts';
import { visitorHash } from '../tracking/index.ts';
import { resolveReferrerId } from './attribution.service.ts';
import {
  countReferralClicksOn,
  insertLandingEvent,
  insertReferralClick,
  selectReferrerNameAndCode,
  selectUserByReferralCode,
} from './referrals.queries.ts';

export const INVALID_REFERRAL_CODE = 'Invalid referral code';
const LANDING_KEY = 'referral_landing';

export type Referrer = { id: string; name: string; referralCode: string };

/**
 * The user behind a code as typed or shared (with or without the MYEAI- prefix), or behind an alias
 * the referral migration kept (a replaced code, an old user-id link); null when unknown or malformed.
 */
export async function findReferrer(db: DbOrTx, input: string | null | undefined): Promise<Referrer | null> {
  const code = referralCodeFromInput(input);
  const row = code ? await selectUserByReferralCode(db, code) : undefined;
  if (row) return row.status === 'active' ? { id: row.id, name: row.name, referralCode: row.referralCode } : null;
  const aliasOf = await resolveReferrerId(db, input);
  const user = aliasOf ? await selectReferrerNameAndCode(db, aliasOf) : undefined;
  return aliasOf && user ? { id: aliasOf, name: user.name, referralCode: user.referralCode } : null;
}

export type ShortLinkClick = {
  referrerId: string;
  visitorId: string;
  userAgent: string | null;
  deviceClass: DeviceClass;
  referringSite: string | null;
  utmSource: string | null;
};

/** One visit of a short link: every click is a row (decision record 036). */
export async function recordShortLinkClick(db: DbOrTx, clock: Clock, click: ShortLinkClick): Promise<boolean> {
  const now = clock.now();
  return insertReferralClick(db, {
    referrerId: click.referrerId,
    clickedAt: now,
    clickedOn: utcDay(now),
    visitorHash: visitorHash(click.visitorId),
    userAgent: click.userAgent ? click.userAgent.slice(0, USER_AGENT_MAX) : null,
    deviceClass: click.deviceClass,
    referringSite: sourceHost(click.referringSite),
    utmSource: click.utmSource,
  });
}

/**
 * The Share & Earn popup's figures (spec 1 sections 2.7 and 3): short-link visitors today,
 * sign-ups with the user's code (all time and today), referral commission (this calendar month and
 * all time, decision record 051), and the user's links on this site's origin.
 */
export async function getReferralStats(db: DbOrTx, clock: Clock, userId: string, origin: string): Promise<ReferralStats> {
  const now = clock.now();
  const today = utcDay(now);
  const dayStart = new Date(`${today}T00:00:00.000Z`);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const tomorrow = new Date(dayStart.getTime() + 86_400_000);
  const [user, clicksToday, totalReferrals, conversionsToday, [monthly, allTime]] = await Promise.all([
    selectReferrerNameAndCode(db, userId),
    countReferralClicksOn(db, userId, today),
    countReferredUsers(db, userId),
    countReferralsSince(db, userId, dayStart),
    selectCommissionFigures(db, userId, [{ from: monthStart, to: tomorrow }, null]),
  ]);
  if (!user) throw new AppError('NOT_FOUND', 'User not found.');
  return {
    clicks_today: clicksToday,
    total_referrals: totalReferrals,
    conversions_today: conversionsToday,
    monthly_commission_cents: monthly?.referral_cents ?? 0,
    total_commission_cents: allTime?.referral_cents ?? 0,
    short_link: `${origin}${shortLinkPath(user.referralCode)}`,
    referral_link: `${origin}${referralLinkPath(user.referralCode)}`,
    referral_code: user.referralCode,
    user_name: user.name,
  };
}

/** The landing content as saved by an admin (with the {referrer_name} placeholder), or the default. */
export async function getReferralLandingContent(db: DbOrTx): Promise<{ content: ReferralLandingContent; updated_at: string | null }> {
  const row = await selectSiteContent(db, LANDING_KEY);
  if (!row) return { content: DEFAULT_REFERRAL_LANDING_CONTENT, updated_at: null };
  const parsed = ReferralLandingContentSchema.safeParse(row.value);
  return { content: parsed.success ? parsed.data : DEFAULT_REFERRAL_LANDING_CONTENT, updated_at: row.updatedAt.toISOString() };
}

export async function saveReferralLandingContent(db: Database, clock: Clock, actorId: string, content: ReferralLandingContent): Promise<void> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    await upsertSiteContent(tx, LANDING_KEY, content, now, actorId);
    await recordAudit(tx, clock, { actorId, action: 'referral_landing.update', target: LANDING_KEY, details: content });
  });
}

/** What /join shows for a code: the referrer's first name only (T-17) and the content with it filled in. */
export async function getJoinLanding(db: DbOrTx, referrer: Referrer): Promise<{ referrer_name: string; content: ReferralLandingContent }> {
  const firstName = firstNameOf(referrer.name);
  const { content } = await getReferralLandingContent(db);
  return { referrer_name: firstName ?? 'A friend', content: fillReferralLandingContent(content, firstName) };
}

export type LandingReport = { kind: 'page_time'; seconds: number } | { kind: 'cta_click' };

/** Stores one landing page report of a verified visitor for a known code. */
export async function recordLandingEvent(
  db: DbOrTx,
  clock: Clock,
  input: { visitorId: string; referralCode: string; report: LandingReport },
): Promise<void> {
  const referrer = await findReferrer(db, input.referralCode);
  if (!referrer) throw new AppError('VALIDATION', INVALID_REFERRAL_CODE, [{ path: 'referral_code', message: INVALID_REFERRAL_CODE }]);
  await insertLandingEvent(db, {
    referrerId: referrer.id,
    visitorHash: visitorHash(input.visitorId),
    kind: input.report.kind,
    timeOnPageSeconds: input.report.kind === 'page_time' ? Math.round(input.report.seconds) : null,
    createdAt: clock.now(),
  });
}
