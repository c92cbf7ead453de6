import { Skeleton, Stack } from '@mantine/core';

export function TableSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="xs" aria-label={label} aria-busy>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} h={36} />
      ))}
    </Stack>
  );
}
