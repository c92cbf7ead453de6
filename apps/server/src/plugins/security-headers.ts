import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * No COEP: it would refuse the YouTube and Vimeo players' frames. helmet's own CSP is off because
 * ours varies per page (a nonce, the socket's origin); contentSecurityPolicy below replaces it.
 */
const HELMET_OPTIONS: HelmetOptions = { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false };

/**
 * The one inline stylesheet of the server's own small HTML pages (the "Link not found" pages of
 * /r/CODE and /go/ID), allowed by its hash: those pages have no per-response nonce.
 */
export const PLAIN_PAGE_STYLE = 'body{font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1.5rem;color:#1a1b1e;line-height:1.5}a{color:#1c5fb8}';
const PLAIN_PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(PLAIN_PAGE_STYLE).digest('base64')}'`;

/** What a page may load, per source; docs/decisions/027-content-security-policy.md says why each. */
const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", PLAIN_PAGE_STYLE_HASH],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
  'form-action': ["'self'", 'https://checkout.stripe.com'],
  'frame-ancestors': ["'self'"],
} satisfies Record<string, string[]>;

export type PageSources = {
  /** The page's nonce: Mantine's and the modal scroll lock's <style> tags carry it (apps/web/src/lib/style-nonce.ts). */
  nonce: string;
  /** The live channel's WebSocket origin, ws://host or wss://host of the page itself, when known. */
  socketOrigin?: string;
};

/**
 * The Content-Security-Policy header. Every response carries the one without page sources; the
 * web app's HTML (plugins/web-app.ts) the one with its own nonce and socket origin.
 */
export function contentSecurityPolicy(page?: PageSources): string {
  const directives: Record<string, string[]> = { ...CSP_DIRECTIVES };
  if (page) {
    directives['style-src'] = [...CSP_DIRECTIVES['style-src'], `'nonce-${page.nonce}'`];
    if (page.socketOrigin) directives['connect-src'] = [...CSP_DIRECTIVES['connect-src'], page.socketOrigin];
  }
  return serialise(directives);
}

function serialise(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * Swagger UI's pages at /api/docs: its bundle writes <style> elements it cannot give a nonce, so
 * its routes allow inline styles (no hash or nonce beside 'unsafe-inline': either would make
 * browsers ignore it); scripts stay 'self' only. The docs show no user content.
 */
export const API_DOCS_CONTENT_SECURITY_POLICY = serialise({ ...CSP_DIRECTIVES, 'style-src': ["'self'", "'unsafe-inline'"] });

/**
 * The headers helmet sets with our options, plus our CSP. None depends on the request, so they are
 * computed once, by helmet itself, instead of running its middleware chain per response.
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(HELMET_OPTIONS)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  headers['content-security-policy'] = contentSecurityPolicy();
  return headers;
}

/** Every response, API and web app alike, carries helmet's security headers. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
