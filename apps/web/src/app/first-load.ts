import type { QueryClient } from '@tanstack/react-query';
import { findScreen } from '@myeai/domain';
import { profileQueryOptions } from '../features/auth/index.ts';

/** The signed-in area (layout, route gate, page table) is its own chunk: the landing page does not download it. */
export const loadSignedInLayout = () => import('./signed-in-layout.tsx');

/**
 * Starts the first load's requests before React's first render: the profile and, on a signed-in
 * page, the signed-in area's chunk, which then starts the shell's and the page's chunks and, once
 * the profile is here, the page's data. Started from the components' effects instead, they would
 * wait for every module to run and the first render to finish.
 */
export function startFirstLoad(queryClient: QueryClient, path: string): void {
  const profile = queryClient.fetchQuery(profileQueryOptions());
  const screen = findScreen(path);
  if (!screen || screen.access === 'public') {
    profile.catch(() => undefined); // useProfile shows the failure
    return;
  }
  loadSignedInLayout()
    .then((layout) => layout.startSignedInLoad(queryClient, path, profile))
    .catch(() => undefined); // the route's error screen reports a chunk that did not arrive
}
