import { eq } from 'drizzle-orm';
import { users } from '@myeai/db';
import type { TestApp } from '../../../testing/test-app.ts';
import { SESSION_COOKIE } from '../../auth/index.ts';

let counter = 0;

/** Registers a fresh local account (a newcomer) from its own address and returns its cookie, id and code. */
export async function registerNewcomer(t: TestApp, name = 'Nova Newbie'): Promise<{ cookie: string; id: string; referralCode: string }> {
  counter += 1;
  const response = await t.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name, email: `newbie-${counter}-${Date.now()}@example.test`, password: 'correct horse battery' },
    remoteAddress: `10.9.${Math.floor(counter / 250)}.${counter % 250}`,
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  const session = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
  const user = response.json() as { user?: { id: string; referral_code: string }; id?: string; referral_code?: string };
  const profile = user.user ?? (user as { id: string; referral_code: string });
  // The tests using this are not about e-mail verification: the newcomer has confirmed the address (decision 057).
  await t.database.db.update(users).set({ emailVerifiedAt: t.clock.now() }).where(eq(users.id, profile.id));
  return { cookie: `${SESSION_COOKIE}=${session.value}`, id: profile.id, referralCode: profile.referral_code };
}

/** An ISO date `days` after the test clock's today. */
export function dayFromNow(t: TestApp, days: number): string {
  return new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

export function goalTier(t: TestApp, days: number, overrides: Record<string, unknown> = {}) {
  return {
    goal_type: 'monetary',
    title: 'Earn my first commission',
    description: 'Close three deals',
    target_value: 1500,
    unit: 'USD',
    why_important: 'Freedom for my family',
    daily_habits: ['Call two leads'],
    weekly_habits: ['Review the pipeline'],
    deadline: dayFromNow(t, days),
    ...overrides,
  };
}

/** Stores a short-term goal for the user (completes onboarding step 3). */
export async function completeGoals(t: TestApp, cookie: string): Promise<void> {
  const response = await t.inject({ method: 'POST', url: '/api/goals/setup', cookie, payload: { short_term: goalTier(t, 60) } });
  if (response.statusCode !== 201) throw new Error(`goal setup failed: ${response.body}`);
}
