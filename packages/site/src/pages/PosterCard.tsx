import type { CSSProperties } from 'react';

/**
 * Each show its own colour behind the poster, seen while it loads or if it cannot be loaded. The
 * main page's cards come from the server's fragment (popular-html.ts: posterHueOf, the same
 * formula); the show page, search results and the wishlist use this.
 */
export function posterHue(showId: number): CSSProperties {
  return { '--poster-hue': String((showId * 47) % 360) } as CSSProperties;
}
