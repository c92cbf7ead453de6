import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, pageDataPaths } from '@myeai/domain';
import { contentSecurityPolicy } from './security-headers.ts';

/**
 * The build writes this meta tag, and the same placeholder as the nonce of its script and link
 * tags (apps/web/vite.config.ts html.cspNonce); each response replaces it with a fresh nonce.
 */
const NONCE_META = /<meta property="csp-nonce" nonce="([^"]+)"/;

/**
 * The build's id (apps/web/vite.config.ts writes it into index.html). Every response names the id
 * of the build this server serves, so a tab still running an older build can tell that a new
 * version is out, and offer a reload, before one of its old chunks is missing (apps/web/src/lib/app-version.ts).
 */
const BUILD_META = /<meta name="myeai-build" content="([^"]+)"/;
export const BUILD_HEADER = 'x-myeai-build';

/** Where the build's chunks live: a file asked for here that is not there is missing, not a page. */
const ASSETS_PREFIX = '/assets/';

/** A host as browsers send it (name or address, optional port): anything else stays out of the header. */
const PLAIN_HOST = /^[a-z0-9.-]+(?::\d+)?$|^\[[0-9a-f:.]+\](?::\d+)?$/i;

/** The page's own WebSocket origin for connect-src ('self' covers it only in CSP level 3 browsers). */
function socketOrigin(request: FastifyRequest): string | undefined {
  if (!PLAIN_HOST.test(request.host)) return undefined;
  return `${request.protocol === 'https' ? 'wss' : 'ws'}://${request.host}`;
}

/**
 * Serves the built React app; any GET outside /api that is not a file gets index.html (client
 * routing). HEAD is answered as GET without the body (status and headers alike), as for files.
 */
export async function registerWebApp(app: FastifyInstance): Promise<void> {
  const dist = app.deps.config.webDistDir;
  const hasBuild = Boolean(dist && existsSync(join(dist, 'index.html')));
  if (hasBuild) {
    // preCompressed: the build writes x.br and x.gz beside each text file (apps/web/vite.config.ts).
    // index.html only through the handler below, which gives it its nonce.
    await app.register(fastifyStatic, { root: dist!, wildcard: false, index: false, preCompressed: true, allowedPath: (path) => path !== '/index.html' });
  }
  const html = hasBuild ? readFileSync(join(dist!, 'index.html'), 'utf8') : '';
  const placeholder = NONCE_META.exec(html)?.[1];
  const buildId = BUILD_META.exec(html)?.[1];
  if (buildId) {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header(BUILD_HEADER, buildId);
      done();
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead || path.startsWith('/api') || path.startsWith('/ws')) {
      throw new AppError('NOT_FOUND', `No route ${request.method} ${path}.`);
    }
    // A chunk of another build (the tab was opened before a deploy): a 404 makes its import fail
    // where the page can say so, instead of an HTML page the browser refuses to run as a script.
    if (path.startsWith(ASSETS_PREFIX)) return reply.status(404).type('text/plain; charset=utf-8').send(`No file ${path}.`);
    if (!hasBuild) return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    // The page's first reads, started by the browser with the HTML instead of once the scripts ran
    // (index.html preloads the profile the same way). They depend on who asks: never cached shared.
    const preloads = request.user ? pageDataPaths(path, request.user.activeRole) : [];
    if (preloads.length > 0) {
      reply.header('link', preloads.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=anonymous`).join(', '));
    }
    const nonce = randomBytes(16).toString('base64');
    return reply
      .header('cache-control', 'private, no-cache')
      .header('content-security-policy', contentSecurityPolicy({ nonce, socketOrigin: socketOrigin(request) }))
      .type('text/html; charset=utf-8')
      .send(placeholder ? html.replaceAll(placeholder, nonce) : html);
  });
}
