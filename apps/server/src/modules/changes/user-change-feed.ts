import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import { perApp } from '../../per-app.ts';

/** The channel the database triggers of migration 0013 announce changed users on. */
export const USER_CHANGES_CHANNEL = 'myeai_user_changes';
const BARRIER_PREFIX = 'barrier:';

export type UserChangeListener = {
  /** Something stored for this user changed (their rows, or a row that counts for them). */
  userChanged: (userId: string) => void;
  /** Changes may have been missed (the listening connection was lost): forget everything. */
  reset: () => void;
};

/**
 * Hears which users' data changed, from the database itself (triggers, delivered on commit, on
 * every instance) and from this instance's own writes the moment they answer, and tells the
 * read caches. Until it listens, caches read through (see `isLive`).
 */
export class UserChangeFeed {
  readonly #listeners = new Set<UserChangeListener>();
  readonly #barriers = new Map<string, () => void>();
  #unlisten: (() => Promise<void>) | undefined;

  get isLive(): boolean {
    return this.#unlisten !== undefined;
  }

  subscribe(listener: UserChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async start(deps: AppDeps): Promise<void> {
    if (this.#unlisten) return;
    this.#unlisten = await deps.listen(
      USER_CHANGES_CHANNEL,
      (payload) => this.#onPayload(payload),
      () => this.reset(),
    );
  }

  async stop(): Promise<void> {
    const unlisten = this.#unlisten;
    this.#unlisten = undefined;
    this.reset();
    await unlisten?.();
  }

  userChanged(userId: string): void {
    for (const listener of this.#listeners) listener.userChanged(userId);
  }

  reset(): void {
    for (const listener of this.#listeners) listener.reset();
  }

  /**
   * Resolves once every change committed before the call has reached this instance: the barrier
   * travels the same channel after them (notifications arrive in commit order).
   */
  async sync(deps: Pick<AppDeps, 'db'>): Promise<void> {
    if (!this.isLive) return;
    const token = `${BARRIER_PREFIX}${randomUUID()}`;
    const reached = new Promise<void>((resolve) => this.#barriers.set(token, resolve));
    await deps.db.execute(sql`select pg_notify(${USER_CHANGES_CHANNEL}, ${token})`);
    await reached;
  }

  #onPayload(payload: string): void {
    if (payload.startsWith(BARRIER_PREFIX)) {
      this.#barriers.get(payload)?.();
      this.#barriers.delete(payload);
      return;
    }
    this.userChanged(payload);
  }
}

/** One feed per app instance (the job runner shares the app's deps). */
export const userChangeFeedFor = perApp<AppDeps, UserChangeFeed>(() => new UserChangeFeed());
