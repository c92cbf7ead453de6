import type { UserChangeFeed } from '../changes/index.ts';

const MAX_ENTRIES = 500;
const TTL_MS = 60_000;

/**
 * People Management's pages, kept in memory until ANY user's data changes (decision 018's change
 * feed announces every write to users, sessions, trials and subscriptions, from any instance).
 * A page shows many users, so unlike the per-user read caches one change drops every page. A
 * load that a change overtook is handed to its caller but not kept. Without a live feed (read
 * caches off, or not listening yet) it reads through.
 */
export class PeopleDirectoryCache<V> {
  readonly #feed: UserChangeFeed;
  readonly #entries = new Map<string, { value: V; expiresAtMs: number }>();
  #generation = 0;

  constructor(feed: UserChangeFeed) {
    this.#feed = feed;
    const forget = () => {
      this.#generation += 1;
      this.#entries.clear();
    };
    feed.subscribe({ userChanged: forget, reset: forget });
  }

  async read(key: string, nowMs: number, load: () => Promise<V>): Promise<V> {
    if (!this.#feed.isLive) return load();
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAtMs > nowMs) return entry.value;
    const generation = this.#generation;
    const value = await load();
    if (generation === this.#generation) {
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
      this.#entries.set(key, { value, expiresAtMs: nowMs + TTL_MS });
    }
    return value;
  }
}
