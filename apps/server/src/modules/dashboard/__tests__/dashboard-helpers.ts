import { commissions, goals, leads, users } from '@myeai/db';
import type { Role } from '@myeai/domain';
import type { TestApp } from '../../../testing/test-app.ts';
import { createSession, createUser, SESSION_COOKIE } from '../../auth/index.ts';

let counter = 0;

/** A new user (affiliate unless told) with a session; returns the cookie, id and referral code. */
export async function createSignedInUser(t: TestApp, name: string, options: { roles?: Role[]; referredBy?: string | null; createdAt?: Date } = {}) {
  counter += 1;
  const clock = options.createdAt ? { now: () => options.createdAt! } : t.clock;
  const user = await createUser(t.database.db, clock, { email: `dash-${counter}-${Date.now()}@example.test`, name, roles: options.roles ?? ['affiliate'] });
  if (options.referredBy) {
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(users).set({ referredBy: options.referredBy }).where(eq(users.id, user.id));
  }
  const { token } = await createSession(t.database.db, t.clock, { userId: user.id, method: 'demo', userAgent: 'vitest', ttlDays: 30 });
  return { id: user.id, referralCode: user.referralCode, cookie: `${SESSION_COOKIE}=${token}` };
}

let leadCounter = 0;

/** Leads written straight to the table (the triggers keep the totals and the daily activity). */
export async function insertLeads(t: TestApp, userId: string, rows: { stage: (typeof leads.$inferInsert)['stage']; createdAt: string; updatedAt?: string; valueCents?: number }[]) {
  return t.database.db
    .insert(leads)
    .values(
      rows.map((row) => {
        leadCounter += 1;
        return {
          userId,
          name: `Lead ${leadCounter}`,
          email: `lead-${leadCounter}@example.test`,
          source: 'manual',
          stage: row.stage,
          valueCents: row.valueCents ?? 0,
          createdAt: new Date(row.createdAt),
          updatedAt: new Date(row.updatedAt ?? row.createdAt),
        };
      }),
    )
    .returning({ id: leads.id });
}

let commissionCounter = 0;

export async function insertCommission(
  t: TestApp,
  userId: string,
  row: { amountCents: number; status: 'pending' | 'processing' | 'paid'; earnedAt: string; paidAt?: string; originUserId?: string },
) {
  commissionCounter += 1;
  await t.database.db.insert(commissions).values({
    userId,
    productId: null,
    source: 'adjustment',
    sourceReference: `dashboard-test-${commissionCounter}-${Date.now()}`,
    productName: 'Test product',
    amountCents: row.amountCents,
    rateBp: null,
    status: row.status,
    earnedAt: new Date(row.earnedAt),
    processingAt: row.status === 'pending' ? null : new Date(row.earnedAt),
    paidAt: row.paidAt ? new Date(row.paidAt) : null,
    originUserId: row.originUserId ?? null,
  });
}

export async function insertGoal(
  t: TestApp,
  userId: string,
  row: { title: string; goalType?: string; unit?: string; status: string; target: number; current: number; deadline: string; createdAt: string; reviewedAt?: string; updatedAt?: string },
) {
  await t.database.db.insert(goals).values({
    userId,
    title: row.title,
    goalType: row.goalType ?? 'monetary',
    // target and current are whole units of the goal (dollars of a USD goal); stored as hundredths.
    targetHundredths: row.target * 100,
    currentHundredths: row.current * 100,
    unit: row.unit ?? 'USD',
    whyImportant: 'Because it matters',
    deadline: row.deadline,
    status: row.status,
    timeframe: 'short_term',
    createdAt: new Date(row.createdAt),
    submittedAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt ?? row.createdAt),
    reviewedAt: row.reviewedAt ? new Date(row.reviewedAt) : null,
  });
}
