import {
  basketState,
  bestAvailable,
  bestPlaceCheck,
  type CallDef,
  createAnonymousOrder,
  entranceTicketsAdd,
  entranceTicketsRemove,
  futureTicketAdd,
  futureTicketRemove,
  hallLayout,
  hallMap,
  hallPlaceDeselect,
  hallPlaceDeselectAll,
  hallPlaceDeselectGroup,
  hallPlaceSelect,
  hallPlaceSelectGifts,
  hallPlaceSelectGroup,
  hallSvg,
  kopecksToRoubles,
  paymentSession,
  paymentState,
  payNotifyMts,
  registrationValidateField,
  shopcartResetExclude,
  widgetHall,
  widgetPerformances,
  widgetSession,
} from '@partera/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_PARAM, SESSION_PARAM } from '../http/names.js';
import { route } from '../http/route.js';
import { csrfTokenFor, issueSessionId } from '../http/session.js';
import { getBasketState } from '../services/basket/index.js';
import { CAPITAL_SUBDOMAIN, cachedCatalogueOf, findCity, getHallPage } from '../services/catalogue/index.js';
import { bindWidgetSession, findPartnerByOrigin, type PartnerOriginsCache } from '../services/partners/index.js';

/**
 * Every call the seat map, basket and checkout widgets make (packages/core/src/api), and the
 * widget host's own calls below. Only these answer other origins; pages never do.
 */
export const WIDGET_CALLS: readonly CallDef[] = [
  hallMap,
  hallLayout,
  hallSvg,
  hallPlaceSelect,
  hallPlaceDeselect,
  hallPlaceDeselectAll,
  entranceTicketsAdd,
  entranceTicketsRemove,
  // The hall's selection modes (sets, gifts, best available, the list view, the booking conflict).
  hallPlaceSelectGroup,
  hallPlaceDeselectGroup,
  hallPlaceSelectGifts,
  bestAvailable,
  bestPlaceCheck,
  futureTicketAdd,
  futureTicketRemove,
  shopcartResetExclude,
  basketState,
  registrationValidateField,
  createAnonymousOrder,
  paymentSession,
  paymentState,
  payNotifyMts,
  widgetSession,
  widgetHall,
  widgetPerformances,
];

/** What a cross-origin widget call may send besides a simple request: its JSON body and the CSRF header. */
const ALLOWED_HEADERS = 'content-type, x-csrf-token';
/**
 * What a partner page's widget may read of an answer besides the safelisted headers: when a
 * sale start's admission gate queues a buyer (429), when to try again and the place in the queue.
 */
const EXPOSED_HEADERS = 'retry-after, x-queue-position';
/** A browser asks again at most every ten minutes (Chromium caps the value at two hours anyway). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Widgets on a registered partner's page (no frame): CORS for exactly the widget calls and only
 * for the partner origins of the registry (read at most every 5 s per process, like the pages'
 * frame-ancestors), the request's own Origin echoed back, `Vary: Origin`. Never credentialed:
 * the widgets send the session as the sid URL parameter and the CSRF token as the x-csrf-token
 * header, so no cookie of ours crosses origins and another site's page can neither read our
 * answers nor ride on a buyer's cookie.
 *
 * Not encapsulated (fastify-plugin), so that its hook sees the routes of the other plugins.
 */
