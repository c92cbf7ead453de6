import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey } from './columns.ts';
import { users } from './users.ts';

/**
 * The dashboard's video widgets (spec 1 sections 2.12, 3, 5). Admins edit them, they never
 * create or delete them: the migration makes two slots, not set up (no video) and inactive.
 * Only the 11-character YouTube id is stored; every link is rebuilt from it.
 */
export const videoWidgets = pgTable(
  'video_widgets',
  {
    id: uuidPrimaryKey(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Null until an admin sets the slot up. */
    videoId: text('video_id'),
    /** Null: the video's default thumbnail. */
    thumbnailUrl: text('thumbnail_url'),
    /** 0-50 tenths of a star (0-5 in steps of 0.1). */
    ratingTenths: integer('rating_tenths').notNull().default(0),
    totalRatings: integer('total_ratings').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** +1 on every update; "notify all users" is delivered once per revision. */
    revision: integer('revision').notNull().default(0),
    updatedAt: timestamptz('updated_at').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('video_widgets_position_key').on(t.position),
    check('video_widgets_rating_range', sql`${t.ratingTenths} between 0 and 50`),
    check('video_widgets_video_id_form', sql`${t.videoId} is null or ${t.videoId} ~ '^[A-Za-z0-9_-]{11}$'`),
    check('video_widgets_active_needs_video', sql`not ${t.isActive} or ${t.videoId} is not null`),
  ],
);
