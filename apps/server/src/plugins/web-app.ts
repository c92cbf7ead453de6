import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@myeai/domain';

/** Serves the built React app; any GET outside /api that is not a file gets index.html (client routing). */
export async function registerWebApp(app: FastifyInstance): Promise<void> {
  const dist = app.deps.config.webDistDir;
  const hasBuild = Boolean(dist && existsSync(join(dist, 'index.html')));
  if (hasBuild) {
    // preCompressed: the build writes x.br and x.gz beside each text file (apps/web/vite.config.ts).
    await app.register(fastifyStatic, { root: dist!, wildcard: false, index: false, preCompressed: true });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (request.method !== 'GET' || path.startsWith('/api') || path.startsWith('/ws')) {
      throw new AppError('NOT_FOUND', `No route ${request.method} ${path}.`);
    }
    if (!hasBuild) return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
