import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../app-deps.ts';
import { perApp } from '../../per-app.ts';
import { sendNotification } from './changes.queries.ts';

/**
 * The channel the database triggers announce changes on: a user's id (migration 0013: their
 * rows changed), or `table:<name>` (migration 0019: a shared table changed).
 */
export const USER_CHANGES_CHANNEL = 'myeai_user_changes';
const BARRIER_PREFIX = 'barrier:';
const TABLE_PREFIX = 'table:';

export type UserChangeListener = {
  /** Something stored for this user changed (their rows, or a row that counts for them). */
  userChanged: (userId: string) => void;
  /** A statement wrote this shared table (one of those migration 0019 announces). */
  tableChanged?: (table: string) => void;
  /** Changes may have been missed (the listening connection was lost): forget everything. */
  reset: () => void;
};

/**
 * Hears what changed, from the database itself (triggers, delivered on commit, on every
 * instance): which users' data, and which shared tables; and, for users, from this instance's
 * own writes the moment they answer. Tells the read caches (per-user ReadCaches, the compass
 * grid). Until it listens, caches read through (see `isLive`); an app with read caches off
 * never starts it (decision 031).
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
    await sendNotification(deps.db, USER_CHANGES_CHANNEL, token);
    await reached;
  }

  #onPayload(payload: string): void {
    if (payload.startsWith(BARRIER_PREFIX)) {
      this.#barriers.get(payload)?.();
      this.#barriers.delete(payload);
      return;
    }
    if (payload.startsWith(TABLE_PREFIX)) {
      const table = payload.slice(TABLE_PREFIX.length);
      for (const listener of this.#listeners) listener.tableChanged?.(table);
      return;
    }
    this.userChanged(payload);
  }
}

/** One feed per app instance (the job runner shares the app's deps). */
export const userChangeFeedFor = perApp<AppDeps, UserChangeFeed>(() => new UserChangeFeed());
