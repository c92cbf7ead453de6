import type { UserChangeFeed } from './user-change-feed.ts';

/** What a load found: the value, the user it belongs to, and when it stops being true by itself. */
export type Loaded<V> = { value: V; userId: string; expiresAt?: Date };

type Entry<V> = { value: V; userId: string; expiresAtMs: number };
type Pending<V> = { promise: Promise<Loaded<V> | null>; startSeq: number };

export type ReadCacheOptions = {
  /** Entries kept in all; the least recently used go first. */
  maxEntries: number;
  /** The longest an entry is served, even if no change is ever heard (a backstop, not the rule). */
  ttlMs: number;
};

/**
 * Reads of one kind kept in memory per key, each owned by one user, and dropped the moment the
 * change feed says that user's data changed. A load that a change overtook is handed to its
 * caller but not kept, so a cache never holds what was read before a change it has heard of.
 * Concurrent reads of one key share one load. Without a live feed it reads through.
 */
export class ReadCache<V> {
  readonly #feed: UserChangeFeed;
  readonly #options: ReadCacheOptions;
  readonly #entries = new Map<string, Entry<V>>();
  readonly #keysByUser = new Map<string, Set<string>>();
  readonly #pending = new Map<string, Pending<V>>();
  /** Counts changes heard; a load remembers the count it started at. */
  #seq = 0;
  #resetSeq = 0;
  /** The count at each user's latest change, kept only while some load is in flight. */
  readonly #changedAt = new Map<string, number>();
  #inFlight = 0;

  constructor(feed: UserChangeFeed, options: ReadCacheOptions) {
    this.#feed = feed;
    this.#options = options;
    feed.subscribe({ userChanged: (userId) => this.#forgetUser(userId), reset: () => this.#forgetAll() });
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value under `key`, loaded by `load` when missing or expired; a null load is not kept. */
  async read(key: string, now: Date, load: () => Promise<Loaded<V> | null>): Promise<V | null> {
    if (!this.#feed.isLive) return (await load())?.value ?? null;
    const nowMs = now.getTime();
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAtMs > nowMs) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      return entry.value;
    }
    const pending = this.#pending.get(key);
    if (pending && pending.startSeq === this.#seq) return (await pending.promise)?.value ?? null;
    return (await this.#load(key, nowMs, load))?.value ?? null;
  }

  /** `read` for a value that always exists and belongs to `userId`. */
  async readForUser(userId: string, key: string, now: Date, load: () => Promise<V>, expiresAt?: Date): Promise<V> {
    const value = await this.read(`${userId}\u0000${key}`, now, async () => ({ value: await load(), userId, ...(expiresAt ? { expiresAt } : {}) }));
    return value as V;
  }

  async #load(key: string, nowMs: number, load: () => Promise<Loaded<V> | null>): Promise<Loaded<V> | null> {
    const startSeq = this.#seq;
    this.#inFlight += 1;
    const promise = load();
    const pending: Pending<V> = { promise, startSeq };
    this.#pending.set(key, pending);
    try {
      const loaded = await promise;
      if (loaded && this.#isUnchangedSince(loaded.userId, startSeq)) this.#store(key, loaded, nowMs);
      return loaded;
    } finally {
      if (this.#pending.get(key) === pending) this.#pending.delete(key);
      this.#inFlight -= 1;
      if (this.#inFlight === 0) this.#changedAt.clear();
    }
  }

  #isUnchangedSince(userId: string, startSeq: number): boolean {
    return this.#resetSeq <= startSeq && (this.#changedAt.get(userId) ?? 0) <= startSeq;
  }

  #store(key: string, loaded: Loaded<V>, nowMs: number): void {
    const expiresAtMs = Math.min(nowMs + this.#options.ttlMs, loaded.expiresAt?.getTime() ?? Infinity);
    if (expiresAtMs <= nowMs) return;
    this.#remove(key);
    this.#entries.set(key, { value: loaded.value, userId: loaded.userId, expiresAtMs });
    const keys = this.#keysByUser.get(loaded.userId) ?? new Set();
    keys.add(key);
    this.#keysByUser.set(loaded.userId, keys);
    while (this.#entries.size > this.#options.maxEntries) this.#remove(this.#entries.keys().next().value!);
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    const keys = this.#keysByUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) this.#keysByUser.delete(entry.userId);
  }

  #forgetUser(userId: string): void {
    this.#seq += 1;
    if (this.#inFlight > 0) this.#changedAt.set(userId, this.#seq);
    for (const key of this.#keysByUser.get(userId) ?? []) this.#entries.delete(key);
    this.#keysByUser.delete(userId);
  }

  #forgetAll(): void {
    this.#seq += 1;
    this.#resetSeq = this.#seq;
    this.#entries.clear();
    this.#keysByUser.clear();
  }
}