export const widgetHostRoutes = fp(async (app: FastifyInstance) => {
  const deps = app.deps;
  const { partnerOrigins } = app;
  const widgetPaths = new Set(WIDGET_CALLS.map((call) => call.path));

  const knownOrigins = partnerOriginSet(partnerOrigins);

  /** The request's Origin when it is a registered partner's; null otherwise or when the registry cannot be read. */
  const partnerOrigin = async (req: FastifyRequest): Promise<string | null> => {
    const origin = req.headers.origin;
    if (!origin) return null;
    return (await knownOrigins()).has(origin) ? origin : null;
  };

  // A callback, not an async function: every widget answer passes here (a queued admission's
  // 429s by the thousand at a sale start), and while the partner origins are known it costs no
  // promise.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!widgetPaths.has(req.routeOptions.url ?? '')) return done(null, payload);
    addVaryOrigin(reply);
    const origin = req.headers.origin;
    if (!origin) return done(null, payload);
    const allow = (origins: ReadonlySet<string>) => {
      if (origins.has(origin))
        reply.header('access-control-allow-origin', origin).header('access-control-expose-headers', EXPOSED_HEADERS);
      done(null, payload);
    };
    const origins = knownOrigins();
    if (origins instanceof Promise) origins.then(allow);
    else allow(origins);
  });

  // Preflights: a widget's posts carry x-csrf-token (and the JSON ones a JSON body).
  for (const path of widgetPaths) {
    app.options(path, async (req, reply) => {
      if (!(await partnerOrigin(req))) return reply.code(403).send();
      return reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
        .send();
    });
  }

  route(app, widgetSession, async (_input, req, reply) => {
    // The answer carries the session: never cached, and never to an origin outside the registry
    // (a browser would not let another origin read it anyway; this also stops non-browser callers
    // that pretend to be a partner page without its Origin).
    reply.header('cache-control', 'private, no-store');
    const origin = await partnerOrigin(req);
    const partner = origin ? await findPartnerByOrigin(deps.db, origin) : null;
    if (!partner) {
      return reply.code(403).send(widgetSession.failure('Этот сайт не зарегистрирован как партнёр', 403));
    }
    // The sid parameter counts only for a session already bound to this partner (session.ts):
    // then the widgets resume it. Otherwise they get a fresh session that belongs to the partner,
    // never the one of a cookie that happened to come along.
    let sessionId = req.session.id;
    if (req.session.source !== 'url') {
      sessionId = issueSessionId(deps.config.csrfSecret);
      await bindWidgetSession(deps.db, sessionId, partner, deps.clock.now());
    }
    return {
      sessionName: SESSION_PARAM,
      sessionId,
      csrfParam: CSRF_PARAM,
      csrfToken: csrfTokenFor(sessionId, deps.config.csrfSecret),
    };
  });

  route(app, widgetHall, async ({ performanceId, packageId }, req, reply) => {
    const basket = await getBasketState(deps, req.session.id);
    const here = basket.tickets.filter((t) => t.performanceId === performanceId).reduce((n, t) => n + t.count, 0);
    const hall = await getHallPage(deps.db, performanceId, deps.clock.now(), {
      isGuest: basket.userIsGuest,
      // The map sits inside another site's page, as in a frame: the wheel scrolls that page.
      isIframe: true,
      currentPerformanceBasketTicketCount: here,
      ticketInBasketOfOtherPerformances: basket.ticketCount - here,
      // Package mode as the hall page's ?packageId= opens it (spec 2.2).
      ...(packageId !== undefined ? { packageId } : {}),
      origin: new URL(deps.config.publicUrl).origin,
    });
    reply.header('cache-control', 'private, no-store');
    if (!hall) return reply.code(404).send(widgetHall.failure('Сеанс не найден', 404));
    return { error: 0, config: hall.config };
  });

  route(app, widgetPerformances, async ({ city, limit }) => {
    const found = await findCity(deps.db, city ?? CAPITAL_SUBDOMAIN);
    if (!found) return { performances: [] };
    const { items } = await cachedCatalogueOf(deps).upcoming({ cityId: found.id, limit });
    return {
      performances: items.map((card) => ({
        performanceId: card.performanceId,
        startsAt: card.startsAt,
        showName: card.showName,
        buildingName: card.buildingName,
        hallName: card.hallName,
        minPrice: card.minPrice === null ? null : kopecksToRoubles(card.minPrice),
      })),
    };
  });
});

const NO_ORIGINS: ReadonlySet<string> = new Set();

/**
 * The partner origins of the cache as a set, known without waiting while the cache hands back the
 * same read (its TTL): a promise only right after the cache reads the registry again. A failed
 * read counts as no partner origins (the cache tries again on the next call).
 */
function partnerOriginSet(cache: PartnerOriginsCache): () => ReadonlySet<string> | Promise<ReadonlySet<string>> {
  let read: Promise<string[]> | null = null;
  let known: ReadonlySet<string> | null = null;
  return () => {
    const current = cache.origins();
    if (current === read && known) return known;
    read = current;
    known = null;
    return current.then(
      (origins) => {
        const set = new Set(origins);
        if (read === current) known = set;
        return set;
      },
      () => NO_ORIGINS,
    );
  };
}

/** Vary already names Origin (or everything); a value another hook set, such as "accept-encoding". */
const VARIES_BY_ORIGIN = /(?:^|,)\s*(?:origin|\*)\s*(?:,|$)/i;

/** Adds Origin to the answer's Vary header when it is not there, keeping what the route put there (Accept-Encoding). */
function addVaryOrigin(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  if (current === undefined) {
    reply.header('vary', 'Origin');
    return;
  }
  const value = Array.isArray(current) ? current.join(', ') : String(current);
  if (!VARIES_BY_ORIGIN.test(value)) reply.header('vary', value ? `${value}, Origin` : 'Origin');
}
