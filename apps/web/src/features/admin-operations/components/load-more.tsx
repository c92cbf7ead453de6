import { Button, Center } from '@mantine/core';

type LoadMoreProps = { hasNextPage: boolean; isFetchingNextPage: boolean; onLoadMore: () => void };

export function LoadMore({ hasNextPage, isFetchingNextPage, onLoadMore }: LoadMoreProps) {
  if (!hasNextPage) return null;
  return (
    <Center mt="md">
      <Button variant="default" onClick={onLoadMore} loading={isFetchingNextPage}>
        Load more
      </Button>
    </Center>
  );
}
