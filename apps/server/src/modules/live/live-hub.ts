import type { WebSocket } from 'ws';
import type { LiveEvent, Role } from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import { findSessionUser } from '../auth/index.ts';
import { getLiveEvent, latestLiveEventId, LIVE_CHANNEL, listLiveEventsSince, type BusMessage } from './live-events.service.ts';

/** Close code when the session behind a socket has ended; the client must not reconnect. */
export const SESSION_ENDED_CLOSE_CODE = 4401;
const HEARTBEAT_MS = 30_000;
const RECENT_IDS_KEPT = 200;
/** A client that does not read its messages is dropped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 1_000_000;
/**
 * Sockets one session may hold on this instance: a tab keeps one, so this allows a few tabs and
 * stops one stolen or scripted session from holding thousands (docs/decisions/023). A further
 * socket is refused; the oldest are kept, so tabs never take turns closing each other.
 */
export const MAX_SOCKETS_PER_SESSION = 5;
export const TOO_MANY_SOCKETS_MESSAGE = `This session already has ${MAX_SOCKETS_PER_SESSION} live connections open. Close a tab and try again.`;
/** Close code for a socket over the limit that got past the handshake check (connections racing). */
export const TOO_MANY_SOCKETS_CLOSE_CODE = 1008;

type LiveClient = {
  socket: WebSocket;
  userId: string;
  sessionId: string;
  sessionToken: string;
  /** Roles the user holds, for role events; refreshed at every heartbeat check. */
  roles: Role[];
  lastId: number;
  recentIds: number[];
  isAlive: boolean;
  /** Deliveries to one client run one after another, so the backlog always precedes live events. */
  queue: Promise<void>;
};

/** The sockets connected to this instance, fed by the database's NOTIFY channel. */
export class LiveHub {
  readonly #deps: AppDeps;
  readonly #clients = new Map<string, Set<LiveClient>>();
  /** Sockets accepted but not yet registered (add() reads the latest event id first), by session. */
  readonly #pending = new Map<string, number>();
  #unlisten: (() => Promise<void>) | undefined;
  #heartbeat: NodeJS.Timeout | undefined;

  constructor(deps: AppDeps) {
    this.#deps = deps;
  }

