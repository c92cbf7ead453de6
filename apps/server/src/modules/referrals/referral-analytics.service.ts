import QRCode from 'qrcode';
import {
  AppError,
  BREAKDOWN_DEVICES,
  clickToSignupRate,
  nextRankLevel,
  periodDays,
  periodStart,
  rankLevel,
  referralLinkPath,
  referralProgrammePaths,
  referralShareText,
  shareCode,
  shortLinkPath,
  TEAM_PREVIEW_LIMIT,
  TOP_SOURCES_LIMIT,
  type ReferralAnalytics,
  type ReferralDashboard,
} from '@myeai/domain';
import type { DbOrTx } from '@myeai/db';
import type { Clock } from '../../clock.ts';
import { selectCommissionFigures } from '../commissions/index.ts';
import {
  countCreditedReferrals,
  countReferrersAbove,
  countUsers,
  selectClickTotals,
  selectDailyClicks,
  selectDailySignups,
  selectDeviceCounts,
  selectTeamPreview,
  selectTopSources,
  selectUserLinkFields,
} from './referral-programme.queries.ts';

/**
 * GET /api/referral/analytics: every figure is a count of stored rows in the period (UTC days,
 * today included): clicks and distinct hashed visitors of referral_clicks (through the aggregates
 * its trigger keeps), credited sign-ups of users.referred_by, and referral commission earned in
 * the period (decision records 036 and 051).
 */
export async function getReferralAnalytics(db: DbOrTx, clock: Clock, userId: string, days: number): Promise<ReferralAnalytics> {
  const now = clock.now();
  const from = periodStart(now, days);
  const periodDayList = periodDays(now, days);
  const fromDay = periodDayList[0]!;
  const toDay = periodDayList[periodDayList.length - 1]!;
  const [totals, dailyClicks, sources, devices, dailySignups, [earned]] = await Promise.all([
    selectClickTotals(db, userId, fromDay, toDay, from),
    selectDailyClicks(db, userId, fromDay, toDay),
    selectTopSources(db, userId, fromDay, toDay, TOP_SOURCES_LIMIT),
    selectDeviceCounts(db, userId, fromDay, toDay),
    selectDailySignups(db, userId, from, now),
    selectCommissionFigures(db, userId, [{ from, to: new Date(now.getTime() + 1) }]),
  ]);
  const clicksByDay = new Map(dailyClicks.map((row) => [row.day, row.n]));
  const signupsByDay = new Map(dailySignups.map((row) => [row.day, row.n]));
  const signups = dailySignups.reduce((sum, row) => sum + row.n, 0);
  const deviceCount = new Map(devices.map((row) => [row.device, row.count]));
  return {
    period_days: days,
    total_clicks: totals.clicks,
    unique_visitors: totals.uniqueVisitors,
    signups,
    click_to_signup_rate: clickToSignupRate(totals.clicks, signups),
    commission_earned_cents: earned?.referral_cents ?? 0,
    daily: periodDayList.map((day) => ({ day, clicks: clicksByDay.get(day) ?? 0, signups: signupsByDay.get(day) ?? 0 })),
    top_sources: sources,
    device_breakdown: Object.fromEntries(BREAKDOWN_DEVICES.map((device) => [device, deviceCount.get(device) ?? 0])) as ReferralAnalytics['device_breakdown'],
  };
}

function memberStatus(subscriptionStatus: string | null, trialStatus: string | null): 'converted' | 'trial_activated' | 'other' {
  if (subscriptionStatus && ['active', 'past_due', 'trialing'].includes(subscriptionStatus)) return 'converted';
  if (trialStatus === 'converted') return 'converted';
  if (trialStatus) return 'trial_activated';
  return 'other';
}

/** GET /api/referral/dashboard: the links (built from PUBLIC_URL when read), the newest 10 members and the position card. */
export async function getReferralDashboard(db: DbOrTx, userId: string, origin: string): Promise<ReferralDashboard> {
  const user = await selectUserLinkFields(db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found.');
  const [team, totalReferrals, [allTime], rankedUsers] = await Promise.all([
    selectTeamPreview(db, userId, TEAM_PREVIEW_LIMIT),
    countCreditedReferrals(db, userId),
    selectCommissionFigures(db, userId, [null]),
    countUsers(db),
  ]);
  const above = await countReferrersAbove(db, totalReferrals);
  const shortLink = `${origin}${shortLinkPath(user.referralCode)}`;
  return {
    user_info: {
      referral_link: `${origin}${referralLinkPath(user.referralCode)}`,
      short_link: shortLink,
      referral_code: user.referralCode,
      share_code: shareCode(user.referralCode),
      share_text: referralShareText({ inviterName: user.name, referralCode: user.referralCode, link: shortLink }),
      qr_code_url: referralProgrammePaths.qrSvg,
      qr_code_png_url: referralProgrammePaths.qrPng,
      user_name: user.name,
    },
    team_members: team.map((member) => ({
      user_id: member.id,
      display_name: member.name,
      referral_code_used: member.codeUsed,
      join_date: member.createdAt.toISOString(),
      current_status: memberStatus(member.subscriptionStatus, member.trialStatus),
    })),
    team_total: totalReferrals,
    leaderboard_position: {
      overall_rank: above + 1,
      ranked_users: rankedUsers,
      level: rankLevel(totalReferrals),
      total_referrals: totalReferrals,
      // The referral programme's position: all-time referral commission (decision record 051).
      total_commission_cents: allTime?.referral_cents ?? 0,
      next_level: nextRankLevel(totalReferrals),
    },
  };
}

/** The user's short link as a QR image, drawn here (no outside QR service sees the link). */
export async function referralQr(db: DbOrTx, userId: string, origin: string, format: 'svg' | 'png'): Promise<string | Buffer> {
  const user = await selectUserLinkFields(db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found.');
  const link = `${origin}${shortLinkPath(user.referralCode)}`;
  return format === 'svg'
    ? QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
    : QRCode.toBuffer(link, { type: 'png', margin: 2, width: 512, errorCorrectionLevel: 'M' });
}
