/**
 * `react` in the script-tag bundle for a module that imports only hooks from it (decision 0044):
 * preact's own hooks, the very functions preact/compat re-exports, and `useSyncExternalStore`,
 * which compat defines itself and is written here the same way. Importing them from here rather
 * than from compat keeps compat (its React-style props, events and components) out of what such
 * a module brings: the seat map's first mount loads without it.
 *
 * Only the script-tag build reads this file (scripts/preact-aliases.ts says when); the sources
 * and the ESM build import react.
 */
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';

export * from 'preact/hooks';

interface Store<T> {
  value: T;
  read: () => T;
}

/** Whether the store's value is no longer the one last rendered (a read that throws counts as a change). */
function changed<T>(store: Store<T>): boolean {
  try {
    return !Object.is(store.value, store.read());
  } catch {
    return true;
  }
}

/**
 * React's `useSyncExternalStore` as preact/compat has it: the value read during render, and a
 * render again whenever the store tells of a change that the value shows.
 */
export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T): T {
  const value = getSnapshot();
  const [{ store }, rerender] = useState<{ store: Store<T> }>(() => ({ store: { value, read: getSnapshot } }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: compat's dependencies, a new subscribe included
  useLayoutEffect(() => {
    store.value = value;
    store.read = getSnapshot;
    if (changed(store)) rerender({ store });
  }, [store, subscribe, value, getSnapshot]);
  useEffect(() => {
    if (changed(store)) rerender({ store });
    return subscribe(() => {
      if (changed(store)) rerender({ store });
    });
  }, [store, subscribe]);
  return value;
}
