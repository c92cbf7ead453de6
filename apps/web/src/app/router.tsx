import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { SCREEN_REDIRECTS, SCREENS } from '@myeai/domain';
import { NotFoundPage } from '../features/access/index.ts';
import { useProfile } from '../features/auth/index.ts';
import { LandingPage } from '../features/landing/index.ts';
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

const publicRoutes: RouteObject[] = Object.entries(PUBLIC_PAGES).map(([path, Page]) => ({ path, Component: Page }));

const signedInRoutes: RouteObject[] = SCREENS.filter((screen) => screen.access !== 'public').map((screen) => ({
  path: screen.path,
  element: <GatedScreen path={screen.path} />,
}));

const redirects: RouteObject[] = Object.entries(SCREEN_REDIRECTS).map(([from, to]) => ({
  path: from,
  element: <Navigate to={to} replace />,
}));

export const router = createBrowserRouter([
  { path: '/', Component: Home },
  ...publicRoutes,
  { Component: SignedInLayout, children: signedInRoutes },
  ...redirects,
  { path: '*', Component: NotFoundPage },
]);
