import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import type { HttpRequest, LoadStats, UncachedStats } from './scenario.ts';

export type LoadSettings = { connections: number; durationSeconds: number; warmupSeconds: number };

/** Fires `request` at `baseUrl` for the configured time (after an unrecorded warm-up) and summarises. */
export async function measureLoad(baseUrl: string, request: HttpRequest, settings: LoadSettings): Promise<LoadStats> {
  const options = {
    url: new URL(request.path, baseUrl).href,
    method: request.method ?? 'GET',
    headers: request.headers,
    body: request.body,
    connections: settings.connections,
  };
  if (settings.warmupSeconds > 0) await autocannon({ ...options, duration: settings.warmupSeconds });
  const result = await autocannon({ ...options, duration: settings.durationSeconds });
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

async function send(baseUrl: string, request: HttpRequest): Promise<void> {
  const body = typeof request.body === 'string' || request.body === undefined ? request.body : new Uint8Array(request.body);
  const response = await fetch(new URL(request.path, baseUrl), { method: request.method ?? 'GET', headers: request.headers, body });
  await response.arrayBuffer();
  if (response.status < 200 || response.status > 299) throw new Error(`${request.method ?? 'GET'} ${request.path} answered ${response.status}`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * `samples` rounds of: `invalidate` (a change of the user's data, not timed), then `request`,
 * timed. The app answers a state-changing request only after dropping the user's cached reads,
 * so every timed read takes the database path.
 */
export async function measureUncached(baseUrl: string, request: HttpRequest, invalidate: HttpRequest, samples = 200, warmup = 20): Promise<UncachedStats> {
  const times: number[] = [];
  for (let i = 0; i < warmup + samples; i += 1) {
    await send(baseUrl, invalidate);
    const start = performance.now();
    await send(baseUrl, request);
    if (i >= warmup) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: Number(percentile(times, 50).toFixed(2)), p99Ms: Number(percentile(times, 99).toFixed(2)), samples };
}
