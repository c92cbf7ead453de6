/** The live socket's reconnect schedule (DESIGN.md section 3 item 25). */
export const LIVE_RECONNECT_BASE_MS = 3_000;
export const LIVE_RECONNECT_CAP_MS = 60_000;
/** While the socket is down the browser polls the notifications this often (spec 1 section 9). */
export const NOTIFICATION_POLL_INTERVAL_MS = 10_000;

export type ReconnectDelayOptions = { baseMs?: number; capMs?: number };

/**
 * How long to wait before reconnect attempt `attempt` (0 for the first after a drop).
 * Exponential backoff with "equal jitter": the ceiling doubles from 2 x base up to the cap and
 * the wait is drawn uniformly from its upper half, so the first reconnect comes after 3 to 6 s,
 * no wait ever exceeds the cap (60 s), and clients dropped together do not return together.
 *
 * `random` is a number in [0, 1) supplied by the caller, which keeps this function pure.
 */
export function reconnectDelay(attempt: number, random: number, options: ReconnectDelayOptions = {}): number {
  const baseMs = options.baseMs ?? LIVE_RECONNECT_BASE_MS;
  const capMs = options.capMs ?? LIVE_RECONNECT_CAP_MS;
  const step = Number.isFinite(attempt) ? Math.min(Math.max(0, Math.floor(attempt)), 30) : 30;
  const ceiling = Math.min(capMs, baseMs * 2 ** (step + 1));
  const unit = Number.isFinite(random) ? Math.min(Math.max(random, 0), 1) : 0;
  return Math.round(ceiling / 2 + (unit * ceiling) / 2);
}
