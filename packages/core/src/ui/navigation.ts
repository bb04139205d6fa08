import type { Http } from '../api/http.js';

/** Where the widgets send the browser. Hosts (and tests) may replace it, e.g. to route in an SPA. */
export interface Navigation {
  go(url: string): void;
  reload(): void;
}

export const browserNavigation: Navigation = {
  go: (url) => window.location.assign(url),
  reload: () => window.location.reload(),
};

const ABSOLUTE = /^([a-z][a-z0-9+.-]*:)?\/\//i;

/** The origin of the ticket site the widget talks to. */
export function siteOrigin(http: Http): string {
  return new URL(http.session.baseUrl || window.location.origin, window.location.href).origin;
}

/**
 * A ticket-site URL carrying the session parameter (framed pages have no third-party cookies).
 * A URL of another origin (a bank's page) is returned unchanged: the session must not leak.
 */
export function siteUrl(http: Http, url: string): string {
  if (!ABSOLUTE.test(url)) return http.withSession(url);
  const target = new URL(url, window.location.href);
  if (target.origin !== siteOrigin(http)) return url;
  const { sessionName, sessionId } = http.session;
  if (sessionId && !target.searchParams.has(sessionName)) target.searchParams.set(sessionName, sessionId);
  return target.href;
}

/** A URL resolved against the ticket site (for frames and forms when the widget runs on a partner page). */
export function siteAbsolute(http: Http, url: string): string {
  return new URL(url, http.session.baseUrl || window.location.href).href;
}
