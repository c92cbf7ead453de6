import { z } from 'zod';
import { LEARNER_STANDINGS } from '../learning/access.ts';
import { youtubeEmbedUrl } from '../video-widgets/video-widget-rules.ts';
import { LEARNING_ACCESS_LEVELS, LEARNING_COLLECTIONS, LEARNING_CONTENT_TYPES, LEARNING_DIFFICULTIES, LEARNING_RATING_MAX, LEARNING_RATING_MIN } from '../learning/learning-catalogue.ts';

/** The learner side of learning (issue 20 items 1-3): the hub, the player, progress, ratings, files. */
export const learningHubPaths = {
  modules: '/api/learning/modules',
  module: '/api/learning/modules/:id',
  rating: '/api/learning/modules/:id/rating',
  progress: '/api/learning/progress/:moduleId',
  done: '/api/learning/progress/:moduleId/done',
  file: '/api/learning/files/:id',
} as const;

export const LEARNING_HUB_TABS = ['all', 'videos', 'documents'] as const;
export type LearningHubTab = (typeof LEARNING_HUB_TABS)[number];
export const LEARNING_HUB_TAB_LABELS: Readonly<Record<LearningHubTab, string>> = { all: 'All Content', videos: 'Videos', documents: 'Documents' };

/** Modules the hub shows at first; "Show more" asks for more (the catalogue may hold hundreds). */
export const LEARNING_HUB_PAGE_SIZE = 24;

export const LearningModulesQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  /** How many of the matching modules to send, in hub order. */
  limit: z.coerce.number().int().min(1).max(1000).default(LEARNING_HUB_PAGE_SIZE),
  category: z.uuid().optional(),
  tab: z.enum(LEARNING_HUB_TABS).default('all'),
  collection: z.enum(LEARNING_COLLECTIONS).optional(),
});
export type LearningModulesQuery = z.infer<typeof LearningModulesQuerySchema>;

export const LearningIdParamsSchema = z.object({ id: z.uuid() });
export const LearningModuleIdParamsSchema = z.object({ moduleId: z.uuid() });

export const LearningMyProgressSchema = z.object({
  watch_time_seconds: z.number().int().nonnegative(),
  total_duration_seconds: z.number().int().nonnegative(),
  completion_percentage: z.number().int().min(0).max(100),
  is_completed: z.boolean(),
  completed_at: z.iso.datetime().nullable(),
  updated_at: z.iso.datetime(),
});
export type LearningMyProgress = z.infer<typeof LearningMyProgressSchema>;

/** A module as the hub lists it: never its video URL, file or document (the player route has those). */
export const LearningHubModuleSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: z.object({ id: z.uuid(), name: z.string() }),
  content_type: z.enum(LEARNING_CONTENT_TYPES),
  kind: z.enum(['video', 'document']),
  difficulty: z.enum(LEARNING_DIFFICULTIES),
  access_level: z.enum(LEARNING_ACCESS_LEVELS),
  thumbnail_url: z.string().nullable(),
  duration_minutes: z.number().int().nullable(),
  tags: z.array(z.string()),
  collection: z.enum(LEARNING_COLLECTIONS).nullable(),
  creator_name: z.string().nullable(),
  /** Average of learners' ratings (1-5, one decimal), null when nobody rated it. */
  rating: z.number().nullable(),
  ratings_count: z.number().int().nonnegative(),
  /** Learners who started it. */
  learners: z.number().int().nonnegative(),
  locked: z.boolean(),
  /** The click message of spec 2 section 8 when locked. */
  locked_message: z.string().nullable(),
  progress: LearningMyProgressSchema.nullable(),
  my_rating: z.number().int().nullable(),
});
export type LearningHubModule = z.infer<typeof LearningHubModuleSchema>;

export const LearningHubResponseSchema = z.object({
  standing: z.enum(LEARNER_STANDINGS),
  stats: z.object({
    modules: z.number().int().nonnegative(),
    completed: z.number().int().nonnegative(),
    minutes_watched: z.number().int().nonnegative(),
    in_progress: z.number().int().nonnegative(),
  }),
  /** Category chips: modules per category for the search and tab (before the category filter). */
  categories: z.array(z.object({ id: z.uuid(), name: z.string(), count: z.number().int().nonnegative() })),
  tab_counts: z.object({ all: z.number().int(), videos: z.number().int(), documents: z.number().int() }),
  /** Resource tiles: only collections that hold modules. */
  collections: z.array(z.object({ collection: z.enum(LEARNING_COLLECTIONS), label: z.string(), count: z.number().int().positive() })),
  /** Modules started and not completed, most recently watched first. */
  continue_watching: z.array(LearningHubModuleSchema),
  /** The first `limit` modules matching the search, category, tab and collection... */
  modules: z.array(LearningHubModuleSchema),
  /** ...of this many. */
  matching: z.number().int().nonnegative(),
});
export type LearningHubResponse = z.infer<typeof LearningHubResponseSchema>;

/** What the player plays: an embed/link URL, or our file route for an upload. */
export const LearningModuleSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('youtube'), video_id: z.string(), url: z.string() }),
  z.object({ kind: z.literal('vimeo'), video_id: z.string(), url: z.string() }),
  z.object({ kind: z.literal('file'), url: z.string(), mime_type: z.string() }),
  z.object({ kind: z.literal('link'), url: z.string() }),
]);
export type LearningModuleSource = z.infer<typeof LearningModuleSourceSchema>;

export const LearningPlayerModuleSchema = LearningHubModuleSchema.extend({ source: LearningModuleSourceSchema });
export type LearningPlayerModule = z.infer<typeof LearningPlayerModuleSchema>;

export const LearningProgressInputSchema = z.strictObject({
  watch_time_seconds: z.number().nonnegative().max(1_000_000).transform(Math.floor),
  total_duration_seconds: z.number().nonnegative().max(1_000_000).transform(Math.floor),
});
export type LearningProgressInput = z.infer<typeof LearningProgressInputSchema>;

export const LearningProgressResponseSchema = z.object({ progress: LearningMyProgressSchema, completed_now: z.boolean() });
export type LearningProgressResponse = z.infer<typeof LearningProgressResponseSchema>;

export const LearningRatingInputSchema = z.strictObject({ rating: z.number().int().min(LEARNING_RATING_MIN).max(LEARNING_RATING_MAX) });
export const LearningRatingResponseSchema = z.object({ my_rating: z.number().int(), rating: z.number().nullable(), ratings_count: z.number().int() });

/** The numeric id of a Vimeo video (vimeo.com/123, player.vimeo.com/video/123); null otherwise. */
export function vimeoVideoId(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const host = u.hostname.replace(/^www\./, '');
  if (host !== 'vimeo.com' && host !== 'player.vimeo.com') return null;
  const m = /\/(\d{3,12})(?:\/|$)/.exec(u.pathname);
  return m?.[1] ?? null;
}

/** The privacy-enhanced YouTube embed (youtubeEmbedUrl) with the IFrame API on, so the player reports its time to `origin`. */
export function youtubePlayerEmbedUrl(videoId: string, origin: string): string {
  return `${youtubeEmbedUrl(videoId)}?enablejsapi=1&rel=0&origin=${encodeURIComponent(origin)}`;
}

export function vimeoEmbedUrl(videoId: string): string {
  return `https://player.vimeo.com/video/${encodeURIComponent(videoId)}?dnt=1`;
}
