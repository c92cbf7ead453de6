import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { SCREEN_REDIRECTS, SCREENS } from '@myeai/domain';
import { NotFoundPage } from '../features/access/index.ts';
import { useProfile } from '../features/auth/index.ts';
import { LandingPage } from '../features/landing/index.ts';
import { PageLoader, ShellSkeleton } from '../components/ui/page-loader.tsx';
import { loadSignedInLayout } from './first-load.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { PUBLIC_PAGES } from './public-pages.tsx';

const SignedInLayout = lazy(async () => ({ default: (await loadSignedInLayout()).SignedInLayout }));
// Rendered inside SignedInLayout, so its chunk (the same one) is always here by then.
const GatedScreen = lazy(async () => ({ default: (await loadSignedInLayout()).GatedScreen }));

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

/**
 * The route table, in the declarative router: the app uses no loaders or actions, and the data
 * router (createBrowserRouter) would add some 17 KB gzipped to every first load (decision 073).
 * Public pages are loaded lazily (public-pages.tsx), with a full-screen spinner until they arrive.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/"
        element={
          <RouteErrorBoundary>
            <Home />
          </RouteErrorBoundary>
        }
      />
      {Object.entries(PUBLIC_PAGES).map(([path, Page]) => (
        <Route
          key={path}
          path={path}
          element={
            <RouteErrorBoundary>
              <Suspense fallback={<PageLoader isFullScreen />}>
                <Page />
              </Suspense>
            </RouteErrorBoundary>
          }
        />
      ))}
      <Route
        element={
          <RouteErrorBoundary>
            <Suspense fallback={<ShellSkeleton />}>
              <SignedInLayout />
            </Suspense>
          </RouteErrorBoundary>
        }
      >
        {SCREENS.filter((screen) => screen.access !== 'public').map((screen) => (
          <Route
            key={screen.path}
            path={screen.path}
            element={
              // A page that failed to load or render: the shell stays, the content says why (and offers a reload).
              <RouteErrorBoundary inShell>
                <GatedScreen path={screen.path} />
              </RouteErrorBoundary>
            }
          />
        ))}
      </Route>
      {Object.entries(SCREEN_REDIRECTS).map(([from, to]) => (
        <Route key={from} path={from} element={<Navigate to={to} replace />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
