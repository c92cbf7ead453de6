/**
 * The learning catalogue's value sets (issue 20, spec 2 "Learning hub" and "Learning module admin"),
 * written once: the database CHECKs (`oneOf`), the admin API's schemas, the hub and the module admin
 * all read these tuples.
 */

/**
 * What a module's content is. Videos: a YouTube or Vimeo link (played in the provider's embed), a
 * file uploaded to our server (`uploaded_video`, streamed from UPLOADS_DIR), or any other link
 * (`external_video`, opened as a link). Documents: an uploaded PDF or a linked one.
 */
export const LEARNING_CONTENT_TYPES = ['youtube', 'vimeo', 'uploaded_video', 'external_video', 'pdf_upload', 'pdf_link'] as const;
export type LearningContentType = (typeof LEARNING_CONTENT_TYPES)[number];

/** The content types whose file lives on our server (an upload, not a URL). */
export const LEARNING_UPLOADED_CONTENT_TYPES = ['uploaded_video', 'pdf_upload'] as const satisfies readonly LearningContentType[];
/** The content types the hub's Documents tab lists; the others are videos. */
export const LEARNING_DOCUMENT_CONTENT_TYPES = ['pdf_upload', 'pdf_link'] as const satisfies readonly LearningContentType[];

export const LEARNING_CONTENT_TYPE_LABELS: Readonly<Record<LearningContentType, string>> = {
  youtube: 'YouTube video',
  vimeo: 'Vimeo video',
  uploaded_video: 'Uploaded video',
  external_video: 'External video link',
  pdf_upload: 'Uploaded PDF',
  pdf_link: 'PDF link',
};

export function isUploadedContentType(type: LearningContentType): type is (typeof LEARNING_UPLOADED_CONTENT_TYPES)[number] {
  return (LEARNING_UPLOADED_CONTENT_TYPES as readonly string[]).includes(type);
}

export function isDocumentContentType(type: LearningContentType): boolean {
  return (LEARNING_DOCUMENT_CONTENT_TYPES as readonly string[]).includes(type);
}

/** Access levels (spec 2 section 4, DESIGN.md decision 41), lowest first. */
export const LEARNING_ACCESS_LEVELS = ['free', 'trial', 'subscriber', 'premium'] as const;
export type LearningAccessLevel = (typeof LEARNING_ACCESS_LEVELS)[number];

export const LEARNING_ACCESS_LEVEL_LABELS: Readonly<Record<LearningAccessLevel, string>> = {
  free: 'Free',
  trial: 'Trial',
  subscriber: 'Subscriber',
  premium: 'Premium',
};

export const LEARNING_DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type LearningDifficulty = (typeof LEARNING_DIFFICULTIES)[number];

/**
 * Resource collections (issue 20 item 5): the hub's resource tiles and the Opportunity Engine's
 * Marketing Resources are the modules an admin put in a collection. A module is in at most one.
 */
export const LEARNING_COLLECTIONS = ['sales_scripts', 'social_media_kit', 'landing_pages'] as const;
export type LearningCollection = (typeof LEARNING_COLLECTIONS)[number];

export const LEARNING_COLLECTION_LABELS: Readonly<Record<LearningCollection, string>> = {
  sales_scripts: 'Sales Scripts',
  social_media_kit: 'Social Media Kit',
  landing_pages: 'Landing Pages',
};

/** The file kinds an upload may be, told by the file's first bytes (never by its name or the browser's type). */
export const LEARNING_UPLOAD_MIME_TYPES = ['video/mp4', 'video/webm', 'application/pdf'] as const;
export type LearningUploadMimeType = (typeof LEARNING_UPLOAD_MIME_TYPES)[number];

/** The content type a module with an uploaded file of this kind has. */
export const LEARNING_UPLOAD_CONTENT_TYPE: Readonly<Record<LearningUploadMimeType, (typeof LEARNING_UPLOADED_CONTENT_TYPES)[number]>> = {
  'video/mp4': 'uploaded_video',
  'video/webm': 'uploaded_video',
  'application/pdf': 'pdf_upload',
};

/** Largest upload: 500 MiB (a training video); the server refuses more with 413. */
export const LEARNING_UPLOAD_MAX_BYTES = 500 * 1024 * 1024;

/** A module is complete at 90% watched (spec 2 section 9). */
export const LEARNING_COMPLETION_PERCENT = 90;

export const LEARNING_RATING_MIN = 1;
export const LEARNING_RATING_MAX = 5;
