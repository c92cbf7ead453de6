import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError, pageDataPaths } from '@myeai/domain';

/**
 * Serves the built React app; any GET outside /api that is not a file gets index.html (client
 * routing). HEAD is answered as GET without the body (status and headers alike), as for files.
 */
export async function registerWebApp(app: FastifyInstance): Promise<void> {
  const dist = app.deps.config.webDistDir;
  const hasBuild = Boolean(dist && existsSync(join(dist, 'index.html')));
  if (hasBuild) {
    // preCompressed: the build writes x.br and x.gz beside each text file (apps/web/vite.config.ts).
    await app.register(fastifyStatic, { root: dist!, wildcard: false, index: false, preCompressed: true });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead || path.startsWith('/api') || path.startsWith('/ws')) {
      throw new AppError('NOT_FOUND', `No route ${request.method} ${path}.`);
    }
    if (!hasBuild) return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    // The page's first reads, started by the browser with the HTML instead of once the scripts ran
    // (index.html preloads the profile the same way). They depend on who asks: never cached shared.
    const preloads = request.user ? pageDataPaths(path, request.user.activeRole) : [];
    if (preloads.length > 0) {
      reply.header('link', preloads.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=anonymous`).join(', '));
    }
    // cacheControl false: left on, @fastify/static would replace ours with 'public, max-age=0'.
    return reply.header('cache-control', 'private, no-cache').sendFile('index.html', { cacheControl: false });
  });
}
