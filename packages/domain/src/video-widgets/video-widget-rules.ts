import { isSafeHttpUrl, URL_MAX } from '../products/product-rules.ts';

/**
 * Video widgets (spec 1 sections 2.12, 3 and 5). A widget plays one YouTube video, named by its
 * 11-character id: whatever link form the admin pastes, only the id is kept and every URL the
 * app shows is rebuilt from it (reliability catalogue T-29, T-109).
 */
export const YOUTUBE_VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const SHORT_LINK_HOSTS = new Set(['youtu.be', 'www.youtu.be']);
/** Paths whose next segment is the video id: /embed/ID, /v/ID, /shorts/ID, /live/ID. */
const ID_PATH_PREFIXES = new Set(['embed', 'v', 'shorts', 'live']);
const SCHEMELESS_YOUTUBE = /^(?:www\.|m\.|music\.)?(?:youtube\.com|youtu\.be|youtube-nocookie\.com)\//i;

/** /embed/videoseries?list=... is a whole playlist, though "videoseries" has 11 characters. */
const NOT_VIDEO_IDS = new Set(['videoseries']);

function videoId(candidate: string | null | undefined): string | null {
  return candidate && YOUTUBE_VIDEO_ID.test(candidate) && !NOT_VIDEO_IDS.has(candidate) ? candidate : null;
}

/**
 * The video id of a YouTube link, or null. Accepted forms (spec 1 section 5):
 *   watch     https://www.youtube.com/watch?v=ID (also m., music., extra parameters such as &t=)
 *   short     https://youtu.be/ID
 *   embed     https://www.youtube.com/embed/ID, https://www.youtube-nocookie.com/embed/ID
 *   playlist  https://www.youtube.com/watch?v=ID&list=..., https://www.youtube.com/playlist?list=...&v=ID
 * and /shorts/ID, /live/ID, /v/ID. A link pasted without "https://" is read as https. Anything else
 * (another host, a playlist without a video, javascript:, user:password@...) gives null.
 */
export function parseYouTubeVideoId(input: string): string | null {
  let text = input.trim();
  if (SCHEMELESS_YOUTUBE.test(text)) text = `https://${text}`;
  if (!isSafeHttpUrl(text)) return null;
  const url = new URL(text);
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  if (SHORT_LINK_HOSTS.has(host)) return segments.length === 1 ? videoId(segments[0]) : null;
  if (!YOUTUBE_HOSTS.has(host)) return null;
  const [first, second] = segments;
  if ((first === 'watch' || first === 'playlist') && segments.length === 1) return videoId(url.searchParams.get('v'));
  if (first && ID_PATH_PREFIXES.has(first) && segments.length === 2) return videoId(second);
  return null;
}

/** The embed form every accepted link is normalised to (privacy-enhanced mode: no cookies before play). */
export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}`;
}

/** Where the widget's play link opens the video. */
export function youtubeWatchUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${id}`;
}

