import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goalCheckIns, goals } from '@myeai/db';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { createCommission } from '../../commissions/index.ts';
import { goalTier, registerNewcomer } from '../../trials/__tests__/newcomer-helpers.ts';

/** Goal values are integer hundredths of the goal's unit in the database and the goal's unit at the API (decision 061). */
describe.each(testDatabaseKinds())('goal values in hundredths on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  async function approvedGoal(tier: Record<string, unknown>) {
    const me = await registerNewcomer(t, 'Value Owner');
    const created = await t.inject({ method: 'POST', url: '/api/goals/setup', cookie: me.cookie, payload: { short_term: goalTier(t, 30, tier) } });
    expect(created.statusCode, created.body).toBe(201);
    const goalId = created.json().goals[0].id as string;
    expect((await t.inject({ method: 'POST', url: `/api/goals/${goalId}/review`, cookie: admin, payload: { action: 'approve' } })).statusCode).toBe(200);
    return { me, goalId, created: created.json().goals[0] };
  }
  const stored = async (goalId: string) => (await t.database.db.select().from(goals).where(eq(goals.id, goalId)))[0]!;
  const view = async (cookie: string, goalId: string) => (await t.inject({ method: 'GET', url: `/api/goals/${goalId}`, cookie })).json();

  it('round-trips $0.01 and $999,999,999.99 targets: cents in the database, the same dollars back', async () => {
    for (const [dollars, cents] of [
      [0.01, 1],
      [999_999_999.99, 99_999_999_999],
    ] as const) {
      const { me, goalId, created } = await approvedGoal({ target_value: dollars });
      expect(created.target_value).toBe(dollars);
      expect((await stored(goalId)).targetHundredths).toBe(cents);
      expect(await view(me.cookie, goalId)).toMatchObject({ target_value: dollars, current_value: 0, ledger_fed: true });
    }
  });

  it('adds commissions of 10 and 20 cents to exactly $0.30 and completes a $0.30 goal (0.1 + 0.2)', async () => {
    const { me, goalId } = await approvedGoal({ target_value: 0.3 });
    for (const [ref, amountCents] of [
      ['a', 10],
      ['b', 20],
    ] as const) {
      await createCommission(t.database.db, t.clock, { userId: me.id, productId: null, productName: 'Course', source: 'conversion', sourceReference: `cents-${ref}-${goalId}`, amountCents, rateBp: null });
    }
    const shown = await view(me.cookie, goalId);
    expect(shown).toMatchObject({ status: 'completed', current_value: 0.3, target_value: 0.3, progress_percent: 100 });
    expect(shown.history.map((h: { value: number }) => h.value)).toEqual([0.1, 0.3]);
  });

  it('keeps a check-in of 7 clients 7 (stored as 700) and refuses a third decimal with a 400 that changes nothing', async () => {
    const { me, goalId } = await approvedGoal({ goal_type: 'lifestyle', unit: 'count', title: 'Sign 12 new clients', target_value: 12 });
    const seven = await t.inject({ method: 'POST', url: `/api/goals/${goalId}/check-ins`, cookie: me.cookie, payload: { value: 7, note: 'Seven signed' } });
    expect(seven.statusCode, seven.body).toBe(201);
    expect(seven.json()).toMatchObject({ current_value: 7, target_value: 12, history: [{ value: 7, note: 'Seven signed' }] });
    expect((await stored(goalId)).currentHundredths).toBe(700);
    expect((await t.database.db.select().from(goalCheckIns).where(eq(goalCheckIns.goalId, goalId))).map((c) => c.valueHundredths)).toEqual([700]);

    for (const value of [7.125, 0.1 + 0.2]) {
      const refused = await t.inject({ method: 'POST', url: `/api/goals/${goalId}/check-ins`, cookie: me.cookie, payload: { value } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe('Use at most 2 decimals, e.g. 1250.50.');
    }
    const setup = await t.inject({ method: 'POST', url: '/api/goals/setup', cookie: me.cookie, payload: { short_term: goalTier(t, 30, { target_value: 1500.005 }) } });
    expect(setup.statusCode).toBe(400);
    expect((await stored(goalId)).currentHundredths).toBe(700);
    expect(await t.database.db.select().from(goalCheckIns).where(eq(goalCheckIns.goalId, goalId))).toHaveLength(1);
  });

  it('migration 0037 converts numeric(16,2) rows exactly to hundredths', async () => {
    const migration = readFileSync(new URL('../../../../../../packages/db/migrations/0037_goal_values_integer.sql', import.meta.url), 'utf8');
    const rolledBack = new Error('rolled back');
    // The old columns in a scratch schema, inside a transaction that is rolled back: the real tables are untouched.
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw('create schema goal_values_0037'));
        await tx.execute(sql.raw('set local search_path to goal_values_0037'));
        await tx.execute(sql.raw('create table goals (id int primary key, target_value numeric(16,2) not null, current_value numeric(16,2) not null default 0)'));
        await tx.execute(sql.raw('create table goal_check_ins (id int primary key, value numeric(16,2) not null)'));
        await tx.execute(sql.raw("insert into goals (id, target_value, current_value) values (1, 0.01, 0.30), (2, 999999999.99, 7), (3, 99999999999999.99, 0)"));
        await tx.execute(sql.raw('insert into goal_check_ins (id, value) values (1, 0.10), (2, 0.30), (3, 7)'));
        for (const statement of migration.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
        const rows = async (query: string) => ((await tx.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => Object.values(row).map(String));
        expect(await rows('select id, target_hundredths, current_hundredths from goals order by id')).toEqual([
          ['1', '1', '30'],
          ['2', '99999999999', '700'],
          ['3', '9999999999999999', '0'],
        ]);
        expect(await rows('select id, value_hundredths from goal_check_ins order by id')).toEqual([
          ['1', '10'],
          ['2', '30'],
          ['3', '700'],
        ]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
