import { Center, Loader } from '@mantine/core';

/** Shown while a lazily loaded page (or the app shell) downloads: the whole screen, or the content area. */
export function PageLoader({ isFullScreen = false }: { isFullScreen?: boolean }) {
  return (
    <Center h={isFullScreen ? '100vh' : 240}>
      <Loader aria-label="Loading" />
    </Center>
  );
}
