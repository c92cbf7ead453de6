import { useSyncExternalStore } from 'react';

/**
 * Whether this tab runs an older build than the server serves. The build names itself in
 * index.html (<meta name="myeai-build">, apps/web/vite.config.ts) and the server sends the id of
 * the build it serves on every answer (x-myeai-build, apps/server/src/plugins/web-app.ts). After
 * a deploy the tab's next request tells it, before a page's old chunk is found missing.
 */
export const BUILD_HEADER = 'x-myeai-build';

function ownBuild(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector('meta[name="myeai-build"]')?.getAttribute('content') ?? null;
}

let isOutdated = false;
const listeners = new Set<() => void>();

function markOutdated(): void {
  if (isOutdated) return;
  isOutdated = true;
  for (const listener of listeners) listener();
}

/** Compares the build named by a response of our server with this tab's own (no id on either side: nothing to compare). */
export function noteServerBuild(serverBuild: string | null): void {
  const own = ownBuild();
  if (own && serverBuild && serverBuild !== own) markOutdated();
}

/**
 * A page's chunk did not load: asks the server which build it serves (a HEAD of the page costs
 * no body), so a missing chunk of an old build reads as a new version rather than a broken page.
 * Resolves whether the tab is outdated; a server out of reach leaves the question open (false).
 */
export async function checkForNewVersion(): Promise<boolean> {
  try {
    const response = await fetch('/', { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
    noteServerBuild(response.headers.get(BUILD_HEADER));
  } catch {
    // Offline: the page says it could not load; the next answer that arrives will tell.
  }
  return isOutdated;
}

/** Whether a newer build is out than the one this tab runs; re-renders when that becomes known. */
export function useIsOutdated(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => isOutdated,
    () => false,
  );
}
