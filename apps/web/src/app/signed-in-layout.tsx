import { Container } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { decideAccess, findScreen, type ScreenPath, type UserProfile } from '@myeai/domain';
import { LoadError } from '../components/ui/load-error.tsx';
import { PageLoader, ShellSkeleton } from '../components/ui/page-loader.tsx';
import { AccessDenied, NotFoundPage } from '../features/access/index.ts';
import { useProfile } from '../features/auth/index.ts';
import { BuiltScreensProvider } from '../lib/built-screens.ts';
import { TwoFactorGate } from '../features/profile/security/two-factor-gate.tsx';
import type { LazyPage } from './lazy-page.ts';
import { isBuilt, prefetchPageData, preloadPage, SIGNED_IN_PAGES, type SignedInPage } from './screens.tsx';

/** The app shell (sidebar, bell, live socket) is its own chunk: the signed-out landing page does not download it. */
const loadAppLayout = () => import('./signed-in-shell.tsx');
const SignedInShell = lazy(async () => ({ default: (await loadAppLayout()).SignedInShell }));

/** Starts downloading the shell and the signed-in page at `path`, while the profile loads, rather than one after the other. */
function preloadShellAndPage(path: string): void {
  loadAppLayout().catch(() => undefined);
  preloadPage(path);
}

/**
 * The signed-in part of the first load (app/first-load.ts): the shell's and the page's chunks
 * while the profile loads, then the page's data once the profile is here.
 */
export function startSignedInLoad(queryClient: QueryClient, path: string, profile: Promise<UserProfile | null>): void {
  preloadShellAndPage(path);
  profile.then((user) => user && prefetchPageData(path, user, queryClient)).catch(() => undefined);
}

/** Gated area: signed-out visitors go to /login, everyone else gets the app shell. */
export function SignedInLayout() {
  const profile = useProfile();
  const location = useLocation();
  const queryClient = useQueryClient();
  const user = profile.data;
  useEffect(() => preloadShellAndPage(location.pathname), [location.pathname]);
  // The page's data needs the user (role, session): it starts once the profile is here, still before the page's chunk.
  useEffect(() => {
    if (user) prefetchPageData(location.pathname, user, queryClient);
  }, [user, location.pathname, queryClient]);
  // The shell's outline, not a spinner over a blank screen, until the profile and the shell's chunk are here.
  if (profile.isPending) return <ShellSkeleton />;
  if (profile.isError) {
    return (
      <Container size="sm" py="xl">
        <LoadError message={profile.error.message} onRetry={() => void profile.refetch()} />
      </Container>
    );
  }
  if (!profile.data) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return (
    <BuiltScreensProvider value={isBuilt}>
      <TwoFactorGate />
      <Suspense fallback={<ShellSkeleton />}>
        <SignedInShell user={profile.data} isBuilt={isBuilt} />
      </Suspense>
    </BuiltScreensProvider>
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
  if (!Page) return <NotFoundPage inShell />;
  return <LoadedPage key={path} Page={Page} user={user} />;
}

/**
 * A page, or its outline inside the shell until its chunk is here. Navigations run as React
 * transitions, which keep the previous page on screen while the next one suspends: the user would
 * click and see nothing happen. So a page whose chunk has not arrived is not rendered (nothing
 * suspends) until it has; one that failed is rendered anyway, so that its error reaches the
 * route's error screen.
 */
function LoadedPage({ Page, user }: { Page: SignedInPage; user: UserProfile }) {
  const lazyPage = 'isLoaded' in Page ? (Page as unknown as LazyPage<object>) : null;
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>(() => (!lazyPage || lazyPage.isLoaded() ? 'loaded' : 'loading'));
  useEffect(() => {
    if (state !== 'loading' || !lazyPage) return;
    let isCurrent = true;
    lazyPage.preload().then(
      () => isCurrent && setState('loaded'),
      () => isCurrent && setState('failed'),
    );
    return () => {
      isCurrent = false;
    };
  }, [lazyPage, state]);
  if (state === 'loading') return <PageLoader />;
  return (
    <Suspense fallback={<PageLoader />}>
      <Page user={user} />
    </Suspense>
  );
}
