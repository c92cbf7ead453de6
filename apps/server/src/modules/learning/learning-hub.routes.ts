import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  LearningHubResponseSchema,
  learningHubPaths,
  LearningIdParamsSchema,
  LearningModuleIdParamsSchema,
  LearningModulesQuerySchema,
  LearningPlayerModuleSchema,
  LearningProgressInputSchema,
  LearningProgressResponseSchema,
  LearningRatingInputSchema,
  LearningRatingResponseSchema,
} from '@myeai/domain';
import { ReadCache, sendJsonBody, userChangeFeedFor, validatedJsonBody } from '../changes/index.ts';
import { learningCatalogueFor, learningFiguresFor } from './learning-catalogue-cache.ts';
import { parseByteRange } from './byte-range.ts';
import { learningUploadsDir } from './learning-uploads.service.ts';
import { getHub, getPlayerModule, openableUpload, rateModule, reportProgress } from './learning-hub.service.ts';
import { zodRoutes } from '../../module-routes.ts';


export async function learningHubRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const catalogue = learningCatalogueFor(deps);
  const figures = learningFiguresFor(deps);
  // Each learner's hub as sent, per search and filter, until their data changes (change feed: their
  // progress and ratings announce them, migration 0031) or the catalogue or the figures do (a new
  // key: both versions are part of it), at most a minute (a trial's next day).
  const hubs = new ReadCache<Buffer>(userChangeFeedFor(deps), { maxEntries: 20_000, ttlMs: 60_000 });

  /** The hub: tiles, chips, tabs, modules (never a source), "continue where you left off". */
  app.get(learningHubPaths.modules, {
    config: { access: 'signedIn' },
    schema: { tags: ['learning'], querystring: LearningModulesQuerySchema, response: { 200: LearningHubResponseSchema } },
    handler: async (request, reply) => {
      const user = request.user!;
      const now = deps.clock.now();
      const [current, counts] = await Promise.all([catalogue.read(now), figures.read(now)]);
      const key = `${current.version}.${counts.version}\u0000${JSON.stringify(request.query)}`;
      const body = await hubs.readForUser(user.id, key, now, async () =>
        validatedJsonBody(LearningHubResponseSchema, await getHub(deps.db, current.value, counts.value, user, request.query, now)),
      );
      reply.header('cache-control', 'no-store');
      return sendJsonBody(reply, body);
    },
  });

  /** The player's module with its source; 403 with spec 2 section 8's message when locked. */
  app.get(learningHubPaths.module, {
    config: { access: 'signedIn' },
    schema: { tags: ['learning'], params: LearningIdParamsSchema, response: { 200: LearningPlayerModuleSchema } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getPlayerModule(deps.db, request.user!, request.params.id, deps.clock.now());
    },
  });

  /** The player's time reports: stored progress only grows; complete at 90%, once. */
  app.post(learningHubPaths.progress, {
    config: { access: 'signedIn' },
    schema: { tags: ['learning'], params: LearningModuleIdParamsSchema, body: LearningProgressInputSchema, response: { 200: LearningProgressResponseSchema } },
    handler: async (request) => {
      const { response, started } = await reportProgress(deps, request.user!, request.params.moduleId, request.body);
      if (started) figures.changed();
      return response;
    },
  });

  /** "Mark as done" on a document or an external link. */
  app.post(learningHubPaths.done, {
    config: { access: 'signedIn' },
    schema: { tags: ['learning'], params: LearningModuleIdParamsSchema, response: { 200: LearningProgressResponseSchema } },
    handler: async (request) => {
      const { response, started } = await reportProgress(deps, request.user!, request.params.moduleId, 'done');
      if (started) figures.changed();
      return response;
    },
  });

  /** A learner's rating (1-5) of a module they completed. */
  app.post(learningHubPaths.rating, {
    config: { access: 'signedIn' },
    schema: { tags: ['learning'], params: LearningIdParamsSchema, body: LearningRatingInputSchema, response: { 200: LearningRatingResponseSchema } },
    handler: async (request) => {
      const result = await rateModule(deps, request.user!, request.params.id, request.body.rating);
      figures.changed();
      return result;
    },
  });

  /** An uploaded video or PDF, with HTTP range requests (206), for a learner who may open a module using it. */
  app.get(learningHubPaths.file, {
    config: { access: 'signedIn' },
    schema: { tags: ['learning'], params: LearningIdParamsSchema },
    handler: async (request, reply) => {
      const upload = await openableUpload(deps.db, request.user!, request.params.id, deps.clock.now());
      const path = join(learningUploadsDir(deps.config), upload.storedName);
      const size = (await stat(path)).size;
      reply.header('accept-ranges', 'bytes');
      reply.header('content-type', upload.mimeType);
      reply.header('cache-control', 'private, no-store');
      reply.header('content-disposition', 'inline');
      const range = parseByteRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${size}`);
        return reply.status(416).send();
      }
      if (range) {
        reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
        reply.header('content-length', range.end - range.start + 1);
        return reply.status(206).send(createReadStream(path, { start: range.start, end: range.end }));
      }
      reply.header('content-length', size);
      return reply.send(createReadStream(path));
    },
  });
}
