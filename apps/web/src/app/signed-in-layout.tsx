import { Center, Container, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { decideAccess, findScreen, type ScreenPath } from '@myeai/domain';
import { LoadError } from '../components/ui/load-error.tsx';
import { PageLoader } from '../components/ui/page-loader.tsx';
import { AccessDenied, NotFoundPage } from '../features/access/index.ts';
import { useProfile } from '../features/auth/index.ts';
import { isBuilt, prefetchPageData, preloadPage, SIGNED_IN_PAGES, type SignedInPage } from './screens.tsx';

/** The app shell (sidebar, bell, live socket) is its own chunk: the signed-out landing page does not download it. */
const loadAppLayout = () => import('../components/layouts/app-shell.tsx');
const AppLayout = lazy(async () => ({ default: (await loadAppLayout()).AppLayout }));

/** Gated area: signed-out visitors go to /login, everyone else gets the app shell. */
export function SignedInLayout() {
  const profile = useProfile();
  const location = useLocation();
  const queryClient = useQueryClient();
  const user = profile.data;
  // Download the shell and the page while the profile loads, rather than one after the other.
  useEffect(() => {
    loadAppLayout().catch(() => undefined);
    preloadPage(location.pathname);
  }, [location.pathname]);
  // The page's data needs the user (role, session): it starts once the profile is here, still before the page's chunk.
  useEffect(() => {
    if (user) prefetchPageData(location.pathname, user, queryClient);
  }, [user, location.pathname, queryClient]);
  if (profile.isPending) {
    return (
      <Center h="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (profile.isError) {
    return (
      <Container size="sm" py="xl">
        <LoadError message={profile.error.message} onRetry={() => void profile.refetch()} />
      </Container>
    );
  }
  if (!profile.data) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return (
    <Suspense fallback={<PageLoader isFullScreen />}>
      <AppLayout user={profile.data} isBuilt={isBuilt} />
    </Suspense>
  );
}

/**
 * One screen of the route table. The role check comes first, so a screen the role may not see
 * is refused the same way whether or not this build has it yet.
 */
export function GatedScreen({ path }: { path: ScreenPath }) {
  const profile = useProfile();
  const user = profile.data;
  const screen = findScreen(path);
  if (!user || !screen) return null;
  if (decideAccess(screen.access, { activeRole: user.active_role }) !== 'allowed') return <AccessDenied user={user} path={path} />;
  const Page: SignedInPage | undefined = SIGNED_IN_PAGES[path];
  if (!Page) return <NotFoundPage />;
  return (
    <Suspense fallback={<PageLoader />}>
      <Page user={user} />
    </Suspense>
  );
}
