import type { Database, DbOrTx } from '@myeai/db';
import {
  AppError,
  parseYouTubeVideoId,
  ratingToTenths,
  tenthsToRating,
  type UpdateVideoWidgetInputSchema,
  VIDEO_WIDGET_MESSAGES,
  youtubeDefaultThumbnail,
  youtubeEmbedUrl,
  youtubeWatchUrl,
  type VideoWidget,
} from '@myeai/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueJob } from '../jobs/index.ts';
import { selectVideoWidgets, updateVideoWidgetRow, type VideoWidgetRow } from './video-widgets.queries.ts';

export type VideoWidgetUpdate = z.output<typeof UpdateVideoWidgetInputSchema>;

export const VIDEO_NOTIFY_JOB = 'video-widgets.notify-all';

/** Every link is rebuilt from the stored id (never echoed from input). */
export function toVideoWidget(row: VideoWidgetRow): VideoWidget {
  const id = row.videoId;
  return {
    id: row.id,
    position: row.position,
    title: row.title,
    description: row.description,
    video_id: id,
    youtube_url: id ? youtubeEmbedUrl(id) : null,
    watch_url: id ? youtubeWatchUrl(id) : null,
    thumbnail_url: row.thumbnailUrl,
    display_thumbnail_url: row.thumbnailUrl ?? (id ? youtubeDefaultThumbnail(id) : null),
    rating: tenthsToRating(row.ratingTenths),
    total_ratings: row.totalRatings,
    is_active: row.isActive,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The widgets the dashboard shows everyone: active ones, in slot order. */
export async function listActiveVideoWidgets(db: DbOrTx): Promise<VideoWidget[]> {
  return (await selectVideoWidgets(db, { activeOnly: true })).map(toVideoWidget);
}

/** Every slot, active or not (admins, who edit them from the dashboard). */
export async function listAllVideoWidgets(db: DbOrTx): Promise<VideoWidget[]> {
  return (await selectVideoWidgets(db, { activeOnly: false })).map(toVideoWidget);
}

/**
 * An admin's edit (spec 1 section 5), in one transaction: the widget, its audit row and, when
 * asked, the "notify all users" job (queued once per revision of the widget, so a retried job or
 * a repeated delivery never notifies twice).
 */
export async function updateVideoWidget(
  db: Database,
  clock: Clock,
  actorId: string | null,
  id: string,
  input: VideoWidgetUpdate,
): Promise<{ widget: VideoWidget; notificationQueued: boolean }> {
  const videoId = parseYouTubeVideoId(input.youtube_url);
  const ratingTenths = ratingToTenths(input.rating);
  // The schema checked both already; this keeps a direct caller (the seed) to the same rules.
  if (!videoId) throw new AppError('VALIDATION', VIDEO_WIDGET_MESSAGES.youtubeUrlInvalid, [{ path: 'youtube_url', message: VIDEO_WIDGET_MESSAGES.youtubeUrlInvalid }]);
  if (ratingTenths === null) throw new AppError('VALIDATION', VIDEO_WIDGET_MESSAGES.ratingInvalid, [{ path: 'rating', message: VIDEO_WIDGET_MESSAGES.ratingInvalid }]);
  if (input.send_notification && !input.is_active) {
    throw new AppError('VALIDATION', VIDEO_WIDGET_MESSAGES.inactiveNotification, [{ path: 'send_notification', message: VIDEO_WIDGET_MESSAGES.inactiveNotification }]);
  }
  const now = clock.now();
  return db.transaction(async (tx) => {
    const row = await updateVideoWidgetRow(tx, id, {
      title: input.title,
      description: input.description,
      videoId,
      thumbnailUrl: input.thumbnail_url,
      ratingTenths,
      isActive: input.is_active,
      updatedAt: now,
      updatedBy: actorId,
    });
    if (!row) throw new AppError('NOT_FOUND', VIDEO_WIDGET_MESSAGES.notFound);
    const widget = toVideoWidget(row);
    let jobId: number | null = null;
    if (input.send_notification) {
      const job = await enqueueJob(tx, clock, {
        name: VIDEO_NOTIFY_JOB,
        payload: { widgetId: row.id, revision: row.revision, title: row.title },
        dedupeKey: `video-widget:${row.id}:${row.revision}`,
      });
      jobId = job.id;
    }
    await recordAudit(tx, clock, {
      actorId,
      action: 'video_widget.update',
      target: `video widget ${row.position}`,
      details: {
        widget_id: row.id,
        revision: row.revision,
        title: widget.title,
        video_id: videoId,
        thumbnail_url: widget.thumbnail_url,
        rating: widget.rating,
        is_active: widget.is_active,
        send_notification: input.send_notification,
        notify_job_id: jobId,
      },
    });
    return { widget, notificationQueued: jobId !== null };
  });
}
