import { z } from 'zod';
import { URL_MAX } from '../products/product-rules.ts';
import {
  isValidThumbnailUrl,
  parseYouTubeVideoId,
  ratingToTenths,
  VIDEO_DESCRIPTION_MAX,
  VIDEO_TITLE_MAX,
  validateVideoWidgetForm,
  VIDEO_WIDGET_MESSAGES as M,
} from '../video-widgets/video-widget-rules.ts';
import { formRulesSchema } from './form-rules-schema.ts';

/** Video widget API paths. */
export const videoWidgetsPaths = {
  list: '/api/video-widgets',
  adminList: '/api/admin/video-widgets',
  adminOne: '/api/admin/video-widgets/:id',
} as const;

export const VideoWidgetSchema = z.object({
  id: z.string(),
  /** 1 or 2: the dashboard shows the widgets in this order. */
  position: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** Null only for a slot no admin has set up yet (never active). */
  video_id: z.string().nullable(),
  /** The embed form, rebuilt from the video id. */
  youtube_url: z.string().nullable(),
  /** Where the play link opens the video. */
  watch_url: z.string().nullable(),
  /** As the admin entered it; null means the video's default thumbnail. */
  thumbnail_url: z.string().nullable(),
  /** What the widget shows: the entered thumbnail or the video's default one. */
  display_thumbnail_url: z.string().nullable(),
  /** 0 to 5, one decimal. */
  rating: z.number().min(0).max(5),
  total_ratings: z.number().int(),
  is_active: z.boolean(),
  updated_at: z.string(),
});
export type VideoWidget = z.infer<typeof VideoWidgetSchema>;

export const VideoWidgetListSchema = z.object({ widgets: z.array(VideoWidgetSchema) });

/**
 * PUT /api/admin/video-widgets/:id (spec 1 section 7). Strict: unknown keys are refused (T-16).
 * The rating is a decimal (4.5) in steps of 0.1; a blank or null thumbnail means the default one.
 */
export const UpdateVideoWidgetInputSchema = z.strictObject({
  title: z.string(M.titleRequired).trim().min(1, M.titleRequired).max(VIDEO_TITLE_MAX, M.titleTooLong),
  description: z.string(M.descriptionRequired).trim().min(1, M.descriptionRequired).max(VIDEO_DESCRIPTION_MAX, M.descriptionTooLong),
  youtube_url: z
    .string(M.youtubeUrlRequired)
    .trim()
    .min(1, M.youtubeUrlRequired)
    .max(URL_MAX, M.youtubeUrlInvalid)
    .refine((value) => parseYouTubeVideoId(value) !== null, M.youtubeUrlInvalid),
  thumbnail_url: z
    .string(M.thumbnailUrlInvalid)
    .trim()
    .refine((value) => value === '' || isValidThumbnailUrl(value), M.thumbnailUrlInvalid)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
  rating: z.number(M.ratingInvalid).refine((value) => ratingToTenths(value) !== null, M.ratingInvalid),
  is_active: z.boolean().default(true),
  send_notification: z.boolean().default(false),
});
export type UpdateVideoWidgetInput = z.input<typeof UpdateVideoWidgetInputSchema>;

/** The admin's edit dialog: its fields as typed, checked by the video widget form rules (spec 1 section 5), read as the API input. */
export const VideoWidgetFormSchema = formRulesSchema(
  {
    title: z.string(),
    description: z.string(),
    youtube_url: z.string(),
    thumbnail_url: z.string(),
    rating: z.string(),
    is_active: z.boolean(),
    send_notification: z.boolean(),
  },
  validateVideoWidgetForm,
);

export const UpdateVideoWidgetResponseSchema = z.object({
  status: z.literal('success'),
  widget: VideoWidgetSchema,
  /** True when the "notify all users" job was queued by this update. */
  notification_queued: z.boolean(),
});
