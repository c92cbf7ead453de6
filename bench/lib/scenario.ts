import type pg from 'pg';
import type { Database } from '@myeai/db';
import type { Role } from '@myeai/domain';

/**
 * What a scenario file (bench/scenarios/<name>.ts) works with. A scenario exports
 * `scenario = defineScenario({...})`; run.ts finds every file in that folder by itself.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request, fired over and over by autocannon at the real app and at its ceiling. */
export type HttpRequest = {
  method?: HttpMethod;
  /** Path and query string, e.g. '/api/leads?page=1'. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
};

/**
 * What an HTTP scenario's setup returns: the request to measure and, for a read the app keeps
 * in memory per user, a request by the same user that changes their data (so the app drops
 * what it holds for them). With it, the run also times the read right after that change, one at
 * a time: the database path, which the load test (answered from memory) no longer shows.
 */
export type HttpScenarioRequest = HttpRequest & { invalidatedBy?: HttpRequest };

/** Latency of a read on the database path (right after the user's data changed), from `samples` sequential rounds. */
export type UncachedStats = { p50Ms: number; p99Ms: number; samples: number };

/** A signed-in user of the bench database: `cookie` is the value of a Cookie header. */
export type BenchUser = { id: string; email: string; cookie: string };

export type BenchContext = {
  /** The real app, e.g. http://127.0.0.1:40123. */
  baseUrl: string;
  /** Drizzle on the bench database (the same database the app uses). */
  db: Database;
  /** Raw SQL on the bench database, for set-based data generation (INSERT ... SELECT generate_series). */
  sql: (text: string, params?: unknown[]) => Promise<pg.QueryResult>;
  /** The benchmark user (affiliate): 2,000 of the 1,000,000 notifications are theirs. */
  benchUser: BenchUser;
  /** A new user with a real session (created through the session service); roles default to affiliate. */
  createUser: (options?: { roles?: Role[]; name?: string }) => Promise<BenchUser>;
  /** Prints a progress line. */
  log: (message: string) => void;
};

export type LoadStats = {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

export type HttpScenarioResult = {
  kind: 'http';
  name: string;
  description: string;
  request: { method: HttpMethod; path: string };
  responseBytes: number;
  app: LoadStats;
  ceiling: LoadStats;
  /** app req/s divided by ceiling req/s. */
  ratio: number;
  /** Present when the scenario named a request that invalidates the user's cached reads. */
  uncached?: UncachedStats;
};

export type TimedScenarioResult = {
  kind: 'timed';
  name: string;
  description: string;
  /** Whatever the scenario measured, e.g. { importMs: 812, insertMs: 455 }. */
  metrics: Record<string, number>;
};

export type ScenarioResult = HttpScenarioResult | TimedScenarioResult;

/** pass null: could not be judged in this run (e.g. the scenario compared against was not run). */
export type TargetOutcome = { pass: boolean | null; actual: string };

export type Target<R extends ScenarioResult> = {
  /** e.g. 'ratio >= 0.2'. */
  label: string;
  /** A stretch goal ("we aim for 0.5"): reported, but a miss is not a missed target. */
  isAim?: boolean;
  check: (result: R, all: ReadonlyMap<string, ScenarioResult>) => TargetOutcome;
};

/** Measured with autocannon against the real app and against a bare server replaying its response. */
export type HttpScenario = {
  kind?: 'http';
  name: string;
  description: string;
  /** Prepares data (through ctx) and returns the request to measure. */
  setup: (ctx: BenchContext) => Promise<HttpScenarioRequest>;
  targets: Target<HttpScenarioResult>[];
};

/** Anything that is not one repeated request (e.g. a CSV import timed against a plain INSERT). */
export type TimedScenario = {
  kind: 'timed';
  name: string;
  description: string;
  run: (ctx: BenchContext) => Promise<Record<string, number>>;
  targets: Target<TimedScenarioResult>[];
};

export type Scenario = HttpScenario | TimedScenario;

export function defineScenario<S extends Scenario>(scenario: S): S {
  return scenario;
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** The app reaches at least `min` of its ceiling's throughput. */
export function ratioAtLeast(min: number, options: { isAim?: boolean } = {}): Target<HttpScenarioResult> {
  return {
    label: `ratio >= ${min}`,
    isAim: options.isAim,
    check: (result) => ({ pass: result.ratio >= min, actual: String(round(result.ratio)) }),
  };
}

/** This scenario's app latency (p50 or p99) is at most `factor` times that of another HTTP scenario of the run. */
export function latencyWithinFactorOf(
  otherScenario: string,
  factor: number,
  percentile: 'p50' | 'p99' = 'p50',
): Target<HttpScenarioResult> {
  const key = percentile === 'p50' ? 'p50Ms' : 'p99Ms';
  return {
    label: `${percentile} <= ${factor}x ${otherScenario}`,
    check: (result, all) => {
      const other = all.get(otherScenario);
      if (!other || other.kind !== 'http') return { pass: null, actual: `${otherScenario} not run` };
      const times = other.app[key] > 0 ? result.app[key] / other.app[key] : Number.POSITIVE_INFINITY;
      return { pass: times <= factor, actual: `${round(times)}x (${result.app[key]} vs ${other.app[key]} ms)` };
    },
  };
}

/**
 * This scenario's latency on the database path (see HttpScenarioRequest) is at most `factor`
 * times that of another scenario: e.g. 100,000 leads read as fast as 1,000, since every figure
 * comes from an index range or an aggregate, never a scan.
 */
export function uncachedLatencyWithinFactorOf(otherScenario: string, factor: number, percentile: 'p50' | 'p99' = 'p50'): Target<HttpScenarioResult> {
  const key = percentile === 'p50' ? 'p50Ms' : 'p99Ms';
  return {
    label: `uncached ${percentile} <= ${factor}x ${otherScenario}`,
    check: (result, all) => {
      const other = all.get(otherScenario);
      if (!other || other.kind !== 'http' || !other.uncached) return { pass: null, actual: `${otherScenario} uncached not run` };
      if (!result.uncached) return { pass: null, actual: 'uncached not measured' };
      const a = result.uncached[key];
      const b = other.uncached[key];
      const times = b > 0 ? a / b : Number.POSITIVE_INFINITY;
      return { pass: times <= factor, actual: `${round(times)}x (${round(a)} vs ${round(b)} ms)` };
    },
  };
}

/** A timed scenario's metric `of` is at most `factor` times its metric `base`. */
export function metricWithinFactor(of: string, base: string, factor: number): Target<TimedScenarioResult> {
  return {
    label: `${of} <= ${factor}x ${base}`,
    check: (result) => {
      const a = result.metrics[of];
      const b = result.metrics[base];
      if (a === undefined || b === undefined) return { pass: null, actual: `missing metric ${a === undefined ? of : base}` };
      const times = b > 0 ? a / b : Number.POSITIVE_INFINITY;
      return { pass: times <= factor, actual: `${round(times)}x (${round(a)} vs ${round(b)})` };
    },
  };
}

/** A timed scenario's metric `of` is at most `max` (an absolute the issue names, e.g. "well under a second"). */
export function metricAtMost(of: string, max: number): Target<TimedScenarioResult> {
  return {
    label: `${of} <= ${max}`,
    check: (result) => {
      const value = result.metrics[of];
      if (value === undefined) return { pass: null, actual: `missing metric ${of}` };
      return { pass: value <= max, actual: `${round(value)}` };
    },
  };
}

/**
 * A write by `user` that leaves their data as it is but counts as a change of it: their own
 * notification settings saved again, unchanged. For HttpScenarioRequest.invalidatedBy.
 */
export async function unchangedSettingsSave(ctx: BenchContext, user: BenchUser): Promise<HttpRequest> {
  const response = await fetch(new URL('/api/notifications/settings', ctx.baseUrl), { headers: { cookie: user.cookie } });
  if (!response.ok) throw new Error(`GET /api/notifications/settings answered ${response.status}`);
  return {
    method: 'PUT',
    path: '/api/notifications/settings',
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    body: JSON.stringify(await response.json()),
  };
}
