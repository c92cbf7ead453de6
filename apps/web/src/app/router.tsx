import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { SCREEN_REDIRECTS, SCREENS } from '@myeai/domain';
import { NotFoundPage } from '../features/access/index.ts';
import { useProfile } from '../features/auth/index.ts';
import { LandingPage } from '../features/landing/index.ts';
import { PageLoader } from '../components/ui/page-loader.tsx';
import { RouteError } from './route-error.tsx';
import { PUBLIC_PAGES } from './screens.tsx';
import { GatedScreen, SignedInLayout } from './signed-in-layout.tsx';

/** `/`: the landing page when signed out, the Business Hub when signed in. */
function Home() {
  const profile = useProfile();
  if (profile.isPending) {
    return (
      <Center h="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return profile.data ? <Navigate to="/dashboard" replace /> : <LandingPage />;
}

// Public pages are loaded lazily (screens.tsx lazyPage): a full-screen spinner until they arrive.
const publicRoutes: RouteObject[] = Object.entries(PUBLIC_PAGES).map(([path, Page]) => ({
  path,
  errorElement: <RouteError />,
  element: (
    <Suspense fallback={<PageLoader isFullScreen />}>
      <Page />
    </Suspense>
  ),
}));

const signedInRoutes: RouteObject[] = SCREENS.filter((screen) => screen.access !== 'public').map((screen) => ({
  path: screen.path,
  element: <GatedScreen path={screen.path} />,
  // A page that failed to load or render: the shell stays, the content says why (and offers a reload).
  errorElement: <RouteError inShell />,
}));

const redirects: RouteObject[] = Object.entries(SCREEN_REDIRECTS).map(([from, to]) => ({
  path: from,
  element: <Navigate to={to} replace />,
}));

export const router = createBrowserRouter([
  { path: '/', Component: Home, errorElement: <RouteError /> },
  ...publicRoutes,
  { Component: SignedInLayout, errorElement: <RouteError />, children: signedInRoutes },
  ...redirects,
  { path: '*', Component: NotFoundPage },
]);
