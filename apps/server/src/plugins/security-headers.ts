import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** No CSP (the built web app and the API docs load inline bootstraps) and no COEP (YouTube embeds). */
const HELMET_OPTIONS: HelmetOptions = { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false };

/**
 * The headers helmet sets with our options. None depends on the request (no CSP nonce), so they
 * are computed once, by helmet itself, instead of running its middleware chain per response.
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
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
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
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
