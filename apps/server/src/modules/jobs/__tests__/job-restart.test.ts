import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox, openDatabase, type DatabaseHandle } from '@myeai/db';
import { createTestApp, TEST_NOW } from '../../../testing/test-app.ts';
import { createTestDatabase, testDatabaseKinds, type DatabaseKind } from '../../../testing/test-database.ts';
import { enqueueMail } from '../../mail/index.ts';
import { enqueueJob } from '../index.ts';

/**
 * A scheduled job lives in the database, not in a timer: it survives the process. Each "instance"
 * opens the database afresh (PGlite: the same data folder; PostgreSQL: the same URL).
 */
async function storage(kind: DatabaseKind): Promise<{ open: () => Promise<DatabaseHandle>; cleanup: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'myeai-jobs-restart-'));
    return { open: () => openDatabase({ kind: 'pglite', dataDir }), cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const base = await createTestDatabase('postgres');
  if (base.kind !== 'postgres') throw new Error('expected PostgreSQL');
  return { open: () => openDatabase({ kind: 'postgres', connectionString: base.connectionString, poolSize: 3 }), cleanup: () => base.close() };
}

describe.each(testDatabaseKinds())('scheduled jobs across a restart on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('a job scheduled for later runs after the app is closed and opened again on the same database', async () => {
    const store = await storage(kind);
    cleanups.push(store.cleanup);

    const firstDatabase = await store.open();
    const first = await createTestApp(kind, {}, { database: firstDatabase });
    const inOneHour = new Date(TEST_NOW.getTime() + 3600_000);
    const mail = await first.database.db.transaction(async (tx) => {
      const { id } = await enqueueMail(tx, first.clock, { kind: 'reminder', to: 'later@example.com', subject: 'Later', text: 'Scheduled before a restart.' });
      await tx.update(jobs).set({ runAt: inOneHour }).where(eq(jobs.dedupeKey, `mail:${id}`));
      return { id };
    });
    const scheduled = await enqueueJob(first.database.db, first.clock, { name: 'nobody.handles.this', payload: { keep: true }, runAt: inOneHour, maxAttempts: 1 });
    expect(await first.runJobs()).toBe(0);
    await first.close();
    await firstDatabase.close();

    const secondDatabase = await store.open();
    const second = await createTestApp(kind, {}, { database: secondDatabase });
    cleanups.push(async () => {
      await second.close();
      await secondDatabase.close();
    });
    second.clock.set(new Date(inOneHour.getTime() - 1));
    expect(await second.runJobs()).toBe(0);
    second.clock.advance(1);
    expect(await second.runJobs()).toBe(2);

    const [outbox] = await second.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(outbox).toMatchObject({ status: 'sent', sentAt: inOneHour });
    const [job] = await second.database.db.select().from(jobs).where(eq(jobs.id, scheduled.id));
    expect(job).toMatchObject({ status: 'failed', attempts: 1, payload: { keep: true } });
  });
});
