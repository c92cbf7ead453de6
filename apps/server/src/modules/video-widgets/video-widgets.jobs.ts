import { and, asc, eq, gt } from 'drizzle-orm';
import { users } from '@myeai/db';
import { videoAnnouncement } from '@myeai/domain';
import { z } from 'zod';
import type { JobHandler } from '../jobs/index.ts';
import { createNotification } from '../notifications/index.ts';
import { VIDEO_NOTIFY_JOB } from './video-widgets.service.ts';

const BATCH_SIZE = 200;

const NotifyPayloadSchema = z.object({ widgetId: z.uuid(), revision: z.number().int(), title: z.string() });

/**
 * "Notify all users" of a widget update: one notification per active user, in batches of one
 * transaction each. Every notification carries the source key of the widget's revision, so a
 * retried or repeated job skips the users it already reached.
 */
export const notifyAllOfVideo: JobHandler = async (payload, { deps }) => {
  const job = NotifyPayloadSchema.parse(payload);
  const text = videoAnnouncement(job.title);
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.status, 'active'), gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(BATCH_SIZE);
    if (batch.length === 0) return;
    await deps.db.transaction(async (tx) => {
      for (const user of batch) {
        await createNotification(tx, deps.clock, {
          userId: user.id,
          type: 'system_update',
          title: text.title,
          message: text.message,
          data: { video_widget_id: job.widgetId, link: '/dashboard' },
          sourceKey: `video-widget:${job.widgetId}:${job.revision}`,
        });
      }
    });
    after = batch[batch.length - 1]!.id;
  }
};

export const videoWidgetJobHandlers: Record<string, JobHandler> = { [VIDEO_NOTIFY_JOB]: notifyAllOfVideo };
