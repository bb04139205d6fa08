/** What every page's header and footer show. */
export interface SiteChrome {
  /** The regional site of this request. */
  city: { subdomain: string; name: string };
  /** Every regional site, for the city switch (capital first). */
  cities: { subdomain: string; name: string }[];
  /** Tickets in the buyer's basket. */
  basketCount: number;
  supportPhone: string;
  supportEmail: string;
  /** The request path (marks the current page in the footer links). */
  path: string;
  /** For the copyright line; from the server's clock so that it is the same on both sides. */
  year: number;
  /**
   * Set when the request carried the session as a URL parameter rather than a cookie (a framed
   * page where third-party cookies are blocked): purchase links then carry it on (spec 2.3).
   */
  urlSession: UrlSession | null;
  /** Inside a partner's frame (spec 4.13): the light layout, without the city switch and footer. */
  lite: boolean;
  /** The signed-in buyer (the header's name and 'Выйти'), or null for a guest ('Войти'). */
  account: { name: string } | null;
  /** The outside sign-ins configured on this server (the login forms' buttons, decision 0022). */
  oauthProviders?: { id: string; label: string }[];
  /**
   * After an outside sign-in that made a new account (?oauth=complete): what the completion form
   * asks for (site-browsing-account.md 2.3). Absent or null: no form.
   */
  completion?: { needsEmail: boolean; needsConsent: boolean } | null;
  /** The header's search box (site-browsing-account.md 2.2); absent: the grouped variant, empty. */
  search?: HeaderSearchChrome;
  /** The region question (site-browsing-account.md 2.13); absent: nothing to ask (a framed page). */
  region?: RegionChrome;
  /** The messenger support bot of the contact popup (2.14); absent: the popup leaves it out. */
  supportBotUrl?: string;
}

/** The city selector's and the mobile region modal's state (site-browsing-account.md 2.13). */
export interface RegionChrome {
  /** The regional site found from the visitor's network address, or null (unknown, local, far from every city). */
  detected: { subdomain: string; name: string } | null;
  /** The city selector has not been answered (no geoip.data.confirm cookie). */
  askConfirm: boolean;
  /** The mobile region modal has not been answered (no geoip_subdomain_selected cookie). */
  askMobile: boolean;
  /** The answer cookies' domain ('.partera.ru': every city's subdomain), or null for this host only. */
  cookieDomain: string | null;
  cookieMaxAge: number;
}

export interface HeaderSearchChrome {
  /** Which suggestion list: the newer grouped one or the older list (configuration). */
  variant: 'grouped' | 'list';
  /** The text of the results page being shown, kept in the box. */
  text: string;
}

export interface UrlSession {
  name: string;
  id: string;
}

/** Links that carry the session parameter (framed pages have no third-party cookies). */
export function withSession(path: string, session: UrlSession | null): string {
  if (!session?.id) return path;
  const sep = path.includes('?') ? '&' : '?';
  return `${path}${sep}${encodeURIComponent(session.name)}=${encodeURIComponent(session.id)}`;
}
