import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ReferralAnalyticsQuerySchema,
  ReferralAnalyticsResponseSchema,
  ReferralDashboardResponseSchema,
  ReferralFlagListResponseSchema,
  ReferralFlagResponseSchema,
  ReferralFlagsQuerySchema,
  ReferralMigrationResponseSchema,
  referralProgrammePaths as paths,
  ReferralSettingsResponseSchema,
  ReferralSettingsSchema,
} from '@myeai/domain';
import { ReadCache, sendJsonBody, userChangeFeedFor, validatedJsonBody } from '../changes/index.ts';
import { getReferralSettings, listReferralFlags, reviewReferralFlag, saveReferralSettings } from './attribution.service.ts';
import { getReferralAnalytics, getReferralDashboard, referralQr } from './referral-analytics.service.ts';
import { getLatestMigration, startMigration } from './referral-migration.service.ts';
import { zodRoutes } from '../../module-routes.ts';

/** Spec 3 section 8: the migration's refusal for a non-admin (the role refusal every other route gives follows it). */
export const ADMIN_ACCESS_REQUIRED = 'Admin access required. Your current role does not have access to this.';
const FlagParamsSchema = z.object({ id: z.uuid('Flag not found.') });

/** The periods are UTC days: a cached answer ends with the day. */
function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** Links are built from PUBLIC_URL when read (DESIGN.md decision 42), else from the request's own origin. */
function origin(request: FastifyRequest): string {
  const configured = request.server.deps.config.publicUrl;
  return configured ? configured.replace(/\/+$/, '') : `${request.protocol}://${request.host}`;
}

/** The referral dashboard, analytics, QR images, attribution flags and settings, and the link migration (decision record 036). */
export async function referralProgrammeRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  // Each user's analytics as sent, per period, until their clicks (referral_clicks announces the
  // referrer), referred sign-ups or commissions change (the change feed), or the UTC day ends.
  const analytics = new ReadCache<Buffer>(userChangeFeedFor(deps), { maxEntries: 20_000, ttlMs: 5 * 60_000 });

  app.get(paths.dashboard, {
    config: { access: 'everyRole' },
    schema: { tags: ['referrals'], response: { 200: ReferralDashboardResponseSchema } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await getReferralDashboard(deps.db, request.user!.id, origin(request)) };
    },
  });

  app.get(paths.analytics, {
    config: { access: 'everyRole' },
    schema: { tags: ['referrals'], querystring: ReferralAnalyticsQuerySchema, response: { 200: ReferralAnalyticsResponseSchema } },
    handler: async (request, reply) => {
      const userId = request.user!.id;
      const days = request.query.period_days;
      const now = deps.clock.now();
      const body = await analytics.readForUser(
        userId,
        `referral analytics ${days}`,
        now,
        async () => validatedJsonBody(ReferralAnalyticsResponseSchema, { data: await getReferralAnalytics(deps.db, deps.clock, userId, days) }),
        nextUtcMidnight(now),
      );
      reply.header('cache-control', 'no-store');
      return sendJsonBody(reply, body);
    },
  });

  app.get(paths.qrSvg, {
    config: { access: 'everyRole' },
    schema: { tags: ['referrals'], description: 'The short link as a QR image (SVG), drawn by this server.' },
    handler: async (request, reply) => {
      const svg = await referralQr(deps.db, request.user!.id, origin(request), 'svg');
      return reply.type('image/svg+xml').header('cache-control', 'private, max-age=300').header('content-disposition', 'inline; filename="myeai-referral-qr.svg"').send(svg);
    },
  });

  app.get(paths.qrPng, {
    config: { access: 'everyRole' },
    schema: { tags: ['referrals'], description: 'The short link as a QR image (PNG, 512 px), drawn by this server.' },
    handler: async (request, reply) => {
      const png = await referralQr(deps.db, request.user!.id, origin(request), 'png');
      return reply.type('image/png').header('cache-control', 'private, max-age=300').header('content-disposition', 'inline; filename="myeai-referral-qr.png"').send(png);
    },
  });

  app.get(paths.flags, {
    config: { access: 'admin' },
    schema: { tags: ['referrals'], querystring: ReferralFlagsQuerySchema, response: { 200: ReferralFlagListResponseSchema } },
    handler: async (request) => ({ data: await listReferralFlags(deps.db, request.query.status) }),
  });

  app.post(paths.clearFlag, {
    config: { access: 'admin' },
    schema: { tags: ['referrals'], description: 'Credits the flagged sign-up to the referrer.', params: FlagParamsSchema, response: { 200: ReferralFlagResponseSchema } },
    handler: async (request) => ({ data: await reviewReferralFlag(deps.db, deps.clock, request.user!.id, request.params.id, 'cleared') }),
  });

  app.post(paths.confirmFlag, {
    config: { access: 'admin' },
    schema: { tags: ['referrals'], description: 'Keeps the flagged sign-up uncredited.', params: FlagParamsSchema, response: { 200: ReferralFlagResponseSchema } },
    handler: async (request) => ({ data: await reviewReferralFlag(deps.db, deps.clock, request.user!.id, request.params.id, 'confirmed') }),
  });

  app.get(paths.settings, {
    config: { access: 'admin' },
    schema: { tags: ['referrals'], response: { 200: ReferralSettingsResponseSchema } },
    handler: async () => ({ data: await getReferralSettings(deps.db) }),
  });

  app.put(paths.settings, {
    config: { access: 'admin' },
    schema: { tags: ['referrals'], body: ReferralSettingsSchema, response: { 200: ReferralSettingsResponseSchema } },
    handler: async (request) => ({ data: await saveReferralSettings(deps.db, deps.clock, request.user!.id, request.body) }),
  });

  app.get(paths.migration, {
    config: { access: 'admin', forbiddenMessage: ADMIN_ACCESS_REQUIRED },
    schema: { tags: ['referrals'], description: 'The latest referral link migration: progress, result and per-user log.', response: { 200: ReferralMigrationResponseSchema } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await getLatestMigration(deps.db) };
    },
  });

  app.post(paths.migration, {
    config: { access: 'admin', forbiddenMessage: ADMIN_ACCESS_REQUIRED },
    schema: { tags: ['referrals'], description: 'Starts the referral link migration as a job (409 while one runs).', response: { 202: ReferralMigrationResponseSchema } },
    handler: async (request, reply) => reply.status(202).send({ data: await startMigration(deps.db, deps.clock, request.user!.id, origin(request)) }),
  });
}
