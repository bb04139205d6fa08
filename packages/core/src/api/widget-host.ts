/**
 * Calls of a page on a registered partner's origin that mounts the widgets itself, without a
 * frame (hall-basket-checkout.md 4.13; docs/embedding.md, "Widgets in your own page"). The site
 * answers them, and the widgets' own calls, with CORS for the partner's origins only.
 */
import {
  type HallPageConfig,
  type WidgetPerformance,
  widgetHall,
  widgetPerformances,
  widgetSession,
} from '@partera/contract';
import { fillPath } from './hall.js';
import { Http, HttpError, type SessionParams } from './http.js';

export type { WidgetPerformance };

/**
 * Asks the ticket site at `baseUrl` for a session for this page's widgets: a fresh one, or the
 * one `sessionId` names while it is still valid (a reload keeps the basket). Rejects with an
 * HttpError when the site refuses this page's origin; a browser that is refused the CORS answer
 * rejects with its own TypeError first.
 */
export async function openWidgetSession(baseUrl: string, sessionId = ''): Promise<SessionParams> {
  const base = baseUrl.replace(/\/+$/, '');
  const http = new Http({ sessionName: 'sid', sessionId, csrfParam: '_csrf', csrfToken: '', baseUrl: base });
  const { message, ...session } = widgetSession.response.parse(await http.get(widgetSession.path));
  if (!session.sessionId) throw new HttpError(403, { message });
  return { ...session, baseUrl: base };
}

/**
 * The seat map's configuration of a performance (what the hall page renders into its HTML); with
 * `packageId`, in package mode, as the hall page with ?packageId= (spec 2.2).
 */
export async function fetchHallConfig(
  http: Http,
  performanceId: number,
  options: { packageId?: number } = {},
): Promise<HallPageConfig> {
  const path = fillPath(widgetHall.path, { performanceId });
  const answer = widgetHall.response.parse(await http.get(path, { packageId: options.packageId }));
  if (answer.error !== 0 || !answer.config) throw new HttpError(answer.error || 500, answer);
  return answer.config;
}

/** A few upcoming performances of a city (the home page's grid), for a page that lets the buyer pick one. */
export async function fetchUpcomingPerformances(
  http: Http,
  query: { city?: string; limit?: number } = {},
): Promise<WidgetPerformance[]> {
  return widgetPerformances.response.parse(await http.get(widgetPerformances.path, query)).performances;
}
