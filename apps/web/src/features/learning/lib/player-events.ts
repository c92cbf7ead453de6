/**
 * What the video players tell the hub, read from their own documented events: the HTML5 <video>
 * timeupdate, the YouTube embed's IFrame API messages (after the page sends "listening", the
 * player posts `{"event":"infoDelivery","info":{"currentTime","duration",...}}`), and the Vimeo
 * player's postMessage API (after `addEventListener`, `{"event":"timeupdate","data":{"seconds","duration"}}`).
 * No script of theirs is loaded: the hub speaks their message protocol with the iframe.
 */

export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';
export const VIMEO_PLAYER_ORIGIN = 'https://player.vimeo.com';

export type PlayerTime = { currentTime: number; duration: number; ended?: boolean };

function asObject(data: unknown): Record<string, unknown> | null {
  if (typeof data === 'string') {
    try {
      const parsed: unknown = JSON.parse(data);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
}

const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null);

/** The message the page sends so the YouTube embed starts posting its state (what the IFrame API script does). */
export const YOUTUBE_LISTENING_MESSAGE = JSON.stringify({ event: 'listening', id: 'learning-player', channel: 'widget' });

/** A YouTube embed message with the playback time (infoDelivery / initialDelivery), or null. */
export function readYouTubeMessage(data: unknown): PlayerTime | null {
  const message = asObject(data);
  if (!message || (message.event !== 'infoDelivery' && message.event !== 'initialDelivery')) return null;
  const info = asObject(message.info);
  if (!info) return null;
  const currentTime = finite(info.currentTime);
  const duration = finite(info.duration);
  if (currentTime === null) return null;
  // playerState 0 is "ended" in the IFrame API.
  return { currentTime, duration: duration ?? 0, ...(info.playerState === 0 ? { ended: true } : {}) };
}

/** Messages that make the Vimeo player post its time and end (its postMessage API). */
export const VIMEO_SUBSCRIBE_MESSAGES = [
  { method: 'addEventListener', value: 'timeupdate' },
  { method: 'addEventListener', value: 'ended' },
] as const;

/** What a Vimeo player message says: ready (subscribe now), a time, or nothing we read. */
export function readVimeoMessage(data: unknown): PlayerTime | 'ready' | null {
  const message = asObject(data);
  if (!message) return null;
  if (message.event === 'ready') return 'ready';
  if (message.event !== 'timeupdate' && message.event !== 'ended') return null;
  const payload = asObject(message.data);
  const seconds = finite(payload?.seconds);
  const duration = finite(payload?.duration);
  if (seconds === null) return null;
  return { currentTime: seconds, duration: duration ?? 0, ...(message.event === 'ended' ? { ended: true } : {}) };
}

/** Reports at most every `intervalMs` while playing, at once on pause, end or close; never a smaller time than the last sent. */
export class ProgressReporter {
  #lastSentAt = -Infinity;
  #lastSentSeconds = -1;
  #latest: { watch: number; total: number } | null = null;
  readonly #intervalMs: number;
  readonly #send: (report: { watch_time_seconds: number; total_duration_seconds: number }) => void;

  constructor(send: (report: { watch_time_seconds: number; total_duration_seconds: number }) => void, intervalMs = 10_000) {
    this.#send = send;
    this.#intervalMs = intervalMs;
  }

  /** A time from the player at `nowMs`; `flush` sends now (pause, end, close). */
  update(time: PlayerTime, nowMs: number, flush = false): void {
    if (!(time.duration > 0)) return;
    const watch = Math.floor(time.ended ? time.duration : time.currentTime);
    const total = Math.round(time.duration);
    if (!this.#latest || watch > this.#latest.watch || total !== this.#latest.total) this.#latest = { watch: Math.max(watch, this.#latest?.watch ?? 0), total };
    if (flush || time.ended || nowMs - this.#lastSentAt >= this.#intervalMs) this.flush(nowMs);
  }

  flush(nowMs: number): void {
    if (!this.#latest || this.#latest.watch <= this.#lastSentSeconds) return;
    this.#lastSentAt = nowMs;
    this.#lastSentSeconds = this.#latest.watch;
    this.#send({ watch_time_seconds: this.#latest.watch, total_duration_seconds: this.#latest.total });
  }
}
