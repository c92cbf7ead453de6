import { z } from 'zod';

/** Admin lists page newest first; a page holds at most this many rows. */
export const ADMIN_PAGE_SIZE_MAX = 100;

export const PageLimitSchema = z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(20);

/** Opaque cursor from the previous page's next_cursor. */
export const PageCursorSchema = z.string().max(200).optional();
