import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralAttributions, users } from '@myeai/db';
import { authPaths } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { attributeSignUp } from '../../referrals/index.ts';
import { registerLocalUser } from '../users.service.ts';

/**
 * Sign-up and its referral credit are one transaction (decision record 046): a crash after the
 * account is written and its credit decided, before the commit, leaves neither; the sign-up sent
 * again is credited once.
 */
describe.each(testDatabaseKinds())('a sign-up and its referral credit commit together on %s', (kind) => {
  let t: TestApp;
  let referrer: { id: string; referralCode: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    const [row] = await t.database.db.select({ id: users.id, referralCode: users.referralCode }).from(users).where(eq(users.email, 'affiliate@demo.myeai.local'));
    referrer = row!;
  });
  afterAll(() => t.close());

  const userByEmail = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
  const attributionsOf = (userId: string) => t.database.db.select().from(referralAttributions).where(eq(referralAttributions.userId, userId));

  it('a crash between the account and its credit keeps neither; registering again credits once', async () => {
    const email = `atomic-${Date.now()}@example.test`;
    const input = { name: 'Ada Atomic', email, password: 'correct horse battery', ref: referrer.referralCode };
    let createdId: string | null = null;
    await expect(
      registerLocalUser(t.database.db, t.clock, input, async (tx, user) => {
        createdId = user.id;
        await attributeSignUp(tx, t.clock, { userId: user.id, givenReferrerId: user.referredBy, visitorToken: undefined, address: '10.77.0.1' });
        // Not visible outside the transaction yet (PGlite has one connection: a read from outside would wait for the commit).
        if (kind === 'postgres') expect(await attributionsOf(user.id)).toHaveLength(0);
        throw new Error('the process died here');
      }),
    ).rejects.toThrow('the process died here');
    expect(createdId).not.toBeNull();
    expect(await userByEmail(email)).toBeUndefined();
    expect(await attributionsOf(createdId!)).toHaveLength(0);

    const response = await t.inject({ method: 'POST', url: authPaths.register, payload: input, remoteAddress: '10.77.0.2' });
    expect(response.statusCode, response.body).toBe(201);
    const user = await userByEmail(email);
    expect(user?.referredBy).toBe(referrer.id);
    expect((await attributionsOf(user!.id)).map((row) => [row.referrerId, row.status])).toEqual([[referrer.id, 'credited']]);
  });

  it('a failing credit decision refuses the sign-up instead of keeping an unchecked credit', async () => {
    const email = `atomic-fail-${Date.now()}@example.test`;
    await expect(
      registerLocalUser(t.database.db, t.clock, { name: 'Bo Broken', email, password: 'correct horse battery', ref: referrer.referralCode }, () => Promise.reject(new Error('attribution failed'))),
    ).rejects.toThrow('attribution failed');
    expect(await userByEmail(email)).toBeUndefined();
  });
});