  async start(): Promise<void> {
    this.#unlisten = await this.#deps.listen(
      LIVE_CHANNEL,
      (payload) => this.#onBusMessage(payload),
      () => this.#catchUpAll(),
    );
    this.#heartbeat = setInterval(() => void this.#checkClients(), HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  async stop(): Promise<void> {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    await this.#unlisten?.();
    for (const clients of this.#clients.values()) {
      for (const client of clients) client.socket.close(1001, 'Server shutting down');
    }
    this.#clients.clear();
  }

  get connectionCount(): number {
    let count = 0;
    for (const clients of this.#clients.values()) count += clients.size;
    return count;
  }

  /** Whether the session may open one more socket here (checked at the handshake, and again by add). */
  hasRoomFor(userId: string, sessionId: string): boolean {
    let count = this.#pending.get(sessionId) ?? 0;
    for (const client of this.#clients.get(userId) ?? []) if (client.sessionId === sessionId) count += 1;
    return count < MAX_SOCKETS_PER_SESSION;
  }

  /** Registers a socket; with `since` it first receives every event after that id. */
  async add(socket: WebSocket, params: { userId: string; sessionId: string; sessionToken: string; roles?: readonly Role[]; since: number | undefined }): Promise<void> {
    // Counted synchronously, so handshakes racing past the check cannot exceed the limit.
    if (!this.hasRoomFor(params.userId, params.sessionId)) {
      socket.close(TOO_MANY_SOCKETS_CLOSE_CODE, 'Too many live connections');
      return;
    }
    this.#pending.set(params.sessionId, (this.#pending.get(params.sessionId) ?? 0) + 1);
    let start: number;
    try {
      start = params.since ?? (await latestLiveEventId(this.#deps.db, params.userId));
    } finally {
      const left = (this.#pending.get(params.sessionId) ?? 1) - 1;
      if (left > 0) this.#pending.set(params.sessionId, left);
      else this.#pending.delete(params.sessionId);
    }
    if (socket.readyState !== socket.OPEN) return;
    const client: LiveClient = {
      socket,
      userId: params.userId,
      sessionId: params.sessionId,
      sessionToken: params.sessionToken,
      roles: [...(params.roles ?? [])],
      lastId: start,
      recentIds: [],
      isAlive: true,
      queue: Promise.resolve(),
    };
    const set = this.#clients.get(client.userId) ?? new Set();
    set.add(client);
    this.#clients.set(client.userId, set);
    socket.on('pong', () => {
      client.isAlive = true;
    });
    socket.on('close', () => this.#remove(client));
    socket.on('error', () => this.#remove(client));
    if (params.since !== undefined) this.#enqueue(client, () => this.#catchUp(client));
  }

  #remove(client: LiveClient): void {
    const set = this.#clients.get(client.userId);
    set?.delete(client);
    if (set && set.size === 0) this.#clients.delete(client.userId);
  }

  #enqueue(client: LiveClient, work: () => Promise<void>): void {
    client.queue = client.queue.then(work).catch(() => client.socket.terminate());
  }

  /** `serialized` lets a broadcast encode one event once (to UTF-8 bytes) for all its recipients. */
  #send(client: LiveClient, event: LiveEvent, serialized?: Buffer): void {
    if (client.recentIds.includes(event.id)) return;
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      client.socket.terminate();
      return;
    }
    if (serialized) client.socket.send(serialized, { binary: false });
    else client.socket.send(JSON.stringify(event));
    client.recentIds.push(event.id);
    if (client.recentIds.length > RECENT_IDS_KEPT) client.recentIds.shift();
    client.lastId = Math.max(client.lastId, event.id);
  }

  async #catchUp(client: LiveClient): Promise<void> {
    for (;;) {
      const events = await listLiveEventsSince(this.#deps.db, client.userId, client.lastId, 500, client.roles);
      for (const event of events) this.#send(client, event);
      if (events.length < 500) return;
    }
  }

  #catchUpAll(): void {
    for (const clients of this.#clients.values()) {
      for (const client of clients) this.#enqueue(client, () => this.#catchUp(client));
    }
  }

  #onBusMessage(payload: string): void {
    let message: BusMessage;
    try {
      message = JSON.parse(payload) as BusMessage;
    } catch {
      return;
    }
    if (message.t === 'role_event') {
      this.#deliverRoleEvent(message);
      return;
    }
    const clients = this.#clients.get(message.u);
    if (!clients || clients.size === 0) return;
    if (message.t === 'session_ended') {
      for (const client of clients) {
        if (client.sessionId === message.s) client.socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
      }
      return;
    }
    const loaded = getLiveEvent(this.#deps.db, message.id);
    for (const client of clients) {
      this.#enqueue(client, async () => {
        const event = await loaded;
        if (!event || event.userId !== client.userId) return;
        // An admin changed the user's roles: role events follow the new set from now on.
        if (event.kind === 'account.updated') client.roles = [...event.payload.roles];
        this.#send(client, event);
      });
    }
  }

  /** One stored row, read once, encoded once, sent to every connected holder of one of its roles. */
  #deliverRoleEvent(message: Extract<BusMessage, { t: 'role_event' }>): void {
    const recipients: LiveClient[] = [];
    for (const clients of this.#clients.values()) {
      for (const client of clients) {
        if (client.roles.some((role) => message.r.includes(role))) recipients.push(client);
      }
    }
    if (recipients.length === 0) return;
    const inline = message.k !== undefined ? ({ id: message.id, kind: message.k, payload: message.p } as LiveEvent) : undefined;
    const loaded = inline
      ? Promise.resolve({ event: inline, roles: message.r, serialized: Buffer.from(JSON.stringify(inline)) })
      : getLiveEvent(this.#deps.db, message.id).then((event) =>
          event && event.roles ? { event, roles: event.roles, serialized: Buffer.from(JSON.stringify({ id: event.id, kind: event.kind, payload: event.payload })) } : undefined,
        );
    for (const client of recipients) {
      this.#enqueue(client, async () => {
        const stored = await loaded;
        // Checked against the stored roles and the client's roles at delivery time.
        if (stored && client.roles.some((role) => stored.roles.includes(role))) this.#send(client, stored.event, stored.serialized);
      });
    }
  }

  /** Drops dead peers and closes sockets whose session expired, was revoked or whose user was suspended. */
  async #checkClients(): Promise<void> {
    for (const clients of this.#clients.values()) {
      for (const client of clients) {
        if (!client.isAlive) {
          client.socket.terminate();
          continue;
        }
        client.isAlive = false;
        client.socket.ping();
        const user = await findSessionUser(this.#deps.db, this.#deps.clock, client.sessionToken).catch(() => undefined);
        if (user === null) client.socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
        else if (user) client.roles = [...user.roles];
      }
    }
  }

  /** Runs the periodic check now (tests). */
  checkNow(): Promise<void> {
    return this.#checkClients();
  }
}
