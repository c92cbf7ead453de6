import { Box, Card, Center, Loader, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/**
 * Shown while a lazily loaded page downloads. In the content area it is the page's outline (a
 * heading, a line under it and cards), so the shell stays and the page fills in where it will
 * stand; a public page, which has no shell, gets the whole screen.
 */
export function PageLoader({ isFullScreen = false }: { isFullScreen?: boolean }) {
  if (isFullScreen) {
    return (
      <Center h="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading" role="status">
      <div>
        <Skeleton height={34} width="min(420px, 80%)" radius="sm" mb="xs" />
        <Skeleton height={14} width="min(560px, 95%)" radius="sm" />
      </div>
      <CardsSkeleton />
    </Stack>
  );
}

/** Placeholders of a row of figure cards, the size of the cards that replace them. */
export function CardsSkeleton({ count = 4 }: { count?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: count }}>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} withBorder radius="md" padding="md">
          <Skeleton height={12} width="50%" radius="sm" mb="sm" />
          <Skeleton height={26} width="70%" radius="sm" mb="xs" />
          <Skeleton height={10} width="40%" radius="sm" />
        </Card>
      ))}
    </SimpleGrid>
  );
}

/**
 * The app shell's outline (header and sidebar) while the profile and the shell's own chunk load on
 * a first visit: the frame of the app is there at once instead of a spinner over a blank screen.
 */
export function ShellSkeleton() {
  return (
    <Box aria-busy="true">
      <Box h={56} px="md" style={{ display: 'flex', alignItems: 'center', borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Box fw={800} fz="lg" c="blue.8" ml={40}>
          MYEAI
        </Box>
      </Box>
      <Box style={{ display: 'flex' }}>
        <Box visibleFrom="lg" w={280} p="md" style={{ borderRight: '1px solid var(--mantine-color-gray-3)', minHeight: 'calc(100vh - 56px)' }}>
          {Array.from({ length: 9 }, (_, index) => (
            <Skeleton key={index} height={20} radius="sm" mb="md" width={index % 4 === 0 ? '55%' : '80%'} />
          ))}
        </Box>
        <Box p="md" style={{ flex: 1, minWidth: 0 }}>
          <PageLoader />
        </Box>
      </Box>
    </Box>
  );
}
