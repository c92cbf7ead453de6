import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ListNotificationsQuerySchema,
  NotificationIdParamsSchema,
  NotificationPageSchema,
  NotificationSchema,
  NotificationSettingsSchema,
  ReadAllResponseSchema,
  SendSystemNotificationInputSchema,
  SendSystemNotificationResponseSchema,
} from '@myeai/domain';
import { ReadCache, sendJsonBody, userChangeFeedFor, validatedJsonBody } from '../changes/index.ts';
import { queueSystemNotification } from './notification-broadcast.ts';
import {
  deleteNotification,
  getNotificationSettings,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  saveNotificationSettings,
} from './notifications.service.ts';

export async function notificationsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = root;
  const tags = ['notifications'];
  // Pages as sent, per user and query, until the user's notifications (or anything else of
  // theirs) change: the bell asks for the first page on every screen.
  const pages = new ReadCache<Buffer>(userChangeFeedFor(deps), { maxEntries: 20_000, ttlMs: 60_000 });

  app.get('/api/notifications', {
    config: { access: 'signedIn' },
    schema: { tags, querystring: ListNotificationsQuerySchema, response: { 200: NotificationPageSchema } },
    handler: async (request, reply) => {
      const userId = request.user!.id;
      const body = await pages.readForUser(userId, `notifications ${JSON.stringify(request.query)}`, deps.clock.now(), async () =>
        validatedJsonBody(NotificationPageSchema, await listNotifications(deps.db, userId, request.query, deps.clock.now())),
      );
      return sendJsonBody(reply, body);
    },
  });

  app.put('/api/notifications/read-all', {
    config: { access: 'signedIn' },
    schema: { tags, response: { 200: ReadAllResponseSchema } },
    handler: async (request) => ({ status: 'success' as const, updated: await markAllNotificationsRead(deps.db, deps.clock, request.user!.id) }),
  });

  app.get('/api/notifications/settings', {
    config: { access: 'signedIn' },
    schema: { tags, response: { 200: NotificationSettingsSchema } },
    handler: async (request) => getNotificationSettings(deps.db, request.user!.id),
  });

  app.put('/api/notifications/settings', {
    config: { access: 'signedIn' },
    schema: { tags, body: NotificationSettingsSchema, response: { 200: NotificationSettingsSchema } },
    handler: async (request) => saveNotificationSettings(deps.db, deps.clock, request.user!.id, request.body),
  });

  app.put('/api/notifications/:id/read', {
    config: { access: 'signedIn' },
    schema: { tags, params: NotificationIdParamsSchema, response: { 200: NotificationSchema } },
    handler: async (request) => markNotificationRead(deps.db, deps.clock, request.user!.id, request.params.id),
  });

  app.delete('/api/notifications/:id', {
    config: { access: 'signedIn' },
    schema: { tags, params: NotificationIdParamsSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await deleteNotification(deps.db, deps.clock, request.user!.id, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post('/api/admin/notifications', {
    config: { access: 'admin' },
    schema: { tags, body: SendSystemNotificationInputSchema, response: { 202: SendSystemNotificationResponseSchema } },
    handler: async (request, reply) => {
      const { jobId } = await queueSystemNotification(deps.db, deps.clock, request.user!.id, request.body);
      return reply.status(202).send({ status: 'queued' as const, job_id: jobId });
    },
  });
}
