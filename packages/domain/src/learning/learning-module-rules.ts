import { isSafeHttpUrl, URL_MAX } from '../products/product-rules.ts';
import { parseYouTubeVideoId } from '../video-widgets/video-widget-rules.ts';
import {
  isUploadedContentType,
  LEARNING_ACCESS_LEVELS,
  LEARNING_COLLECTIONS,
  LEARNING_CONTENT_TYPES,
  LEARNING_DIFFICULTIES,
  type LearningAccessLevel,
  type LearningCollection,
  type LearningContentType,
  type LearningDifficulty,
} from './learning-catalogue.ts';

/**
 * The learning module form (spec 2 section 5, "Learning module form"; issue 20 item 4): title,
 * category, description, content type and access level required; a URL required unless the
 * content is an uploaded file; thumbnail optional, a URL; duration whole minutes (null if empty);
 * tags split on commas and trimmed; sort order default 0. The same rules run in the dialog and on
 * the server (the API schema below reads the typed values through them).
 */
export const LEARNING_TITLE_MAX = 200;
export const LEARNING_DESCRIPTION_MAX = 5000;
export const LEARNING_TAG_MAX = 40;
export const LEARNING_TAGS_MAX = 20;
export const LEARNING_CATEGORY_NAME_MAX = 60;
/** Ten days of video: anything above is a typing slip. */
export const LEARNING_DURATION_MAX_MINUTES = 14_400;
export const LEARNING_SORT_ORDER_MAX = 1_000_000;

/** Spec 2 section 8 texts (success and failure prefixes) and the field messages, shared by the form and the API. */
export const LEARNING_ADMIN_MESSAGES = {
  created: 'Learning module created successfully!',
  updated: 'Learning module updated successfully!',
  deactivated: 'Learning module deactivated successfully!',
  reactivated: 'Learning module reactivated successfully!',
  createFailed: 'Failed to create module: ',
  updateFailed: 'Failed to update module: ',
  deleteFailed: 'Failed to delete module: ',
  reorderFailed: 'Failed to save the new order: ',
  titleRequired: 'Title is required.',
  titleTooLong: `Title must be at most ${LEARNING_TITLE_MAX} characters.`,
  categoryRequired: 'Category is required.',
  categoryUnknown: 'Choose one of the categories.',
  descriptionRequired: 'Description is required.',
  descriptionTooLong: `Description must be at most ${LEARNING_DESCRIPTION_MAX} characters.`,
  contentTypeRequired: 'Content type is required.',
  accessLevelRequired: 'Access level is required.',
  difficultyInvalid: 'Difficulty is Beginner, Intermediate or Advanced.',
  urlRequired: 'Video URL is required unless a file is uploaded.',
  urlInvalid: 'Enter a valid URL (http or https).',
  youtubeUrlInvalid: 'Enter a YouTube link that names a video (watch, youtu.be or embed link).',
  vimeoUrlInvalid: 'Enter a Vimeo video link (https://vimeo.com/123456789).',
  fileRequired: 'Upload a file for this content type, or choose a link type and enter its URL.',
  fileWrongKind: 'The uploaded file does not match the content type (a video for Uploaded video, a PDF for Uploaded PDF).',
  fileUnknown: 'The uploaded file was not found: upload it again.',
  thumbnailUrlInvalid: 'Thumbnail URL must be a valid URL (http or https), or leave it blank.',
  durationInvalid: 'Duration must be a whole number of minutes.',
  tagsInvalid: `Use at most ${LEARNING_TAGS_MAX} tags of at most ${LEARNING_TAG_MAX} characters each.`,
  sortOrderInvalid: 'Sort order must be a whole number (0 or more).',
  collectionInvalid: 'Choose one of the resource collections, or none.',
  moduleNotFound: 'Learning module not found.',
  categoryNameRequired: 'Category name is required.',
  categoryNameTooLong: `Category name must be at most ${LEARNING_CATEGORY_NAME_MAX} characters.`,
  categoryNameTaken: 'A category with this name already exists.',
  categoryNotFound: 'Category not found.',
  categoryInUse: 'This category still has modules: move them to another category first.',
  reorderMismatch: 'The list changed while you were reordering: reload and try again.',
  uploadTooLarge: 'The file is too large.',
  uploadWrongType: 'Only MP4 or WebM videos and PDF documents can be uploaded; this file is neither (its content was checked, not its name).',
  uploadEmpty: 'The file is empty.',
  uploadMalformed: 'The upload arrived incomplete or malformed (the connection may have dropped). Choose the file again.',
} as const;

