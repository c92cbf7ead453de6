import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { usageEvents, type DbOrTx } from '@myeai/db';
import { fixedClock } from '../../../clock.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { registerNewcomer } from '../../trials/__tests__/newcomer-helpers.ts';
import { USAGE_BATCH_LINGER_MS, USAGE_QUEUE_HIGH_WATER, UsageWriter } from '../usage-writer.ts';

const event = { event_type: 'action' as const, component: 'test', action_details: {} };

/**
 * A database whose statements wait until `release` is called, and from then on answer at once
 * (rejecting them all with `fail`); `statements` counts them.
 */
function slowDatabase(fail = false) {
  const statements: number[] = [];
  let waiting: (() => void)[] = [];
  let open = false;
  const settle = (resolve: () => void, reject: (error: Error) => void) => (fail ? reject(new Error('database down')) : resolve());
  const db = {
    execute: () => {
      statements.push(statements.length + 1);
      return new Promise<void>((resolve, reject) => (open ? settle(resolve, reject) : waiting.push(() => settle(resolve, reject))));
    },
  } as unknown as DbOrTx;
  const release = async () => {
    open = true;
    const now = waiting;
    waiting = [];
    now.forEach((go) => go());
    await new Promise((r) => setImmediate(r));
  };
  const hold = () => {
    open = false;
  };
  return { db, statements, release, hold };
}

describe('UsageWriter', () => {
  const clock = fixedClock(new Date('2026-11-25T12:00:00.000Z'));

  it('accepts events at once and writes those gathered in one statement', async () => {
    const { db, statements, release } = slowDatabase();
    const writer = new UsageWriter(db, clock);
    await Promise.all(Array.from({ length: 10 }, () => writer.write('u1', event)));
    expect(writer.queued).toBe(10);
    const drained = writer.drain();
    await release();
    await drained;
    expect(statements).toHaveLength(1);
    expect(writer.queued).toBe(0);
  });

  it('writes a gathering batch by itself once it has lingered, and a full one at once', async () => {
    vi.useFakeTimers();
    try {
      const { db, statements, release, hold } = slowDatabase();
      const writer = new UsageWriter(db, clock);
      await writer.write('u1', event);
      vi.advanceTimersByTime(USAGE_BATCH_LINGER_MS - 1);
      expect(statements).toHaveLength(0);
      vi.advanceTimersByTime(1);
      expect(statements).toHaveLength(1);
      vi.useRealTimers();
      await release();
      await writer.drain();
      hold();
      for (let i = 0; i < 500; i += 1) await writer.write('u1', event);
      expect(statements).toHaveLength(2);
      await release();
      await writer.drain();
    } finally {
      vi.useRealTimers();
    }
  });

  it('makes callers wait for storage once the queue passes the high-water mark', async () => {
    const { db, release } = slowDatabase();
    const writer = new UsageWriter(db, clock);
    while (writer.queued < USAGE_QUEUE_HIGH_WATER) await writer.write('u1', event);
    let stored = false;
    const beyond = writer.write('u1', event).then(() => (stored = true));
    await new Promise((r) => setImmediate(r));
    expect(stored).toBe(false);
    await release();
    await beyond;
    expect(stored).toBe(true);
  });

  it('reports a batch it could not store, and fails the callers that were waiting for it', async () => {
    const { db, release } = slowDatabase(true);
    const lost: number[] = [];
    const writer = new UsageWriter(db, clock, (_error, count) => lost.push(count));
    let accepted = 0;
    while (writer.queued < USAGE_QUEUE_HIGH_WATER) {
      await writer.write('u1', event);
      accepted += 1;
    }
    const waiting = writer.write('u1', event);
    const settled = waiting.then(
      () => 'stored',
      () => 'failed',
    );
    await release();
    await writer.drain();
    expect(await settled).toBe('failed');
    expect(lost.reduce((a, b) => a + b, 0)).toBe(accepted + 1);
  });
});

describe.each(testDatabaseKinds())('usage events written behind the answer on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('stores every accepted event when the app closes (a restart or deploy loses nothing)', async () => {
    const me = await registerNewcomer(t);
    const second = await createTestApp(kind, {}, { database: t.database });
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        second.app.inject({
          method: 'POST',
          url: '/api/rbac/analytics/track-event',
          headers: { cookie: me.cookie, 'content-type': 'application/json' },
          payload: JSON.stringify({ event_type: 'session_start', component: 'app' }),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(25).fill(200));
    await second.close();
    expect(await t.database.db.select().from(usageEvents).where(eq(usageEvents.userId, me.id))).toHaveLength(25);
  });
});
