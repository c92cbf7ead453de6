import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import { z } from 'zod';
import {
  ListNotificationsQuerySchema,
  NotificationIdParamsSchema,
  NotificationPageSchema,
  NotificationSchema,
  NotificationSettingsSchema,
  notificationsPaths,
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
  const { app, deps } = zodRoutes(root);
  const tags = ['notifications'];
  // Pages as sent, per user and query, until the user's notifications (or anything else of
  // theirs) change: the bell asks for the first page on every screen.
  const pages = new ReadCache<Buffer>(userChangeFeedFor(deps), { maxEntries: 20_000, ttlMs: 60_000 });

  app.get(notificationsPaths.list, {
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

  app.put(notificationsPaths.readAll, {
    config: { access: 'signedIn' },
    schema: { tags, response: { 200: ReadAllResponseSchema } },
    handler: async (request) => ({ status: 'success' as const, updated: await markAllNotificationsRead(deps.db, deps.clock, request.user!.id) }),
  });

  app.get(notificationsPaths.settings, {
    config: { access: 'signedIn' },
    schema: { tags, response: { 200: NotificationSettingsSchema } },
    handler: async (request) => getNotificationSettings(deps.db, request.user!.id),
  });

  app.put(notificationsPaths.settings, {
    config: { access: 'signedIn' },
    schema: { tags, body: NotificationSettingsSchema, response: { 200: NotificationSettingsSchema } },
    handler: async (request) => saveNotificationSettings(deps.db, deps.clock, request.user!.id, request.body),
  });

  app.put(notificationsPaths.read, {
    config: { access: 'signedIn' },
    schema: { tags, params: NotificationIdParamsSchema, response: { 200: NotificationSchema } },
    handler: async (request) => markNotificationRead(deps.db, deps.clock, request.user!.id, request.params.id),
  });

  app.delete(notificationsPaths.one, {
    config: { access: 'signedIn' },
    schema: { tags, params: NotificationIdParamsSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await deleteNotification(deps.db, deps.clock, request.user!.id, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post(notificationsPaths.adminSend, {
    config: { access: 'admin' },
    schema: { tags, body: SendSystemNotificationInputSchema, response: { 202: SendSystemNotificationResponseSchema } },
    handler: async (request, reply) => {
      const { jobId } = await queueSystemNotification(deps.db, deps.clock, request.user!.id, request.body);
      return reply.status(202).send({ status: 'queued' as const, job_id: jobId });
    },
  });
}
