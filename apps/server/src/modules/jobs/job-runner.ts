import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../app-deps.ts';
import { claimDueJobs, markJobFailed, markJobSucceeded } from './job-queue.ts';
import type { JobRow } from './jobs.queries.ts';

export type JobContext = { deps: AppDeps; jobId: number; attempt: number };
export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

export type JobRunnerOptions = {
  /** Recorded in jobs.locked_by; defaults to a random id per runner. */
  workerId?: string;
  /** Polling interval of start(); default 1000 ms. */
  pollMs?: number;
  /** Jobs claimed (and run side by side) per round; default 10. */
  batchSize?: number;
  /** How long a claim holds before another worker may take the job over; default 5 minutes. */
  lockMs?: number;
};

const DEFAULT_LOCK_MS = 5 * 60_000;

/**
 * Runs due jobs with the registered handlers. Time comes only from deps.clock: tests move a fixed
 * clock and call runDue(); the server calls start() to poll.
 */
export class JobRunner {
  readonly workerId: string;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly lockMs: number;
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<number> | undefined;
  private stopping = false;

  constructor(
    private readonly deps: AppDeps,
    private readonly handlers: Record<string, JobHandler>,
    options: JobRunnerOptions = {},
  ) {
    this.workerId = options.workerId ?? `worker-${randomUUID()}`;
    this.pollMs = options.pollMs ?? 1000;
    this.batchSize = options.batchSize ?? 10;
    this.lockMs = options.lockMs ?? DEFAULT_LOCK_MS;
  }

  /** Runs every job due at deps.clock.now() (and any due job those jobs add); returns how many ran. */
  runDue(): Promise<number> {
    // One round at a time per runner: a call made while a round runs waits for it, then runs.
    const previous = this.current ?? Promise.resolve(0);
    const next = previous.catch(() => 0).then(() => this.runRounds());
    this.current = next;
    void next.finally(() => {
      if (this.current === next) this.current = undefined;
    }).catch(() => undefined);
    return next;
  }

  start(): void {
    if (this.timer) return;
    this.stopping = false;
    this.timer = setInterval(() => {
      if (this.current) return;
      this.runDue().catch((error: unknown) => {
        console.error(`job runner ${this.workerId}: polling failed`, error);
      });
    }, this.pollMs);
    this.timer.unref();
  }

  /** Stops polling and waits for the round in progress to finish. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.current?.catch(() => undefined);
    this.stopping = false;
  }

  private async runRounds(): Promise<number> {
    let ran = 0;
    while (!this.stopping) {
      const claimed = await claimDueJobs(this.deps.db, {
        now: this.deps.clock.now(),
        workerId: this.workerId,
        limit: this.batchSize,
        lockMs: this.lockMs,
      });
      if (claimed.length === 0) break;
      await Promise.all(claimed.map((job) => this.runOne(job)));
      ran += claimed.length;
    }
    return ran;
  }

  private async runOne(job: JobRow): Promise<void> {
    const { db, clock } = this.deps;
    if (job.attempts > job.maxAttempts) {
      // Its worker died while running the last allowed attempt.
      await markJobFailed(db, job, this.workerId, clock.now(), new Error('The worker running this job stopped before it finished, and no attempts are left.'));
      return;
    }
    const handler = Object.hasOwn(this.handlers, job.name) ? this.handlers[job.name] : undefined;
    try {
      if (!handler) throw new Error(`No handler is registered for job "${job.name}".`);
      await handler(job.payload, { deps: this.deps, jobId: job.id, attempt: job.attempts });
    } catch (error) {
      await markJobFailed(db, job, this.workerId, clock.now(), error);
      return;
    }
    await markJobSucceeded(db, job, this.workerId, clock.now());
  }
}
