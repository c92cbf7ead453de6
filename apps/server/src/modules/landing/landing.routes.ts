import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import QRCode from 'qrcode';
import { AppError, LandingContentResponseSchema, LandingContentSchema, landingPaths } from '@myeai/domain';
import { getLandingContent, saveLandingContent } from './landing.service.ts';

export async function landingRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);

  app.get(landingPaths.content, {
    config: { access: 'public' },
    schema: { tags: ['landing'], response: { 200: LandingContentResponseSchema } },
    handler: async () => getLandingContent(deps.db),
  });

  app.put(landingPaths.admin, {
    config: { access: 'admin' },
    schema: { tags: ['landing'], body: LandingContentSchema, response: { 200: LandingContentResponseSchema } },
    handler: async (request) => {
      await saveLandingContent(deps.db, deps.clock, request.user!.id, request.body);
      return getLandingContent(deps.db);
    },
  });

  /** The community prompt's QR image, drawn here rather than by an outside QR service. */
  app.get(landingPaths.communityQr, {
    config: { access: 'public' },
    schema: { tags: ['landing'] },
    handler: async (_request, reply) => {
      const { community_url: url } = await getLandingContent(deps.db);
      if (!url) throw new AppError('NOT_FOUND', 'No community link is configured.');
      const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=300').send(svg);
    },
  });
}
