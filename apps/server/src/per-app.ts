/**
 * A getter for one `T` per app instance, made from the app's deps on first use. The routes, the
 * job runner and the services of one app hold the same deps object, so they share it (a cache,
 * a feed, a writer), while two apps in one process (tests, a second instance) never do.
 */
export function perApp<D extends object, T>(create: (deps: D) => T): (deps: D) => T {
  const instances = new WeakMap<D, T>();
  return (deps) => {
    let instance = instances.get(deps);
    if (instance === undefined) {
      instance = create(deps);
      instances.set(deps, instance);
    }
    return instance;
  };
}
