import { videoAnnouncement } from '@myeai/domain';
import { z } from 'zod';
import type { JobHandler } from '../jobs/index.ts';
import { fanOutNotification } from '../notifications/index.ts';
import { VIDEO_NOTIFY_JOB } from './video-widgets.service.ts';

const NotifyPayloadSchema = z.object({ widgetId: z.uuid(), revision: z.number().int(), title: z.string() });

/**
 * "Notify all users" of a widget update: the notifications module's fan-out to every active
 * user, keyed by the widget's revision, so a retried or repeated job skips the users it reached.
 */
export const notifyAllOfVideo: JobHandler = async (payload, { deps }) => {
  const job = NotifyPayloadSchema.parse(payload);
  const text = videoAnnouncement(job.title);
  await fanOutNotification(deps.db, deps.clock, {
    audience: { kind: 'all' },
    notification: { type: 'system_update', title: text.title, message: text.message, data: { video_widget_id: job.widgetId, link: '/dashboard' } },
    sourceKey: `video-widget:${job.widgetId}:${job.revision}`,
  });
};

export const videoWidgetJobHandlers: Record<string, JobHandler> = { [VIDEO_NOTIFY_JOB]: notifyAllOfVideo };
