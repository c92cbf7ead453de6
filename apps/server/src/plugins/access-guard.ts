import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_TWO_FACTOR_MESSAGE, AppError, decideAccess } from '@myeai/domain';

/**
 * Every /api route must name an access rule of @myeai/domain; a route without one stops the
 * app at start-up. The rule is checked before the body is parsed or validated and the route is recorded in
 * app.accessTable. Every route, /api or not (/ws, /go, /r), is also listed in app.routeList: the
 * policy-table test walks it and fails for a route its literal table does not name.
 */
export function registerAccessGuard(app: FastifyInstance): void {
  app.decorate('accessTable', []);
  app.decorate('routeList', []);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routeList.push({ method, url: route.url });
    }
    if (!route.url.startsWith('/api')) return;
    const access = route.config?.access ?? (route.url.startsWith('/api/docs') ? 'public' : undefined);
    if (!access) throw new Error(`API route ${String(route.method)} ${route.url} declares no access rule`);
    route.config = { ...route.config, access };
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.accessTable.push({ method, url: route.url, access });
    }
  });
  // preParsing: after every onRequest hook (the session is resolved there) and before the body is
  // parsed and validated, so a caller without access learns nothing about the request schema.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const access = request.routeOptions.config.access;
    if (!access) return payload;
    const decision = decideAccess(access, request.user ? { activeRole: request.user.activeRole } : null);
    if (decision !== 'allowed' && request.routeOptions.config.alsoAllow?.(request)) return payload;
    if (decision === 'unauthenticated') throw new AppError('UNAUTHENTICATED', request.routeOptions.config.signInMessage ?? 'Sign in to continue.');
    if (decision === 'forbidden') throw new AppError('FORBIDDEN', request.routeOptions.config.forbiddenMessage ?? 'Your current role does not have access to this.');
    // REQUIRE_ADMIN_2FA (decision 058): an admin API answers an admin without two-factor with the
    // code the web app routes to enrolment; the enrolment calls themselves are signed-in routes.
    if (access === 'admin' && app.deps.config.requireAdminTwoFactor && request.user && !request.user.twoFactorEnabled) {
      throw new AppError('TWO_FACTOR_REQUIRED', ADMIN_TWO_FACTOR_MESSAGE);
    }
    return payload;
  });
}

/** True when the request carries no Origin (not a browser) or one of this site. */
export function hasOwnOrigin(app: FastifyInstance, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  return host === request.headers.host || (app.deps.config.publicUrl !== undefined && host === new URL(app.deps.config.publicUrl).host);
}

/** Refuses state-changing requests sent from another site (defence in depth beside SameSite=Lax). */
export function registerOriginCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    if (!hasOwnOrigin(app, request)) throw new AppError('FORBIDDEN', 'Cross-site request refused.');
  });
}
