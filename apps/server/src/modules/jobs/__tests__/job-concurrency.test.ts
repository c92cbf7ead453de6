import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, openDatabase, type DatabaseHandle } from '@myeai/db';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { enqueueJob, JobRunner, type JobHandler } from '../index.ts';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Two app instances (two connection pools) on one PostgreSQL claim from the same queue at once. */
describe.skipIf(!hasPostgres)('two runners on one PostgreSQL', () => {
  let one: TestApp;
  let otherDatabase: DatabaseHandle;
  let two: TestApp;

  beforeAll(async () => {
    one = await createTestApp('postgres');
    if (one.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    otherDatabase = await openDatabase({ kind: 'postgres', connectionString: one.database.connectionString, poolSize: 5 });
    two = await createTestApp('postgres', {}, { database: otherDatabase });
    await one.clearQueues();
  });
  afterAll(async () => {
    await two?.close();
    await otherDatabase?.close();
    await one?.close();
  });

  it('never run one job twice, and together run every job', async () => {
    const runs: { jobId: number; worker: string }[] = [];
    const handler = (worker: string): JobHandler => async (_payload, { jobId }) => {
      runs.push({ jobId, worker });
      // Yield so the other runner's claim overlaps with this one's work.
      await new Promise((resolve) => setTimeout(resolve, 2));
    };
    const total = 120;
    for (let i = 0; i < total; i += 1) await enqueueJob(one.database.db, one.clock, { name: 'test.count', payload: { i } });

    const runnerA = new JobRunner(one.app.deps, { 'test.count': handler('a') }, { workerId: 'a', batchSize: 4 });
    const runnerB = new JobRunner(two.app.deps, { 'test.count': handler('b') }, { workerId: 'b', batchSize: 4 });
    const [ranA, ranB] = await Promise.all([runnerA.runDue(), runnerB.runDue()]);

    expect(ranA + ranB).toBe(total);
    const ids = runs.map((run) => run.jobId);
    expect(new Set(ids).size).toBe(total);
    expect(ids).toHaveLength(total);
    // Both took part: the claims really were concurrent.
    expect(ranA).toBeGreaterThan(0);
    expect(ranB).toBeGreaterThan(0);
    const rows = await one.database.db.select({ status: jobs.status, attempts: jobs.attempts }).from(jobs);
    expect(rows.every((row) => row.status === 'succeeded' && row.attempts === 1)).toBe(true);
  });
});