const M = LEARNING_ADMIN_MESSAGES;

const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

/** The numeric id of a Vimeo video link (vimeo.com/ID, player.vimeo.com/video/ID), or null. */
export function parseVimeoVideoId(input: string): string | null {
  const text = input.trim();
  if (!isSafeHttpUrl(text)) return null;
  const url = new URL(text);
  if (!VIMEO_HOSTS.has(url.hostname.toLowerCase())) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  const candidate = url.hostname.toLowerCase() === 'player.vimeo.com' ? (segments[0] === 'video' ? segments[1] : undefined) : segments.find((segment) => /^\d+$/.test(segment));
  return candidate && /^\d{1,12}$/.test(candidate) ? candidate : null;
}

/** "sales, closing ,, Sales" -> ["sales", "closing", "Sales"]: split on commas, trimmed, blanks and exact repeats dropped. */
export function splitLearningTags(text: string): string[] {
  const tags: string[] = [];
  for (const part of text.split(',')) {
    const tag = part.trim();
    if (tag && !tags.includes(tag)) tags.push(tag);
  }
  return tags;
}

export function learningTagsValid(tags: readonly string[]): boolean {
  return tags.length <= LEARNING_TAGS_MAX && tags.every((tag) => tag.length > 0 && tag.length <= LEARNING_TAG_MAX);
}

/** The module's link checked for its content type: the message, or null when it is fine. */
export function learningUrlProblem(type: LearningContentType, url: string): string | null {
  if (!url) return M.urlRequired;
  if (url.length > URL_MAX || !isSafeHttpUrl(url)) return M.urlInvalid;
  if (type === 'youtube' && !parseYouTubeVideoId(url)) return M.youtubeUrlInvalid;
  if (type === 'vimeo' && !parseVimeoVideoId(url)) return M.vimeoUrlInvalid;
  return null;
}

/** The dialog's fields as typed. `upload_id` is the file uploaded in the dialog ('' for none), `collection` '' for none. */
export type LearningModuleFormValues = {
  title: string;
  category_id: string;
  description: string;
  content_type: string;
  url: string;
  upload_id: string;
  thumbnail_url: string;
  duration_minutes: string;
  tags: string;
  difficulty: string;
  access_level: string;
  sort_order: string;
  collection: string;
  is_active: boolean;
};

export type LearningModuleField = Exclude<keyof LearningModuleFormValues, 'is_active'>;

/** What POST and PUT /api/admin/learning/modules receive. */
export type LearningModuleInputValues = {
  title: string;
  category_id: string;
  description: string;
  content_type: LearningContentType;
  url: string | null;
  upload_id: string | null;
  thumbnail_url: string | null;
  duration_minutes: number | null;
  tags: string[];
  difficulty: LearningDifficulty;
  access_level: LearningAccessLevel;
  sort_order: number;
  collection: LearningCollection | null;
  is_active: boolean;
};

export type LearningModuleFormResult = { ok: true; value: LearningModuleInputValues } | { ok: false; errors: Partial<Record<LearningModuleField, string>> };

/** A new module's dialog: YouTube, subscriber level (spec 2 section 9), Beginner, sort order 0, active. */
export function newLearningModuleFormValues(categoryId = ''): LearningModuleFormValues {
  return {
    title: '',
    category_id: categoryId,
    description: '',
    content_type: 'youtube',
    url: '',
    upload_id: '',
    thumbnail_url: '',
    duration_minutes: '',
    tags: '',
    difficulty: 'Beginner',
    access_level: 'subscriber',
    sort_order: '0',
    collection: '',
    is_active: true,
  };
}

function oneOfTuple<T extends string>(tuple: readonly T[], value: string): value is T {
  return (tuple as readonly string[]).includes(value);
}

