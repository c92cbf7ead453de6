import pg from 'pg';
import type { DatabaseHandle } from './client.ts';

export type Unlisten = () => Promise<void>;

/**
 * LISTEN on a channel of the database: PGlite delivers in-process, PostgreSQL through one
 * dedicated connection, so every app instance on one server hears every NOTIFY. A lost
 * PostgreSQL connection is re-opened, and `onReconnect` tells the caller to catch up.
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
  let client: pg.Client | undefined;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  const scheduleReconnect = (): void => {
    if (stopped) return;
    retryTimer = setTimeout(() => {
      connect().then(onReconnect, scheduleReconnect);
    }, 1000);
    retryTimer.unref();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: handle.connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', () => {
      if (stopped) return;
      client = undefined;
      next.end().catch(() => undefined);
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    await client?.end().catch(() => undefined);
  };
}
