import type { Database, DbOrTx } from '@myeai/db';
import {
  AppError,
  normaliseReferralCode,
  OWN_REFERRAL_CODE_MESSAGE,
  referrerDisplayName,
  UNKNOWN_REFERRAL_CODE_MESSAGE,
  type ProfileQuestionnaire,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { attachReferrer, selectReferrerOf, selectUserByReferralCode, selectUserProfile, upsertUserProfile } from './onboarding.queries.ts';

export type Referrer = { id: string; name: string; referral_code: string };

/**
 * The referrer behind a code, as someone else may see them (first name only). Unknown or
 * malformed: 404 "Invalid referral code"; the user's own code: 400.
 */
export async function findReferrer(db: DbOrTx, userId: string, rawCode: string): Promise<Referrer> {
  const code = normaliseReferralCode(rawCode);
  const row = code ? await selectUserByReferralCode(db, code) : undefined;
  if (!row || row.status !== 'active') throw new AppError('NOT_FOUND', UNKNOWN_REFERRAL_CODE_MESSAGE);
  if (row.id === userId) throw new AppError('VALIDATION', OWN_REFERRAL_CODE_MESSAGE);
  return { id: row.id, name: referrerDisplayName(row.name), referral_code: row.code };
}

async function currentReferrer(db: DbOrTx, userId: string): Promise<Referrer | null> {
  const row = await selectReferrerOf(db, userId);
  return row ? { id: row.id, name: referrerDisplayName(row.name), referral_code: row.code } : null;
}

const publicReferrer = (referrer: Referrer | null) => (referrer ? { name: referrer.name, referral_code: referrer.referral_code } : null);

export async function getOnboardingProfile(db: DbOrTx, userId: string) {
  const row = await selectUserProfile(db, userId);
  const profile = row
    ? {
        age_range: row.ageRange,
        location: row.location,
        income_level: row.incomeLevel,
        trading_experience: row.tradingExperience,
        motivation: row.motivation,
        risk_tolerance: row.riskTolerance,
        time_availability: row.timeAvailability,
        learning_style: row.learningStyle,
        financial_goals: row.financialGoals,
        biggest_challenge: row.biggestChallenge,
        ideal_trading_day: row.idealTradingDay,
        contact_preference: row.contactPreference,
        best_contact_time: row.bestContactTime,
      }
    : null;
  return { profile, referrer: publicReferrer(await currentReferrer(db, userId)) } as {
    profile: Omit<ProfileQuestionnaire, 'referral_code'> | null;
    referrer: { name: string; referral_code: string } | null;
  };
}

/**
 * Saves the questionnaire and, with a valid code, attaches the referrer to a user who has none
 * (never the user's own code; an existing referrer is kept). One transaction: a bad code saves nothing.
 */
export async function saveOnboardingProfile(db: Database, clock: Clock, userId: string, input: ProfileQuestionnaire) {
  return db.transaction(async (tx) => {
    let referral: 'attached' | 'already_referred' | 'none' = 'none';
    if (input.referral_code) {
      const referrer = await findReferrer(tx, userId, input.referral_code);
      referral = (await attachReferrer(tx, userId, referrer.id)) ? 'attached' : 'already_referred';
    }
    const now = clock.now();
    const values = {
      ageRange: input.age_range,
      location: input.location || null,
      incomeLevel: input.income_level,
      tradingExperience: input.trading_experience,
      motivation: input.motivation || null,
      riskTolerance: input.risk_tolerance,
      timeAvailability: input.time_availability,
      learningStyle: input.learning_style,
      financialGoals: input.financial_goals || null,
      biggestChallenge: input.biggest_challenge || null,
      idealTradingDay: input.ideal_trading_day || null,
      contactPreference: input.contact_preference,
      bestContactTime: input.best_contact_time,
      updatedAt: now,
    };
    await upsertUserProfile(tx, userId, values, now);
    return { status: 'success' as const, referral, referrer: publicReferrer(await currentReferrer(tx, userId)) };
  });
}
