import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from './api-client.ts';

type CursorPages<K extends QueryKey, S extends z.ZodType<{ next_cursor: string | null }>> = {
  queryKey: K;
  /** The list's API path, without a query string. */
  path: string;
  /** Query parameters every page sends before `limit` and `cursor`. */
  filters?: Record<string, string>;
  limit: number;
  schema: S;
};

/** A cursor-paged list (`?…&limit=N&cursor=…`, answered with `next_cursor`): the next page starts where the last one ended. */
export function cursorPagesOptions<K extends QueryKey, S extends z.ZodType<{ next_cursor: string | null }>>({ queryKey, path, filters, limit, schema }: CursorPages<K, S>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ ...filters, limit: String(limit) });
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest(`${path}?${query.toString()}`, { schema });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: z.infer<S>) => last.next_cursor ?? undefined,
  });
}