/** The video's default thumbnail, shown when the widget's thumbnail is blank. */
export function youtubeDefaultThumbnail(id: string): string {
  return `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
}

/** A link normalised to the embed form, or null when it is not a YouTube video link. */
export function normaliseYouTubeUrl(input: string): string | null {
  const id = parseYouTubeVideoId(input);
  return id ? youtubeEmbedUrl(id) : null;
}

/** Ratings run from 0 to 5 in steps of 0.1 and are stored as whole tenths (0-50). */
export const RATING_MAX = 5;
export const RATING_TENTHS_MAX = 50;

/** 4.5 -> 45; null for anything outside 0-5 or between tenths (4.55), NaN or Infinity. */
export function ratingToTenths(rating: number): number | null {
  if (!Number.isFinite(rating) || rating < 0 || rating > RATING_MAX) return null;
  const tenths = Math.round(rating * 10);
  return Math.abs(rating * 10 - tenths) < 1e-9 ? tenths : null;
}

export function tenthsToRating(tenths: number): number {
  return tenths / 10;
}

export const VIDEO_TITLE_MAX = 120;
export const VIDEO_DESCRIPTION_MAX = 1000;

/** Messages of the edit form; the server answers with the same texts. */
export const VIDEO_WIDGET_MESSAGES = {
  titleRequired: 'Title is required.',
  titleTooLong: `Title must be at most ${VIDEO_TITLE_MAX} characters.`,
  descriptionRequired: 'Description is required.',
  descriptionTooLong: `Description must be at most ${VIDEO_DESCRIPTION_MAX} characters.`,
  youtubeUrlRequired: 'YouTube URL is required.',
  youtubeUrlInvalid: 'Enter a valid YouTube video URL: a watch, youtu.be, embed or playlist link that names a video.',
  thumbnailUrlInvalid: 'Enter a valid thumbnail URL (http or https), or leave it blank for the video’s own thumbnail.',
  ratingInvalid: 'Rating must be a number from 0 to 5 in steps of 0.1.',
  inactiveNotification: 'Only an active video can be announced: tick Active, or untick Notify all users.',
  notFound: 'Video widget not found.',
  saveFailed: 'Failed to update video widget',
  saved: 'Video widget updated.',
} as const;

export function isValidThumbnailUrl(value: string): boolean {
  return value.length <= URL_MAX && isSafeHttpUrl(value);
}

/** The edit form as typed (rating as text). */
export type VideoWidgetFormValues = {
  title: string;
  description: string;
  youtube_url: string;
  thumbnail_url: string;
  rating: string;
  is_active: boolean;
  send_notification: boolean;
};

export type VideoWidgetFormField = 'title' | 'description' | 'youtube_url' | 'thumbnail_url' | 'rating';

/** What PUT /api/admin/video-widgets/:id receives: the URL in embed form, the rating as a decimal. */
export type VideoWidgetInputValues = {
  title: string;
  description: string;
  youtube_url: string;
  thumbnail_url: string | null;
  rating: number;
  is_active: boolean;
  send_notification: boolean;
};

export type VideoWidgetFormResult =
  | { ok: true; value: VideoWidgetInputValues }
  | { ok: false; errors: Partial<Record<VideoWidgetFormField, string>> };

/** The edit form's rules (spec 1 section 5), checked in the browser before sending and again by the server. */
export function validateVideoWidgetForm(values: VideoWidgetFormValues): VideoWidgetFormResult {
  const errors: Partial<Record<VideoWidgetFormField, string>> = {};
  const title = values.title.trim();
  const description = values.description.trim();
  const youtubeUrl = values.youtube_url.trim();
  const thumbnailUrl = values.thumbnail_url.trim();
  const ratingText = values.rating.trim();

  if (!title) errors.title = VIDEO_WIDGET_MESSAGES.titleRequired;
  else if (title.length > VIDEO_TITLE_MAX) errors.title = VIDEO_WIDGET_MESSAGES.titleTooLong;
  if (!description) errors.description = VIDEO_WIDGET_MESSAGES.descriptionRequired;
  else if (description.length > VIDEO_DESCRIPTION_MAX) errors.description = VIDEO_WIDGET_MESSAGES.descriptionTooLong;
  const embed = youtubeUrl ? normaliseYouTubeUrl(youtubeUrl) : null;
  if (!youtubeUrl) errors.youtube_url = VIDEO_WIDGET_MESSAGES.youtubeUrlRequired;
  else if (!embed) errors.youtube_url = VIDEO_WIDGET_MESSAGES.youtubeUrlInvalid;
  if (thumbnailUrl && !isValidThumbnailUrl(thumbnailUrl)) errors.thumbnail_url = VIDEO_WIDGET_MESSAGES.thumbnailUrlInvalid;
  const rating = /^\d+(\.\d+)?$/.test(ratingText) ? Number(ratingText) : NaN;
  if (ratingToTenths(rating) === null) errors.rating = VIDEO_WIDGET_MESSAGES.ratingInvalid;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      title,
      description,
      youtube_url: embed!,
      thumbnail_url: thumbnailUrl || null,
      rating,
      is_active: values.is_active,
      send_notification: values.send_notification,
    },
  };
}

/** The notification every user gets when an admin announces a video. */
export function videoAnnouncement(title: string): { title: string; message: string } {
  return { title: `New video: ${title}`, message: `"${title}" is now on your Business Hub. Watch it from the dashboard.` };
}
