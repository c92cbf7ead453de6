import autocannon from 'autocannon';
import type { HttpRequest, LoadStats } from './scenario.ts';

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
