/**
 * The connection to the ticket site. The page is on another origin and has no cookie of the
 * site, so it asks for a session (the site answers registered partner origins only, with CORS)
 * and every widget call carries it: the session as the sid URL parameter, the CSRF token as the
 * x-csrf-token header. The session id is kept for the tab, so a reload keeps the basket.
 */
import { type BasketStore, Http, type Navigation, openWidgetSession, refreshBasket } from '@partera/core';

const keyOf = (siteUrl: string) => `partera-widget-session:${siteUrl}`;

export async function connectToSite(siteUrl: string): Promise<Http> {
  const kept = sessionStorage.getItem(keyOf(siteUrl)) ?? '';
  const session = await openWidgetSession(siteUrl, kept);
  sessionStorage.setItem(keyOf(siteUrl), session.sessionId);
  return new Http(session);
}

/** Pages of the site the widgets would open that this app shows itself: the basket and the hall. */
const SHOWN_HERE = [/^\/shopcart\/$/, /^\/performance\/\d+\/$/];

/**
 * Where the widgets send the buyer. The basket and the hall are on this page already: the basket
 * is re-read instead (a removal, a lapsed hold). Anything else (the order's page, the payment
 * outcome) is a page of the ticket site, opened with the session the widgets put in its URL.
 */
export function hostNavigation(http: Http, store: BasketStore): Navigation {
  const refresh = () => void refreshBasket(store, http).catch(() => window.location.reload());
  return {
    go(url) {
      const target = new URL(url, http.session.baseUrl);
      const site = new URL(http.session.baseUrl).origin;
      if (
        target.origin === site &&
        !target.searchParams.has('payment') &&
        SHOWN_HERE.some((p) => p.test(target.pathname))
      ) {
        refresh();
        return;
      }
      window.location.assign(target.href);
    },
    reload: refresh,
  };
}
