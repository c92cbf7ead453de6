import { createContext, useContext } from 'react';

/**
 * Whether this build has a page at a path (the route table also lists screens not built yet, which
 * no link may lead to). app/ provides it from its page registry: a feature that imported the
 * registry would import every page, its own included.
 */
const BuiltScreensContext = createContext<((path: string) => boolean) | null>(null);

export const BuiltScreensProvider = BuiltScreensContext.Provider;

export function useIsBuilt(): (path: string) => boolean {
  const isBuilt = useContext(BuiltScreensContext);
  if (!isBuilt) throw new Error('useIsBuilt needs a BuiltScreensProvider above it (app/signed-in-layout.tsx).');
  return isBuilt;
}
