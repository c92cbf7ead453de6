import { Center, Container, Loader } from '@mantine/core';
import { Navigate, useLocation } from 'react-router';
import { decideAccess, findScreen, type ScreenPath } from '@myeai/domain';
import { AppLayout } from '../components/layouts/app-shell.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { AccessDenied, NotFoundPage } from '../features/access/index.ts';
import { useProfile } from '../features/auth/index.ts';
import { isBuilt, SIGNED_IN_PAGES, type SignedInPage } from './screens.tsx';

/** Gated area: signed-out visitors go to /login, everyone else gets the app shell. */
export function SignedInLayout() {
  const profile = useProfile();
  const location = useLocation();
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
  return <AppLayout user={profile.data} isBuilt={isBuilt} />;
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
  if (decideAccess(screen.access, { activeRole: user.active_role }) !== 'allowed') return <AccessDenied user={user} />;
  const Page: SignedInPage | undefined = SIGNED_IN_PAGES[path];
  return Page ? <Page user={user} /> : <NotFoundPage />;
}
