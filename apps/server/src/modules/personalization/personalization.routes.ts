import type { FastifyInstance, FastifyReply } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import {
  BatchReviewInputSchema,
  BatchReviewResponseSchema,
  MessageTemplatesResponseSchema,
  PendingGoalsQuerySchema,
  PendingGoalsResponseSchema,
  PersonalizationHealthSchema,
  PersonalizedMessageInputSchema,
  PersonalizedMessageResponseSchema,
  PreviewMessagesInputSchema,
  PreviewMessagesResponseSchema,
  personalizationPaths,
} from '@myeai/domain';
import { messageWriterFor } from './message-writer.ts';
import { AiQuotaError, batchReview, listMessageTemplates, listPendingGoals, personalizationHealth, previewMessages, writeMessage } from './personalization.service.ts';

/** Writing costs model calls when the AI writer is on (catalogue T-87): a ceiling per caller. */
const WRITE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

/** Runs a writing call; a spent daily AI quota answers 429 with Retry-After (the next 00:00 UTC). */
async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AiQuotaError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

export async function personalizationRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const writer = messageWriterFor(deps.config);
  const admin = (request: { user: { id: string; name: string } | null }) => ({ id: request.user!.id, name: request.user!.name });

  app.get(personalizationPaths.templates, {
    config: { access: 'admin' },
    schema: { tags: ['personalization'], response: { 200: MessageTemplatesResponseSchema } },
    handler: async () => listMessageTemplates(),
  });

  app.get(personalizationPaths.health, {
    config: { access: 'admin' },
    schema: { tags: ['personalization'], response: { 200: PersonalizationHealthSchema } },
    handler: async () => personalizationHealth(writer),
  });

  app.get(personalizationPaths.pendingGoals, {
    config: { access: 'admin' },
    schema: { tags: ['personalization'], querystring: PendingGoalsQuerySchema, response: { 200: PendingGoalsResponseSchema } },
    handler: async (request) => listPendingGoals(deps, request.user!.id, request.query),
  });

  app.post(personalizationPaths.message, {
    config: { access: 'admin', rateLimit: WRITE_RATE_LIMIT },
    schema: { tags: ['personalization'], body: PersonalizedMessageInputSchema, response: { 200: PersonalizedMessageResponseSchema } },
    handler: async (request, reply) => withRetryAfter(reply, () => writeMessage(deps, writer, admin(request), request.body)),
  });

  app.post(personalizationPaths.previews, {
    config: { access: 'admin', rateLimit: WRITE_RATE_LIMIT },
    schema: { tags: ['personalization'], body: PreviewMessagesInputSchema, response: { 200: PreviewMessagesResponseSchema } },
    handler: async (request, reply) => withRetryAfter(reply, () => previewMessages(deps, writer, admin(request), request.body)),
  });

  app.post(personalizationPaths.batchReview, {
    config: { access: 'admin' },
    schema: { tags: ['personalization'], body: BatchReviewInputSchema, response: { 200: BatchReviewResponseSchema } },
    handler: async (request) => batchReview(deps, admin(request), request.body),
  });
}
