import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import { z } from 'zod';
import { UpdateVideoWidgetInputSchema, UpdateVideoWidgetResponseSchema, VideoWidgetListSchema, videoWidgetsPaths } from '@myeai/domain';
import { listActiveVideoWidgets, listAllVideoWidgets, updateVideoWidget } from './video-widgets.service.ts';

const WidgetParamsSchema = z.object({ id: z.uuid('Video widget not found.') });

export async function videoWidgetsRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);

  /** The dashboard's widgets: active ones only (spec 1 section 7). */
  app.get(videoWidgetsPaths.list, {
    config: { access: 'everyRole' },
    schema: { tags: ['video-widgets'], response: { 200: VideoWidgetListSchema } },
    handler: async () => ({ widgets: await listActiveVideoWidgets(deps.db) }),
  });

  /** Every slot, inactive ones too, for the admin who edits them. */
  app.get(videoWidgetsPaths.adminList, {
    config: { access: 'admin' },
    schema: { tags: ['video-widgets'], response: { 200: VideoWidgetListSchema } },
    handler: async () => ({ widgets: await listAllVideoWidgets(deps.db) }),
  });

  app.put(videoWidgetsPaths.adminOne, {
    config: { access: 'admin' },
    schema: {
      tags: ['video-widgets'],
      description: 'Edit a video widget. Any YouTube watch, youtu.be, embed or playlist link naming a video is stored as its 11-character id and returned in embed form. send_notification queues one notification for every user (once per update).',
      params: WidgetParamsSchema,
      body: UpdateVideoWidgetInputSchema,
      response: { 200: UpdateVideoWidgetResponseSchema },
    },
    handler: async (request) => {
      const { widget, notificationQueued } = await updateVideoWidget(deps.db, deps.clock, request.user!.id, request.params.id, request.body);
      return { status: 'success' as const, widget, notification_queued: notificationQueued };
    },
  });
}