/** The form's rules (every field's message at once), in the dialog and on the server. */
export function validateLearningModuleForm(values: LearningModuleFormValues): LearningModuleFormResult {
  const errors: Partial<Record<LearningModuleField, string>> = {};
  const title = values.title.trim();
  const description = values.description.trim();
  const categoryId = values.category_id.trim();
  const url = values.url.trim();
  const uploadId = values.upload_id.trim();
  const thumbnailUrl = values.thumbnail_url.trim();
  const durationText = values.duration_minutes.trim();
  const sortText = values.sort_order.trim();
  const tags = splitLearningTags(values.tags);

  if (!title) errors.title = M.titleRequired;
  else if (title.length > LEARNING_TITLE_MAX) errors.title = M.titleTooLong;
  if (!categoryId) errors.category_id = M.categoryRequired;
  if (!description) errors.description = M.descriptionRequired;
  else if (description.length > LEARNING_DESCRIPTION_MAX) errors.description = M.descriptionTooLong;
  const contentType = oneOfTuple(LEARNING_CONTENT_TYPES, values.content_type) ? values.content_type : null;
  if (!contentType) errors.content_type = M.contentTypeRequired;
  else if (isUploadedContentType(contentType)) {
    if (!uploadId) errors.upload_id = M.fileRequired;
  } else {
    const problem = learningUrlProblem(contentType, url);
    if (problem) errors.url = problem;
  }
  const accessLevel = oneOfTuple(LEARNING_ACCESS_LEVELS, values.access_level) ? values.access_level : null;
  if (!accessLevel) errors.access_level = M.accessLevelRequired;
  const difficulty = oneOfTuple(LEARNING_DIFFICULTIES, values.difficulty) ? values.difficulty : null;
  if (!difficulty) errors.difficulty = M.difficultyInvalid;
  if (thumbnailUrl && !isSafeHttpUrl(thumbnailUrl)) errors.thumbnail_url = M.thumbnailUrlInvalid;
  const duration = durationText === '' ? null : /^\d{1,6}$/.test(durationText) ? Number(durationText) : NaN;
  if (duration !== null && (!Number.isSafeInteger(duration) || duration > LEARNING_DURATION_MAX_MINUTES)) errors.duration_minutes = M.durationInvalid;
  if (!learningTagsValid(tags)) errors.tags = M.tagsInvalid;
  const sortOrder = sortText === '' ? 0 : /^\d{1,7}$/.test(sortText) ? Number(sortText) : NaN;
  if (!Number.isSafeInteger(sortOrder) || sortOrder > LEARNING_SORT_ORDER_MAX) errors.sort_order = M.sortOrderInvalid;
  const collection = values.collection === '' ? null : oneOfTuple(LEARNING_COLLECTIONS, values.collection) ? values.collection : undefined;
  if (collection === undefined) errors.collection = M.collectionInvalid;

  if (Object.keys(errors).length > 0 || !contentType || !accessLevel || !difficulty || collection === undefined) return { ok: false, errors };
  const uploaded = isUploadedContentType(contentType);
  return {
    ok: true,
    value: {
      title,
      category_id: categoryId,
      description,
      content_type: contentType,
      url: uploaded ? null : url,
      upload_id: uploaded ? uploadId : null,
      thumbnail_url: thumbnailUrl || null,
      duration_minutes: duration,
      tags,
      difficulty,
      access_level: accessLevel,
      sort_order: sortOrder,
      collection,
      is_active: values.is_active,
    },
  };
}

/** Reorder: the new order must name every module exactly once (no module lost or doubled by a stale list). */
export function isCompleteOrder(currentIds: readonly string[], orderedIds: readonly string[]): boolean {
  if (currentIds.length !== orderedIds.length) return false;
  const wanted = new Set(orderedIds);
  return wanted.size === orderedIds.length && currentIds.every((id) => wanted.has(id));
}

/** Completion rate and average watched percent, whole percents; 0 learners -> null (nothing to show, not 0%). */
export function completionRatePercent(started: number, completed: number): number | null {
  return started > 0 ? Math.round((completed / started) * 100) : null;
}
