import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadMore } from './load-more.tsx';
import { TableSkeleton } from './table-skeleton.tsx';

type PagedListProps<T> = {
  query: UseInfiniteQueryResult<InfiniteData<{ items: T[] }>, Error>;
  /** The skeleton's accessible name while the first page loads. */
  loadingLabel: string;
  children: (items: T[]) => ReactNode;
};

/** A cursor list of the admin screen: the error with Try Again, the skeleton, the rows of every page so far, Load more. */
export function PagedList<T>({ query, loadingLabel, children }: PagedListProps<T>) {
  if (query.isError) return <LoadError message={query.error.message} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <TableSkeleton label={loadingLabel} />;
  return (
    <>
      {children(query.data.pages.flatMap((page) => page.items))}
      <LoadMore hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
    </>
  );
}
