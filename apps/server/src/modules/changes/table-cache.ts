import type { UserChangeFeed } from './user-change-feed.ts';

export type TableCacheOptions = {
  /** The shared tables the values are built from (each announced by a trigger, as migration 0019 does). */
  tables: readonly string[];
  /** Values kept in all; the least recently used go first. */
  maxEntries: number;
};

type Entry<V> = { value: V; version: number; expiresAtMs: number };

/**
 * Values built from shared tables, one per key, kept until the change feed names one of `tables`
 * (a committed write by any path, on any instance: decision 031), until the entry's own expiry
 * (for a value that moves with the clock), or until newer keys push it out. A build that a change
 * overtook is handed to its caller but not kept, and concurrent reads of one key share one build.
 * Without a live feed nothing would say a value is stale, so it reads through. The compass grid's
 * and the learning hub's caches are special cases of this one (issue 28 item 3: one cache).
 */
export class TableCache<V> {
  readonly #feed: UserChangeFeed;
  readonly #maxEntries: number;
  #version = 0;
  readonly #entries = new Map<string, Entry<V>>();
  readonly #building = new Map<string, { version: number; promise: Promise<V> }>();

  constructor(feed: UserChangeFeed, options: TableCacheOptions) {
    this.#feed = feed;
    this.#maxEntries = options.maxEntries;
    const tables = new Set(options.tables);
    feed.subscribe({
      userChanged: () => undefined,
      tableChanged: (table) => {
        if (tables.has(table)) this.#drop();
      },
      reset: () => this.#drop(),
    });
  }

  get size(): number {
    return this.#entries.size;
  }

  #drop(): void {
    this.#version += 1;
    this.#entries.clear();
    this.#building.clear();
  }

  /** The value under `key`, built by `build` when missing, dropped or older than its `ttlMs`. */
  async get(key: string, now: Date, ttlMs: number, build: () => Promise<V>): Promise<V> {
    if (!this.#feed.isLive) return build();
    const nowMs = now.getTime();
    const entry = this.#entries.get(key);
    if (entry && entry.version === this.#version && entry.expiresAtMs > nowMs) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      return entry.value;
    }
    const pending = this.#building.get(key);
    if (pending && pending.version === this.#version) return pending.promise;
    const version = this.#version;
    const promise = build();
    this.#building.set(key, { version, promise });
    try {
      const value = await promise;
      if (this.#version === version) {
        this.#entries.delete(key);
        this.#entries.set(key, { value, version, expiresAtMs: nowMs + ttlMs });
        for (const oldest of this.#entries.keys()) {
          if (this.#entries.size <= this.#maxEntries) break;
          this.#entries.delete(oldest);
        }
      }
      return value;
    } finally {
      if (this.#building.get(key)?.promise === promise) this.#building.delete(key);
    }
  }
}
