import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { securityRoutes } from './modules/auth/security.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { landingRoutes } from './modules/landing/landing.routes.ts';
import { leadsRoutes } from './modules/leads/leads.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { commissionsRoutes } from './modules/commissions/commissions.routes.ts';
import { commissionReversalsRoutes } from './modules/commissions/commission-reversals.routes.ts';
import { financeRoutes } from './modules/finance/finance.routes.ts';
import { earningsRoutes } from './modules/earnings/earnings.routes.ts';
import { commissionCellsRoutes } from './modules/commission-cells/commission-cells.routes.ts';
import { cellNetworkRoutes } from './modules/commission-cells/cell-network.routes.ts';
import { commissionConfigRoutes } from './modules/commission-cells/commission-config.routes.ts';
import { elitePoolRoutes } from './modules/commission-cells/elite-pool.routes.ts';
import { trackingRoutes } from './modules/tracking/tracking.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { rbacRoutes } from './modules/rbac/rbac.routes.ts';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import { goalsRoutes } from './modules/goals/goals.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { trialsRoutes } from './modules/trials/trials.routes.ts';
import { usageRoutes } from './modules/usage/usage.routes.ts';
import { tradingRoutes } from './modules/trading/trading.routes.ts';
import { tradingAdminRoutes } from './modules/trading-admin/trading-admin.routes.ts';
import { tradingAlertsRoutes } from './modules/trading-alerts/trading-alerts.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { roleHomesRoutes } from './modules/role-homes/role-homes.routes.ts';
import { videoWidgetsRoutes } from './modules/video-widgets/video-widgets.routes.ts';
import { referralsRoutes } from './modules/referrals/referrals.routes.ts';
import { adminOverviewRoutes } from './modules/admin-overview/admin-overview.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { backupRoutes } from './modules/backup/backup.routes.ts';
import { personalizationRoutes } from './modules/personalization/personalization.routes.ts';
import { learningHubRoutes } from './modules/learning/learning-hub.routes.ts';
import { learningAdminRoutes } from './modules/learning/learning-admin.routes.ts';
import { learningUploadsRoutes } from './modules/learning/learning-uploads.routes.ts';
import { accountDataRoutes } from './modules/account-data/account-data.routes.ts';
import { payoutsRoutes } from './modules/payouts/payouts.routes.ts';
import { marketDataRoutes } from './modules/market-data/market-data.routes.ts';
import { registerAccessGuard, registerOriginCheck } from './plugins/access-guard.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { API_DOCS_CONTENT_SECURITY_POLICY, registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSession } from './plugins/session.ts';
import { registerUserChanges } from './modules/changes/index.ts';
import { registerWebApp } from './plugins/web-app.ts';

export const FEATURE_MODULES = [healthRoutes, authRoutes, accountRoutes, securityRoutes, rbacRoutes, profileRoutes, landingRoutes, liveRoutes, auditRoutes, jobsRoutes, mailRoutes, notificationsRoutes, productsRoutes, commissionsRoutes, commissionReversalsRoutes, financeRoutes, commissionCellsRoutes, cellNetworkRoutes, commissionConfigRoutes, elitePoolRoutes, trackingRoutes, leadsRoutes, subscriptionsRoutes, billingRoutes, onboardingRoutes, goalsRoutes, trialsRoutes, usageRoutes, tradingRoutes, tradingAdminRoutes, tradingAlertsRoutes, dashboardRoutes, roleHomesRoutes, videoWidgetsRoutes, referralsRoutes, adminOverviewRoutes, supportRoutes, backupRoutes, personalizationRoutes, earningsRoutes, learningAdminRoutes, learningUploadsRoutes, learningHubRoutes, accountDataRoutes, payoutsRoutes, marketDataRoutes];

/** Builds the whole app around the given dependencies; server.ts and the tests both call this. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.config.logger ? { level: deps.config.isProduction ? 'info' : 'warn' } : false,
    trustProxy: deps.config.trustProxy ?? deps.config.isProduction,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Before every hook that reads a cache (the session first): with the tests' option on, each
  // request waits for the change feed before anything is read (decision 031).
  registerUserChanges(app);

  registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: { info: { title: 'MYEAI API', version: '1.0.0' }, components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'myeai_session' } } } },
    transform: jsonSchemaTransform,
  });
  registerAccessGuard(app);
  registerInputGuard(app);
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    transformStaticCSP: () => API_DOCS_CONTENT_SECURITY_POLICY,
    // The plugin answers /static/index.html with a redirect made by cutting that ending off the
    // request URL; with a query string or a trailing slash nothing was cut and the page redirected
    // to itself forever. Its only page is the docs root, so go there.
    uiHooks: {
      preHandler: async (request, reply) => {
        if (request.routeOptions.url === '/api/docs/static/index.html') return reply.redirect('/api/docs/');
      },
    },
  });
  registerOriginCheck(app);
  registerSession(app);

  for (const feature of FEATURE_MODULES) await app.register(feature);
  await registerWebApp(app);
  return app;
}
