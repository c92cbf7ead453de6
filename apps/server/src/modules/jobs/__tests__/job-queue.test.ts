import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, test, vi } from 'vitest';
import { auditLog, jobs, users } from '@myeai/db';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { enqueueJob, JobRunner, retryDelayMs, type JobHandler } from '../index.ts';

describe('retryDelayMs', () => {
  test.each([
    { attempts: 1, ms: 10_000 },
    { attempts: 2, ms: 20_000 },
    { attempts: 3, ms: 40_000 },
    { attempts: 9, ms: 2_560_000 },
    { attempts: 10, ms: 3_600_000 },
    { attempts: 60, ms: 3_600_000 },
  ])('after $attempts failed tries waits $ms ms', ({ attempts, ms }) => {
    expect(retryDelayMs(attempts)).toBe(ms);
  });
});

describe.each(testDatabaseKinds())('job queue on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const ran: { name: string; payload: unknown; jobId: number; attempt: number }[] = [];
  let flakyFailuresLeft = 0;
  const handlers: Record<string, JobHandler> = {
    'test.record': async (payload, { jobId, attempt }) => {
      ran.push({ name: 'test.record', payload, jobId, attempt });
    },
    'test.flaky': async (payload, { jobId, attempt }) => {
      ran.push({ name: 'test.flaky', payload, jobId, attempt });
      if (flakyFailuresLeft > 0) {
        flakyFailuresLeft -= 1;
        throw new Error(`flaky failure on attempt ${attempt}`);
      }
    },
  };
  let runner: JobRunner;
  const jobRow = async (id: number) => (await t.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
  const listJobs = (query: string, cookie?: string) => t.inject({ method: 'GET', url: `/api/admin/jobs${query}`, cookie });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.clearQueues();
    admin = await t.signInAs('admin');
    runner = new JobRunner(t.app.deps, handlers, { workerId: 'test-worker' });
  });
  afterAll(() => t.close());

  it('enqueues a job and runs it once it is due, never before', async () => {
    ran.length = 0;
    const now = { id: (await enqueueJob(t.database.db, t.clock, { name: 'test.record', payload: { n: 1 } })).id };
    const later = await enqueueJob(t.database.db, t.clock, { name: 'test.record', payload: { n: 2 }, runAt: new Date(t.clock.now().getTime() + 60_000) });

    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual([{ name: 'test.record', payload: { n: 1 }, jobId: now.id, attempt: 1 }]);
    expect(await jobRow(now.id)).toMatchObject({ status: 'succeeded', attempts: 1, lockedBy: null, finishedAt: t.clock.now() });
    expect(await jobRow(later.id)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await runner.runDue()).toBe(0);

    t.clock.advance(59_999);
    expect(await runner.runDue()).toBe(0);
    t.clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    expect(ran.map((r) => r.payload)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await jobRow(later.id)).toMatchObject({ status: 'succeeded' });
  });

  it('a dedupeKey makes enqueueing idempotent: the same key returns the same job and adds nothing', async () => {
    const first = await enqueueJob(t.database.db, t.clock, { name: 'test.record', payload: { n: 'a' }, dedupeKey: 'welcome:42' });
    const second = await enqueueJob(t.database.db, t.clock, { name: 'test.record', payload: { n: 'b' }, dedupeKey: 'welcome:42' });
    expect(second.id).toBe(first.id);
    expect(await t.database.db.select().from(jobs).where(eq(jobs.dedupeKey, 'welcome:42'))).toHaveLength(1);
    ran.length = 0;
    expect(await runner.runDue()).toBe(1);
    expect(ran.map((r) => r.payload)).toEqual([{ n: 'a' }]);
    const third = await enqueueJob(t.database.db, t.clock, { name: 'test.record', payload: { n: 'c' }, dedupeKey: 'welcome:42' });
    expect(third.id).toBe(first.id);
    expect(await runner.runDue()).toBe(0);
  });

  it('enqueueing inside a transaction that rolls back leaves no job', async () => {
    const before = await t.database.db.select({ id: jobs.id }).from(jobs);
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueJob(tx, t.clock, { name: 'test.record', payload: { n: 'phantom' } });
        throw new Error('the business write failed');
      }),
    ).rejects.toThrow('the business write failed');
    expect(await t.database.db.select({ id: jobs.id }).from(jobs)).toEqual(before);
  });

  it('a failing job is retried with exponential backoff on the clock, then recorded as failed', async () => {
    flakyFailuresLeft = 100;
    ran.length = 0;
    const { id } = await enqueueJob(t.database.db, t.clock, { name: 'test.flaky', payload: { step: 'x' }, maxAttempts: 3 });

    expect(await runner.runDue()).toBe(1);
    let row = await jobRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'flaky failure on attempt 1', lockedBy: null, lockedUntil: null });
    expect(row.runAt).toEqual(new Date(t.clock.now().getTime() + 10_000));

    t.clock.advance(9_999);
    expect(await runner.runDue()).toBe(0);
    t.clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 2, lastError: 'flaky failure on attempt 2' });
    expect(row.runAt).toEqual(new Date(t.clock.now().getTime() + 20_000));

    t.clock.advance(20_000);
    expect(await runner.runDue()).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'flaky failure on attempt 3', finishedAt: t.clock.now() });
    expect(ran.map((r) => r.attempt)).toEqual([1, 2, 3]);

    t.clock.advance(24 * 3600_000);
    expect(await runner.runDue()).toBe(0);
  });

  it('a job with an unknown name fails with a clear error', async () => {
    const { id } = await enqueueJob(t.database.db, t.clock, { name: 'nobody.handles.this', payload: {}, maxAttempts: 1 });
    expect(await runner.runDue()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'No handler is registered for job "nobody.handles.this".' });
  });

  it('failed jobs are listed for an admin (newest first, with the total), refused to anyone else', async () => {
    const response = await listJobs('?status=failed', admin);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.total).toBe(2);
    expect(page.items.map((j: { name: string }) => j.name)).toEqual(['nobody.handles.this', 'test.flaky']);
    expect(page.items[1]).toMatchObject({ status: 'failed', attempts: 3, max_attempts: 3, last_error: 'flaky failure on attempt 3' });
    expect(page.next_cursor).toBeNull();

    for (const role of ['affiliate', 'trader', 'subscriber'] as const) {
      const refused = await listJobs('?status=failed', await t.signInAs(role));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    }
    expect((await listJobs('?status=failed')).statusCode).toBe(401);
    expect((await listJobs('?status=exploded', admin)).statusCode).toBe(400);
    expect((await listJobs('?cursor=abc', admin)).statusCode).toBe(400);
  });

  it('pages the job list by cursor without repeats', async () => {
    const all = (await listJobs('?limit=100', admin)).json();
    expect(all.total).toBe(5);
    expect(all.items).toHaveLength(5);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const response = await listJobs(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`, admin);
      expect(response.statusCode).toBe(200);
      const page = response.json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((j: { id: number }) => j.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((j: { id: number }) => j.id));
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it('an admin retries a failed job: it runs again, succeeds, and the retry is audited', async () => {
    const [flaky] = await t.database.db.select().from(jobs).where(eq(jobs.name, 'test.flaky'));
    flakyFailuresLeft = 0;

    const refused = await t.inject({ method: 'POST', url: `/api/admin/jobs/${flaky!.id}/retry`, cookie: await t.signInAs('affiliate') });
    expect(refused.statusCode).toBe(403);
    expect(await jobRow(flaky!.id)).toMatchObject({ status: 'failed' });

    t.clock.advance(1000);
    const response = await t.inject({ method: 'POST', url: `/api/admin/jobs/${flaky!.id}/retry`, cookie: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: flaky!.id, status: 'queued', attempts: 0, run_at: t.clock.now().toISOString(), finished_at: null });

    const [adminUser] = await t.database.db.select().from(users).where(eq(users.email, 'admin@demo.myeai.local'));
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'job.retry'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: adminUser!.id,
      target: `job:${flaky!.id}`,
      details: { name: 'test.flaky', attempts: 3, last_error: 'flaky failure on attempt 3' },
      createdAt: t.clock.now(),
    });

    ran.length = 0;
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual([{ name: 'test.flaky', payload: { step: 'x' }, jobId: flaky!.id, attempt: 1 }]);
    expect(await jobRow(flaky!.id)).toMatchObject({ status: 'succeeded', attempts: 1, lastError: null });
    expect((await listJobs('?status=failed', admin)).json().total).toBe(1);
  });

  it('retry refuses a job that is not failed (409) and an unknown job (404), writing no audit row', async () => {
    const auditBefore = (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'job.retry'))).length;
    const [succeeded] = await t.database.db.select().from(jobs).where(eq(jobs.status, 'succeeded')).limit(1);
    const conflict = await t.inject({ method: 'POST', url: `/api/admin/jobs/${succeeded!.id}/retry`, cookie: admin });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ error: { code: 'CONFLICT', message: 'Only a failed job can be retried.' } });
    const unknown = await t.inject({ method: 'POST', url: '/api/admin/jobs/999999/retry', cookie: admin });
    expect(unknown.statusCode).toBe(404);
    const invalid = await t.inject({ method: 'POST', url: '/api/admin/jobs/not-a-number/retry', cookie: admin });
    expect(invalid.statusCode).toBe(400);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'job.retry'))).toHaveLength(auditBefore);
  });

  it('a running job whose worker died is claimed again once its lock expires', async () => {
    const crashed = new JobRunner(t.app.deps, {
      'test.hang': () => new Promise<void>(() => undefined),
    }, { workerId: 'crashing-worker', lockMs: 60_000 });
    const { id } = await enqueueJob(t.database.db, t.clock, { name: 'test.hang', payload: { n: 'hang' }, maxAttempts: 2 });
    void crashed.runDue();
    await expect.poll(async () => (await jobRow(id)).status).toBe('running');
    expect(await jobRow(id)).toMatchObject({ lockedBy: 'crashing-worker', attempts: 1, lockedUntil: new Date(t.clock.now().getTime() + 60_000) });

    const rescuer = new JobRunner(t.app.deps, { 'test.hang': handlers['test.record']! }, { workerId: 'rescuer' });
    expect(await rescuer.runDue()).toBe(0);
    t.clock.advance(60_001);
    ran.length = 0;
    expect(await rescuer.runDue()).toBe(1);
    expect(ran).toEqual([{ name: 'test.record', payload: { n: 'hang' }, jobId: id, attempt: 2 }]);
    expect(await jobRow(id)).toMatchObject({ status: 'succeeded', attempts: 2, lockedBy: null });
  });

  it('a job whose worker died on its last attempt is recorded as failed, not run again', async () => {
    const { id } = await enqueueJob(t.database.db, t.clock, { name: 'test.hang', payload: {}, maxAttempts: 1 });
    const crashed = new JobRunner(t.app.deps, { 'test.hang': () => new Promise<void>(() => undefined) }, { workerId: 'dies', lockMs: 1000 });
    void crashed.runDue();
    await expect.poll(async () => (await jobRow(id)).status).toBe('running');
    t.clock.advance(1001);
    ran.length = 0;
    const rescuer = new JobRunner(t.app.deps, { 'test.hang': handlers['test.record']! }, { workerId: 'rescuer-2' });
    expect(await rescuer.runDue()).toBe(1);
    expect(ran).toEqual([]);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'The worker running this job stopped before it finished, and no attempts are left.' });
  });

  it('a late finish from the worker that lost its claim does not overwrite the new outcome', async () => {
    let release: () => void = () => undefined;
    const slow = new JobRunner(t.app.deps, { 'test.slow': () => new Promise<void>((resolve) => (release = resolve)) }, { workerId: 'slow', lockMs: 1000 });
    const { id } = await enqueueJob(t.database.db, t.clock, { name: 'test.slow', payload: {}, maxAttempts: 3 });
    const slowRound = slow.runDue();
    await expect.poll(async () => (await jobRow(id)).status).toBe('running');
    t.clock.advance(1001);
    const other = new JobRunner(t.app.deps, { 'test.slow': async () => { throw new Error('second worker failed'); } }, { workerId: 'other' });
    expect(await other.runDue()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 2, lastError: 'second worker failed' });
    release();
    expect(await slowRound).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 2, lastError: 'second worker failed' });
  });

  it('start() polls on its own and stop() waits for the round in progress', async () => {
    ran.length = 0;
    const poller = new JobRunner(t.app.deps, handlers, { workerId: 'poller', pollMs: 20 });
    await enqueueJob(t.database.db, t.clock, { name: 'test.record', payload: { n: 'polled' } });
    const intervals = vi.spyOn(globalThis, 'setInterval');
    const cleared = vi.spyOn(globalThis, 'clearInterval');
    try {
      poller.start();
      const timer = intervals.mock.results.at(-1)?.value as unknown;
      await expect.poll(() => ran.length, { timeout: 5000 }).toBe(1);
      await poller.stop();
      // Stopped means its interval is gone, so nothing can poll again (proved without waiting for a poll that does not come).
      expect(cleared).toHaveBeenCalledWith(timer);
    } finally {
      intervals.mockRestore();
      cleared.mockRestore();
    }
    await enqueueJob(t.database.db, t.clock, { name: 'test.record', payload: { n: 'after stop' } });
    expect(ran.map((r) => r.payload)).toEqual([{ n: 'polled' }]);
    expect(await runner.runDue()).toBe(1);
  });

  it('refuses a job without a name or with fewer than one attempt', async () => {
    await expect(enqueueJob(t.database.db, t.clock, { name: ' ', payload: {} })).rejects.toThrow('A job needs a name.');
    await expect(enqueueJob(t.database.db, t.clock, { name: 'x', payload: {}, maxAttempts: 0 })).rejects.toThrow(/maxAttempts/);
  });

  it('keeps the clock of the test: created_at is the fixed clock, not the wall clock', async () => {
    const [first] = await t.database.db.select().from(jobs).orderBy(jobs.id).limit(1);
    expect(first!.createdAt).toEqual(TEST_NOW);
  });
});
