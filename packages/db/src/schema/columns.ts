import { sql } from 'drizzle-orm';
import { timestamp, uuid, type AnyPgColumn, type UpdateDeleteAction } from 'drizzle-orm/pg-core';

/**
 * The column shapes every table repeats, written once (decision 047). Each call builds a new
 * column, so tables never share a builder; the SQL they produce is what the tables wrote inline.
 */

/** `id uuid primary key default gen_random_uuid()`. */
export const uuidPrimaryKey = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);

/** `timestamp with time zone`: every instant the schema stores. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** A required reference: `uuid not null references <target> on delete <onDelete>`. */
export const uuidRef = (name: string, target: () => AnyPgColumn, onDelete: UpdateDeleteAction) =>
  uuid(name).notNull().references(target, { onDelete });
