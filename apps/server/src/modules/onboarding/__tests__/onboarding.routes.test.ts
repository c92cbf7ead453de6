import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userProfiles, users } from '@myeai/db';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { getUserByEmail } from '../../auth/index.ts';
import { registerNewcomer } from '../../trials/__tests__/newcomer-helpers.ts';

describe.each(testDatabaseKinds())('onboarding referral step and questionnaire on %s', (kind) => {
  let t: TestApp;
  let affiliateCode: string;
  let affiliateId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const affiliate = (await getUserByEmail(t.database.db, 'affiliate@demo.myeai.local'))!;
    affiliateCode = affiliate.referralCode;
    affiliateId = affiliate.id;
  });
  afterAll(() => t.close());

  const referredBy = async (id: string) => (await t.database.db.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, id)))[0]!.referredBy;
  const saveProfile = (cookie: string, payload: Record<string, unknown>) => t.inject({ method: 'POST', url: '/api/referrals/profile', cookie, payload });

  it('looks a valid code up on the server and shows the real referrer’s first name', async () => {
    const { cookie } = await registerNewcomer(t);
    const response = await t.inject({ method: 'GET', url: `/api/referrals/lookup?code=${affiliateCode.toLowerCase()}`, cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', referrer: { name: 'Alex', referral_code: affiliateCode } });
  });

  it('says an unknown or malformed code is invalid', async () => {
    const { cookie } = await registerNewcomer(t);
    for (const code of ['ZZZZ2222', 'abc', '<script>']) {
      const response = await t.inject({ method: 'GET', url: `/api/referrals/lookup?code=${encodeURIComponent(code)}`, cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: 'Invalid referral code' } });
    }
  });

  it('refuses the user’s own code, in the look-up and in the save, and attaches nothing', async () => {
    const me = await registerNewcomer(t);
    const lookup = await t.inject({ method: 'GET', url: `/api/referrals/lookup?code=${me.referralCode}`, cookie: me.cookie });
    expect(lookup.statusCode).toBe(400);
    expect(lookup.json().error.message).toBe('You cannot use your own referral code.');
    const save = await saveProfile(me.cookie, { age_range: '26-35', referral_code: me.referralCode });
    expect(save.statusCode).toBe(400);
    expect(save.json().error.message).toBe('You cannot use your own referral code.');
    expect(await referredBy(me.id)).toBeNull();
    const stored = await t.database.db.select().from(userProfiles).where(eq(userProfiles.userId, me.id));
    expect(stored).toEqual([]);
  });

  it('saves the questionnaire with its defaults and attaches the referrer to a user who has none', async () => {
    const me = await registerNewcomer(t);
    const response = await saveProfile(me.cookie, {
      age_range: '26-35',
      income_level: '30-60k',
      trading_experience: 'beginner',
      risk_tolerance: 'moderate',
      time_availability: '5-10',
      learning_style: 'hands-on',
      location: ' Lisbon ',
      motivation: 'Build a side business',
      referral_code: affiliateCode,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', referral: 'attached', referrer: { name: 'Alex', referral_code: affiliateCode } });
    expect(await referredBy(me.id)).toBe(affiliateId);
    const read = await t.inject({ method: 'GET', url: '/api/referrals/profile', cookie: me.cookie });
    expect(read.json()).toMatchObject({
      profile: { age_range: '26-35', location: 'Lisbon', learning_style: 'hands-on', contact_preference: 'email', best_contact_time: 'evening', ideal_trading_day: null },
      referrer: { name: 'Alex' },
    });
  });

  it('requires no question (the screen marks every one optional), and takes the code as the screen spells it (MYEAI-…)', async () => {
    const me = await registerNewcomer(t);
    const empty = await saveProfile(me.cookie, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ status: 'success', referral: 'none', referrer: null });
    const read = await t.inject({ method: 'GET', url: '/api/referrals/profile', cookie: me.cookie });
    expect(read.json().profile).toMatchObject({ age_range: null, trading_experience: null, contact_preference: 'email', best_contact_time: 'evening' });

    const other = await registerNewcomer(t);
    const prefixed = await saveProfile(other.cookie, { referral_code: `MYEAI-${affiliateCode}` });
    expect(prefixed.statusCode).toBe(200);
    expect(prefixed.json()).toMatchObject({ referral: 'attached', referrer: { name: 'Alex', referral_code: affiliateCode } });
    expect(await referredBy(other.id)).toBe(affiliateId);
  });

  it('keeps an existing referrer: a second code changes nothing', async () => {
    const me = await registerNewcomer(t);
    await saveProfile(me.cookie, { referral_code: affiliateCode });
    const trader = (await getUserByEmail(t.database.db, 'trader@demo.myeai.local'))!;
    const again = await saveProfile(me.cookie, { referral_code: trader.referralCode, contact_preference: 'phone' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ referral: 'already_referred', referrer: { name: 'Alex' } });
    expect(await referredBy(me.id)).toBe(affiliateId);
  });

  it('refuses an unknown code on save without saving anything, and options outside the spec', async () => {
    const me = await registerNewcomer(t);
    const unknown = await saveProfile(me.cookie, { age_range: '18-25', referral_code: 'ZZZZ2222' });
    expect(unknown.statusCode).toBe(404);
    expect(await t.database.db.select().from(userProfiles).where(eq(userProfiles.userId, me.id))).toEqual([]);
    for (const bad of [{ age_range: '12-17' }, { learning_style: 'osmosis' }, { contact_preference: 'pigeon' }, { is_admin: true }]) {
      expect((await saveProfile(me.cookie, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const noCode = await saveProfile(me.cookie, {});
    expect(noCode.json()).toEqual({ status: 'success', referral: 'none', referrer: null });
  });

  it('needs a sign-in', async () => {
    expect((await t.inject({ method: 'GET', url: `/api/referrals/lookup?code=${affiliateCode}` })).statusCode).toBe(401);
  });
});
