import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { checkForNewVersion } from '../lib/app-version.ts';

export type LazyPage<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<unknown>;
  /** Whether the page's chunk has arrived (rendering it then suspends no more). */
  isLoaded: () => boolean;
};

/** A page component loaded on first use: `exportName` is the module's named export of the page. */
export function lazyPage<K extends string, P extends object>(
  load: () => Promise<Record<NoInfer<K>, ComponentType<P>>>,
  exportName: K,
): LazyPage<P> {
  let loading: Promise<Record<K, ComponentType<P>>> | undefined;
  let isLoaded = false;
  const preload = () =>
    (loading ??= load().then((module) => {
      isLoaded = true;
      return module;
    }).catch((error: unknown) => {
      loading = undefined; // a failed download may be retried
      // Most often a chunk of the build this tab started with, gone after a deploy: the shell then offers a reload.
      void checkForNewVersion();
      throw error;
    }));
  return Object.assign(
    lazy(async () => ({ default: (await preload())[exportName] })),
    { preload, isLoaded: () => isLoaded },
  );
}
