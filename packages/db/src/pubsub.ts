import pg from 'pg';
import type { DatabaseHandle } from './client.ts';

export type Unlisten = () => Promise<void>;

type Subscriber = { onPayload: (payload: string) => void; onReconnect: () => void };

/**
 * One LISTEN connection per PostgreSQL handle, shared by every channel. PostgreSQL delivers a
 * connection's notifications in commit order, so sharing it keeps the order between channels:
 * a cache invalidation announced by a transaction is handled before the live event the same
 * transaction announced later, and a client that refetches on that event never reads a stale
 * cache. A lost connection is re-opened (every channel listened to again) and each subscriber's
 * `onReconnect` tells it to catch up, since notifications sent meanwhile are lost.
 */
class PgListener {
  readonly #connectionString: string;
  readonly #channels = new Map<string, Set<Subscriber>>();
  #client: pg.Client | undefined;
  /** Channels the current client has sent LISTEN for. */
  #listening = new Set<string>();
  #connecting: Promise<void> | undefined;
  #retryTimer: NodeJS.Timeout | undefined;

  constructor(connectionString: string) {
    this.#connectionString = connectionString;
  }

  async subscribe(channel: string, subscriber: Subscriber): Promise<Unlisten> {
    const subscribers = this.#channels.get(channel) ?? new Set();
    subscribers.add(subscriber);
    this.#channels.set(channel, subscribers);
    if (!this.#client) await this.#connect();
    await this.#listenOn(this.#client!, channel);
    return () => this.#unsubscribe(channel, subscriber);
  }

  async #unsubscribe(channel: string, subscriber: Subscriber): Promise<void> {
    const subscribers = this.#channels.get(channel);
    if (!subscribers?.delete(subscriber) || subscribers.size > 0) return;
    this.#channels.delete(channel);
    if (this.#channels.size > 0) {
      this.#listening.delete(channel);
      await this.#client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
      return;
    }
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  #connect(): Promise<void> {
    this.#connecting ??= this.#open().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  async #open(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#connectionString });
    client.on('notification', (message) => {
      if (message.payload === undefined) return;
      for (const subscriber of this.#channels.get(message.channel) ?? []) subscriber.onPayload(message.payload);
    });
    client.on('error', () => {
      if (this.#client !== client) return;
      this.#client = undefined;
      client.end().catch(() => undefined);
      this.#scheduleReconnect();
    });
    await client.connect();
    this.#listening = new Set();
    this.#client = client;
    for (const channel of [...this.#channels.keys()]) await this.#listenOn(client, channel);
  }

  async #listenOn(client: pg.Client, channel: string): Promise<void> {
    if (this.#listening.has(channel)) return;
    this.#listening.add(channel);
    await client.query(`LISTEN ${channel}`);
  }

  #scheduleReconnect(): void {
    if (this.#channels.size === 0) return;
    this.#retryTimer = setTimeout(() => {
      this.#connect().then(
        () => {
          for (const subscribers of this.#channels.values()) for (const subscriber of subscribers) subscriber.onReconnect();
        },
        () => this.#scheduleReconnect(),
      );
    }, 1000);
    this.#retryTimer.unref();
  }
}

const pgListeners = new WeakMap<DatabaseHandle, PgListener>();

/**
 * LISTEN on a channel of the database: PGlite delivers in-process, PostgreSQL through the
 * handle's one listening connection, so every app instance on one server hears every NOTIFY.
 */
export async function listen(
  handle: DatabaseHandle,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: () => void = () => undefined,
): Promise<Unlisten> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  if (handle.kind === 'pglite') {
    return handle.client.listen(channel, onPayload);
  }
  let listener = pgListeners.get(handle);
  if (!listener) {
    listener = new PgListener(handle.connectionString);
    pgListeners.set(handle, listener);
  }
  return listener.subscribe(channel, { onPayload, onReconnect });
}
