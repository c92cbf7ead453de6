import type { FastifyInstance } from 'fastify';
import { userChangeFeedFor } from './user-change-feed.ts';

/**
 * Starts the instance's change feed with the app (unless read caches are off: then it never
 * listens and every cache reads through), and makes a signed-in user's own writes visible to
 * their next read at once: a state-changing request drops the user's cached reads on this
 * instance before it answers, without waiting for the database's announcement (which still
 * reaches the other instances, and covers the users a write touches besides its author).
 */
export function registerUserChanges(app: FastifyInstance): void {
  const { deps } = app;
  const feed = userChangeFeedFor(deps);
  if (deps.config.readCaches) app.addHook('onReady', () => feed.start(deps));
  app.addHook('preClose', () => feed.stop());
  if (deps.config.awaitChangesBeforeEachRequest) app.addHook('onRequest', () => feed.sync(deps));
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!request.user || request.method === 'GET' || request.method === 'HEAD' || request.routeOptions.config.leavesUserCaches) return payload;
    feed.userChanged(request.user.id);
    return payload;
  });
}
