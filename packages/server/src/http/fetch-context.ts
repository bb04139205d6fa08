import type { IncomingHttpHeaders } from 'node:http';

/**
 * What kind of request this is, from the Fetch Metadata headers (Sec-Fetch-Site, -Mode, -Dest)
 * that browsers add to every request and that no page can set or change:
 * - 'top-level': a navigation of a browser tab (a typed address, a link, another site's link);
 * - 'frame': a navigation inside a frame (a partner page framing ours, or our own frames);
 * - 'same-origin-call': a script or resource request made by one of this site's own pages;
 * - 'cross-origin-call': a script or resource request made by another origin's page;
 * - 'unknown': no such headers (a program, or a browser too old to send them).
 */
export type FetchContext = 'top-level' | 'frame' | 'same-origin-call' | 'cross-origin-call' | 'unknown';

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value.toLowerCase() : undefined;
}

export function fetchContextOf(headers: IncomingHttpHeaders): FetchContext {
  const site = header(headers, 'sec-fetch-site');
  const mode = header(headers, 'sec-fetch-mode');
  const dest = header(headers, 'sec-fetch-dest');
  if (!site && !mode && !dest) return 'unknown';
  if (dest === 'iframe' || dest === 'frame') return 'frame';
  if (mode === 'navigate' || dest === 'document') return 'top-level';
  if (site === 'same-origin') return 'same-origin-call';
  if (site === 'cross-site' || site === 'same-site') return 'cross-origin-call';
  // 'none' outside a navigation (a bookmark's prefetch, say): treat like a tab of its own.
  return 'top-level';
}

/**
 * Whether a Lax session cookie set in the answer would come back. Not from another origin's
 * script, and not in a frame: our own pages' frames already carry the cookie, so a frame that
 * arrives without one sits in another site's page, where the browser neither sends nor stores
 * our Lax cookies.
 */
export function sessionCookieWorks(context: FetchContext): boolean {
  return context !== 'cross-origin-call' && context !== 'frame';
}
