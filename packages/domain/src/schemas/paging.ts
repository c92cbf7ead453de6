import { z } from 'zod';

/** Admin lists page newest first; a page holds at most this many rows. */
export const ADMIN_PAGE_SIZE_MAX = 100;

export const PageLimitSchema = z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(20);

/** Opaque cursor from the previous page's next_cursor. */
export const PageCursorSchema = z.string().max(200).optional();

/** The query of a cursor list (decision 047): the list's own filters, then the page size and the cursor. */
export function cursorListQuerySchema<S extends z.ZodRawShape>(filters: S) {
  return z.object({ ...filters, limit: PageLimitSchema, cursor: PageCursorSchema });
}

/**
 * A page of a cursor list (decision 047): its items, the counts the list adds (a total, an unread
 * or open count), and the cursor of the next page (null on the last).
 */
export function cursorPageSchema<I extends z.ZodType, S extends z.ZodRawShape>(item: I, counts: S) {
  return z.object({ items: z.array(item), ...counts, next_cursor: z.string().nullable() });
}
