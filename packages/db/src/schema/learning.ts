import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LEARNING_ACCESS_LEVELS, LEARNING_COLLECTIONS, LEARNING_CONTENT_TYPES, LEARNING_DIFFICULTIES, LEARNING_UPLOADED_CONTENT_TYPES, LEARNING_UPLOAD_MIME_TYPES } from '@myeai/domain';
import { oneOf } from './one-of.ts';
import { users } from './users.ts';

/**
 * Learning (issue 20; spec 2 "Learning hub", "Learning module admin"). Categories and modules are
 * managed by admins (/admin-passion-content); a learner's progress and rating are theirs. Who may
 * open a module is the domain's access table (DESIGN.md decision 41), never a column here.
 */
export const learningCategories = pgTable(
  'learning_categories',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('learning_categories_name_key').on(sql`lower(${t.name})`)],
);

/**
 * A file an admin uploaded (a video or a PDF), kept in UPLOADS_DIR under `stored_name` (a name the
 * server made, never the uploader's). `mime_type` is what the file's first bytes say it is.
 */
export const learningUploads = pgTable(
  'learning_uploads',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    storedName: text('stored_name').notNull(),
    /** The uploader's file name, for display only. */
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('learning_uploads_stored_name_key').on(t.storedName),
    check('learning_uploads_mime_type_known', oneOf(t.mimeType, LEARNING_UPLOAD_MIME_TYPES)),
    check('learning_uploads_size_positive', sql`${t.sizeBytes} > 0`),
  ],
);

export const learningModules = pgTable(
  'learning_modules',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    title: text('title').notNull(),
    description: text('description').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => learningCategories.id, { onDelete: 'restrict' }),
    contentType: text('content_type').notNull().default('youtube'),
    /** The video or document link; null for an uploaded file. */
    url: text('url'),
    /** The uploaded file of an `uploaded_video` or `pdf_upload` module. */
    uploadId: uuid('upload_id').references(() => learningUploads.id, { onDelete: 'restrict' }),
    thumbnailUrl: text('thumbnail_url'),
    /** Whole minutes, null when not given. */
    durationMinutes: integer('duration_minutes'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    difficulty: text('difficulty').notNull().default('Beginner'),
    accessLevel: text('access_level').notNull().default('subscriber'),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** The resource tile (collection) the module belongs to, if any (issue 20 item 5). */
    collection: text('collection'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('learning_modules_order_idx').on(t.sortOrder, t.createdAt),
    index('learning_modules_category_idx').on(t.categoryId),
    check('learning_modules_content_type_known', oneOf(t.contentType, LEARNING_CONTENT_TYPES)),
    check('learning_modules_access_level_known', oneOf(t.accessLevel, LEARNING_ACCESS_LEVELS)),
    check('learning_modules_difficulty_known', oneOf(t.difficulty, LEARNING_DIFFICULTIES)),
    check('learning_modules_collection_known', sql`${t.collection} is null or ${oneOf(t.collection, LEARNING_COLLECTIONS)}`),
    check('learning_modules_duration_range', sql`${t.durationMinutes} is null or ${t.durationMinutes} >= 0`),
    check(
      'learning_modules_source_present',
      sql`(${oneOf(t.contentType, LEARNING_UPLOADED_CONTENT_TYPES)} and ${t.uploadId} is not null) or (not ${oneOf(t.contentType, LEARNING_UPLOADED_CONTENT_TYPES)} and ${t.url} is not null)`,
    ),
  ],
);

/** A learner's progress on a module: only grows; complete at 90% watched, once (`completed_at`). */
export const learningProgress = pgTable(
  'learning_progress',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => learningModules.id, { onDelete: 'cascade' }),
    watchTimeSeconds: integer('watch_time_seconds').notNull().default(0),
    totalDurationSeconds: integer('total_duration_seconds').notNull().default(0),
    /** 0-100, whole percent. */
    percent: integer('percent').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('learning_progress_user_module_key').on(t.userId, t.moduleId),
    index('learning_progress_module_idx').on(t.moduleId),
    check('learning_progress_percent_range', sql`${t.percent} between 0 and 100`),
    check('learning_progress_seconds_positive', sql`${t.watchTimeSeconds} >= 0 and ${t.totalDurationSeconds} >= 0`),
  ],
);

/** A learner's rating of a module they completed: 1-5, one per learner (re-rating replaces it). */
export const learningRatings = pgTable(
  'learning_ratings',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => learningModules.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('learning_ratings_user_module_key').on(t.userId, t.moduleId),
    index('learning_ratings_module_idx').on(t.moduleId),
    check('learning_ratings_range', sql`${t.rating} between 1 and 5`),
  ],
);
