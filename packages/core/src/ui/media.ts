import { MOBILE_BREAKPOINT } from '@partera/contract';
import { useSyncExternalStore } from 'react';

/** Spec 9: the mobile breakpoint. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT}px)`;

/** Whether a media query matches, following changes (rotation, resizing). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}
