/**
 * What the seat map's first mount reads of the hall's state (the load status, its error, the
 * live region's announcement): plain values, followed with valtio's `subscribe`. The tools'
 * components use `useSnapshot`; valtio/react comes with them, not with the plan (decision 0044).
 */
import { useCallback, useSyncExternalStore } from 'react';
import { subscribe } from 'valtio/vanilla';
import type { HallState } from '../store/hall-store.js';

export function useHallField<K extends 'status' | 'loadError' | 'announcement'>(
  state: HallState,
  key: K,
): HallState[K] {
  const listen = useCallback((onChange: () => void) => subscribe(state, onChange), [state]);
  const read = () => state[key];
  return useSyncExternalStore(listen, read, read);
}
