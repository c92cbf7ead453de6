import websocket from '@fastify/websocket';
import fastifyPlugin from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, livePaths } from '@myeai/domain';
import { hasOwnOrigin } from '../../plugins/access-guard.ts';
import { SESSION_COOKIE } from '../auth/index.ts';
import { LiveHub, TOO_MANY_SOCKETS_MESSAGE } from './live-hub.ts';

const LiveQuerySchema = z.object({ since: z.coerce.number().int().min(0).optional() });

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}

/**
 * The live channel at /ws. The upgrade is refused (HTTP 401/403, no socket) without a valid
 * session cookie or from a foreign Origin: browsers send cookies on a cross-site handshake.
 */
async function live(app: FastifyInstance): Promise<void> {
  const hub = new LiveHub(app.deps);
  app.decorate('live', hub);
  app.addHook('onReady', () => hub.start());
  app.addHook('preClose', () => hub.stop());
  await app.register(websocket, { options: { maxPayload: 4096 } });

  const routeOptions = {
    websocket: true as const,
    config: { access: 'signedIn' as const },
    schema: { querystring: LiveQuerySchema, hide: true },
    preValidation: async (request: FastifyRequest) => {
      if (!hasOwnOrigin(app, request)) throw new AppError('FORBIDDEN', 'Cross-site WebSocket refused.');
      if (!hub.hasRoomFor(request.user!.id, request.user!.sessionId)) throw new AppError('RATE_LIMITED', TOO_MANY_SOCKETS_MESSAGE);
    },
  };
  app.get(livePaths.socket, routeOptions, (socket, request) => {
    const user = request.user!;
    const { since } = request.query as z.infer<typeof LiveQuerySchema>;
    // Messages from the browser are not part of the protocol; ignore them.
    socket.on('message', () => undefined);
    void hub.add(socket, { userId: user.id, sessionId: user.sessionId, sessionToken: request.cookies[SESSION_COOKIE]!, roles: user.roles, since });
  });
}

/** Not encapsulated: other modules and the tests reach the hub as app.live. */
export const liveRoutes = fastifyPlugin(live, { name: 'live' });
