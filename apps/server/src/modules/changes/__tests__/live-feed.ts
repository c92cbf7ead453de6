import type { AppDeps } from '../../../app-deps.ts';
import { UserChangeFeed } from '../user-change-feed.ts';

/** A feed listening on a fake channel: `announce` (a user) and `announceTable` are what the database would send. */
export async function liveFeed() {
  const feed = new UserChangeFeed();
  let deliver: (payload: string) => void = () => undefined;
  let reconnect: () => void = () => undefined;
  const deps = {
    listen: async (_channel: string, onPayload: (payload: string) => void, onReconnect?: () => void) => {
      deliver = onPayload;
      reconnect = onReconnect ?? (() => undefined);
      return async () => undefined;
    },
  } as unknown as AppDeps;
  await feed.start(deps);
  return {
    feed,
    announce: (userId: string) => deliver(userId),
    announceTable: (table: string) => deliver(`table:${table}`),
    reconnect: () => reconnect(),
  };
}
