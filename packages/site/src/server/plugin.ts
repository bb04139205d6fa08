import {
  admissionGateOf,
  CSRF_PARAM,
  errorAnswer,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  notModified,
  pickEncoding,
  SESSION_PARAM,
  servePromotionViewPage,
  serveSchedulePage,
} from '@partera/server';
import { type LoadedAssets, loadAssets, loadPartnerScripts } from './assets.js';
import { CITY_COOKIE, CITY_COOKIE_MAX_AGE, citySwitchFor } from './city.js';
import { paymentWidgetSources, sitePagePolicy } from './content-security.js';
import { createContextLoader, type RequestContext } from './context.js';
import { kassaPage } from './kassa-pages.js';
import { afishaPage, genrePage, type ScheduleParams, scheduleAddressOf, schedulePage } from './list-pages.js';
import { mapTilesOf, tileImageSources } from './map-tiles.js';
import {
  backPath,
  bankPage,
  basketPage,
  cabinetPage,
  hallPage,
  homePage,
  LANDING_KINDS,
  landingPage,
  loginPage,
  loyaltyPage,
  loyaltyThanksPage,
  notFoundPage,
  orderCompletePage,
  promotionPage,
  registrationPage,
  restorePage,
  serverErrorPage,
  showPage,
  waitingPage,
} from './pages.js';
import { organizerPage, personPage } from './people-pages.js';
import { recommendationsPage } from './recommendation-pages.js';
import { type PageRender, type RenderContext, renderPageParts } from './render.js';
import { SEARCH_PAGE_KINDS, searchResultsPage } from './search-pages.js';
import { publicSiteOf } from './seo.js';
import { crawlerFiles } from './seo-routes.js';
import { sendShowVideo } from './show-pages.js';

export interface SitePagesOptions {
  /** Built client assets; read from dist/public (or the source stylesheet) when absent. */
  assets?: LoadedAssets;
  /** Scripts served under /static/ for partner pages; read from the packages' builds when absent. */
  partnerScripts?: Map<string, Buffer>;
  /** The partner restaurant's booking page (spec 4.12); default TABLE_BOOKING_URL from the environment. */
  tableBookingUrl?: string;
  /** The cashback service's registration page; default CASHBACK_REGISTRATION_URL, else the rules page. */
  cashbackRegistrationUrl?: string;
}

/** Paths a buyer may type without the trailing slash; they are redirected to the canonical one. */
const SLASHLESS_PAGE =
  /^\/(show\/[^/]+|performance\/\d+|shopcart|order\/complete|landing\/[a-z_]+|changesd\/[a-z0-9-]+|payment\/bank\/\d+|login|login\/restore|registration|private|loyalty|kassa)$/;

/**
 * The public website's pages (site-browsing-account.md 2, hall-basket-checkout.md 2, decision
 * 0001 routes): server-rendered React, the client bundles under /assets/, the city switch and
 * the 404 page. Reads `app.deps` (db, clock, config) and the session of the server's session plugin.
 */
export function createSitePages(options: SitePagesOptions = {}): FastifyPluginAsync {
  return async (app) => {
    const assets = options.assets ?? loadAssets();
    if (!assets.manifest) {
      app.log.warn(
        'site: no client build in dist/public (run pnpm --filter @partera/site build); pages load no scripts',
      );
    }
    const contexts = createContextLoader(app.deps, app.partnerOrigins);
    const gate = admissionGateOf(app);
    const completionLinks = {
      tableBookingUrl: options.tableBookingUrl ?? process.env.TABLE_BOOKING_URL ?? 'https://bartello.example/booking/',
      cashbackRegistrationUrl:
        options.cashbackRegistrationUrl ?? process.env.CASHBACK_REGISTRATION_URL ?? '/landing/cashback_rules/',
    };

    // Each request's context, kept for the document around its page (the light layout).
    const loaded = new WeakMap<FastifyRequest, RequestContext>();
    const load = async (req: FastifyRequest): Promise<RequestContext> => {
      const ctx = await contexts.load(req);
      loaded.set(req, ctx);
      return ctx;
    };

    // The public hosts of the regional sites (PUBLIC_URL): canonical addresses, sitemaps (decision 0043).
    const publicSite = publicSiteOf(app.deps.config.publicUrl, app.deps.config.langPrefix);
    const renderContext = (req: FastifyRequest): RenderContext => ({
      assets,
      session: { name: SESSION_PARAM, id: req.session.id, csrfParam: CSRF_PARAM, csrfToken: req.session.csrfToken },
      lite: loaded.get(req)?.lite ?? false,
      request: { site: publicSite, url: req.url, city: loaded.get(req)?.chrome.city.subdomain },
      langPrefix: app.deps.config.langPrefix,
    });
    // The maps' tile source (MAP_TILES_URL, decision 0041): its host is allowed images only when set.
    const mapTiles = mapTilesOf();
    const tileSources = tileImageSources(mapTiles);
    // YooKassa's checkout widget, when the deployment pays by it (content-security.ts).
    const widgetSources = paymentWidgetSources(app.deps.config.payments);

    /**
     * Sends a page. The same page for the same session is the same bytes, so it carries an entity
     * tag: a browser that has it gets 304 without the body. Compressed (brotli or gzip) when the
     * browser accepts it; a kept page (render.tsx) is compressed once, whoever asks for it.
     * nosniff and Permissions-Policy come from the server's security-headers hook, as on every answer.
     */
    const send = async <D>(req: FastifyRequest, reply: FastifyReply, page: PageRender<D>, status = 200) => {
      const frameAncestors = await contexts.framePolicy().catch(() => "frame-ancestors 'self'");
      const { shared, tail: tailText } = renderPageParts(renderContext(req), page);
      const tail = Buffer.from(tailText);
      const tag = shared.tag(tail);
      reply
        .code(status)
        .header('content-security-policy', sitePagePolicy(frameAncestors, tileSources, widgetSources))
        .header('content-type', 'text/html; charset=utf-8')
        // The page carries the session's CSRF token: only this browser may keep it, and it asks
        // again each time (a 304 when nothing changed).
        .header('cache-control', 'private, no-cache')
        .header('etag', tag)
        .header('vary', 'Accept-Encoding')
        // Stricter than the server's default: page addresses (order ids, the order's token)
        // reach no other site, not even as an origin.
        .header('referrer-policy', 'same-origin');
      if (status === 200 && notModified(req.headers['if-none-match'], tag)) return reply.code(304).send();
      // The page's shared part is compressed once while the page is kept (render.tsx); the
      // visitor's tail is appended to it as it is.
      const encoding = pickEncoding(req.headers['accept-encoding']);
      const body = await shared.encode(tail, encoding);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(body);
    };

    const sendNotFound = async (req: FastifyRequest, reply: FastifyReply, ctx?: RequestContext) => {
      // Spec 2.12: each 404 is reported with the page and the referrer.
      req.log.info({ page: req.url, referrer: req.headers.referer ?? null }, 'page not found');
      return send(req, reply, notFoundPage(ctx ?? (await load(req))), 404);
    };

    app.get('/', async (req, reply) => send(req, reply, await homePage(await load(req), req)));

    app.get<{ Params: { slug: string } }>('/show/:slug/', async (req, reply) => {
      const ctx = await load(req);
      const page = await showPage(ctx, req, req.params.slug);
      return page ? send(req, reply, page) : sendNotFound(req, reply, ctx);
    });

    // The show page's reviews tab at its own address (site-browsing-account.md 2.9, task T2).
    app.get<{ Params: { slug: string } }>('/show/:slug/reviews/', async (req, reply) => {
      const ctx = await load(req);
      const page = await showPage(ctx, req, req.params.slug, 'reviews');
      return page ? send(req, reply, page) : sendNotFound(req, reply, ctx);
    });

    // A person's and an organizer's own pages (site-browsing-account.md 2.5; decision 0048).
    app.get<{ Params: { slug: string } }>('/person/:slug/', async (req, reply) => {
      const ctx = await load(req);
      const page = await personPage(ctx, req.params.slug);
      return page ? send(req, reply, page) : sendNotFound(req, reply, ctx);
    });
    app.get<{ Params: { slug: string } }>('/organizer/:slug/', async (req, reply) => {
      const ctx = await load(req);
      const page = await organizerPage(ctx, req.params.slug);
      return page ? send(req, reply, page) : sendNotFound(req, reply, ctx);
    });

    // The show's video, the first slide of its page (decision 0039): files shipped with the site.
    app.get<{ Params: { file: string } }>('/media/video/:file', async (req, reply) =>
      sendShowVideo(req.params.file, reply),
    );

    app.get<{ Params: { performanceId: string } }>('/performance/:performanceId/', async (req, reply) => {
      const ctx = await load(req);
      const page = await hallPage(ctx, req);
      if (!page) return sendNotFound(req, reply, ctx);
      // At a sale's start the buyer may have to wait for its turn to choose seats (admission gate).
      const verdict = await gate.enter(page.data.hall.performance.id, req.session.id);
      if (verdict.admitted) return send(req, reply, page);
      reply
        .header('retry-after', String(verdict.retryAfterSeconds))
        .header('refresh', String(verdict.retryAfterSeconds));
      return send(req, reply, waitingPage(ctx, page, verdict));
    });

    app.get('/shopcart/', async (req, reply) => send(req, reply, await basketPage(await load(req), req)));

    app.get('/order/complete/', async (req, reply) => {
      const ctx = await load(req);
      const page = await orderCompletePage(ctx, req, completionLinks);
      return page ? send(req, reply, page) : sendNotFound(req, reply, ctx);
    });

    app.get<{ Params: { orderId: string } }>('/payment/bank/:orderId/', async (req, reply) => {
      const ctx = await load(req);
      const page = await bankPage(ctx, req, req.params.orderId);
      if (!page) return sendNotFound(req, reply, ctx);
      if ('redirect' in page) return reply.redirect(page.redirect, 303);
      return send(req, reply, page);
    });

    // The personal account (site-browsing-account.md 2.15): a guest signs in first and comes back.
    for (const [path, tab] of [
      ['/private/', 'profile'],
      ['/private/orders', 'orders'],
    ] as const) {
      app.get(path, async (req, reply) => {
        const ctx = await load(req);
        if (!ctx.account) return reply.redirect(`/login/?back=${encodeURIComponent(path)}`, 303);
        return send(req, reply, await cabinetPage({ ...ctx, account: ctx.account }, req, tab));
      });
    }

    // A promotion's detail (site-browsing-account.md 2.15): the path is the promotions calls' own,
    // so the API's route hands ?view requests to this page.
    servePromotionViewPage(app, async (req, reply) => {
      const ctx = await load(req);
      if (!ctx.account) return reply.redirect(`/login/?back=${encodeURIComponent(req.url)}`, 303);
      const page = await promotionPage({ ...ctx, account: ctx.account }, req);
      return page ? send(req, reply, page) : sendNotFound(req, reply, ctx);
    });

    // Search results (site-browsing-account.md 2.6): shows, venues, persons, organizers.
    for (const kind of SEARCH_PAGE_KINDS) {
      app.get(`/search/${kind}/`, async (req, reply) =>
        send(req, reply, await searchResultsPage(await load(req), req, kind)),
      );
    }

    // Box offices on a map (site-browsing-account.md 2.10).
    app.get('/kassa/', async (req, reply) => send(req, reply, await kassaPage(await load(req), req, mapTiles)));

    // The schedule (spec 2.8), the genre page (2.7), the per-city landing (2.12); decision 0040.
    app.get('/schedule/', async (req, reply) => reply.redirect(await scheduleAddressOf(await load(req), req), 302));
    const sendSchedule = async (req: FastifyRequest, reply: FastifyReply, params: ScheduleParams) => {
      const ctx = await load(req);
      const page = await schedulePage(ctx, params);
      return page ? send(req, reply, page) : sendNotFound(req, reply, ctx);
    };
    app.get<{ Params: ScheduleParams }>(
      '/schedule/place-:placeId/:from/:till/genre-:genre/:sale/',
      async (req, reply) => sendSchedule(req, reply, req.params),
    );
    // Page n without ?ajax shares its address with the rows call, which hands it over here.
    serveSchedulePage(app, async (req, reply) => sendSchedule(req, reply, req.params as ScheduleParams));
    const sendGenre = async (req: FastifyRequest, reply: FastifyReply, genre: string, rest: string[]) => {
      const ctx = await load(req);
      const paged = /^page-(\d{1,4})$/.exec(rest.at(-1) ?? '');
      const names = paged ? rest.slice(0, -1) : rest;
      const page = paged ? Number(paged[1]) : undefined;
      const found =
        names.length <= 1 && page !== 0 ? await genrePage(ctx, req, { genre, subgenre: names[0], page }) : null;
      if (found && 'redirect' in found) return reply.redirect(found.redirect, 301);
      return found ? send(req, reply, found) : sendNotFound(req, reply, ctx);
    };
    app.get<{ Params: { genre: string } }>('/genre/:genre/', async (req, reply) =>
      sendGenre(req, reply, req.params.genre, []),
    );
    app.get<{ Params: { genre: string; a: string } }>('/genre/:genre/:a/', async (req, reply) =>
      sendGenre(req, reply, req.params.genre, [req.params.a]),
    );
    app.get<{ Params: { genre: string; a: string; b: string } }>('/genre/:genre/:a/:b/', async (req, reply) =>
      sendGenre(req, reply, req.params.genre, [req.params.a, req.params.b]),
    );
    app.get('/afisha/', async (req, reply) => send(req, reply, await afishaPage(await load(req), req)));

    // The loyalty phone sign-up and its thank-you page (site-browsing-account.md 2.12, 3, 5).
    app.get('/loyalty/', async (req, reply) => send(req, reply, loyaltyPage(await load(req), req)));
    app.get('/loyalty/thanks', async (req, reply) => send(req, reply, loyaltyThanksPage(await load(req), req)));

    // Signing in (site-browsing-account.md 2.3): a signed-in buyer goes straight on.
    app.get('/login/', async (req, reply) => {
      const ctx = await load(req);
      if (ctx.account) return reply.redirect(backPath(req), 303);
      return send(req, reply, loginPage(ctx, req));
    });

    app.get('/registration/', async (req, reply) => {
      const ctx = await load(req);
      if (ctx.account) return reply.redirect(backPath(req), 303);
      return send(req, reply, registrationPage(ctx, req));
    });

    // 'Забыли пароль?': a signed-in buyer has nothing to restore and goes on as from /login/.
    app.get('/login/restore/', async (req, reply) => {
      const ctx = await load(req);
      if (ctx.account) return reply.redirect(backPath(req), 303);
      return send(req, reply, restorePage(ctx, req));
    });

    app.get<{ Params: { kind: string } }>('/landing/:kind/', async (req, reply) => {
      const ctx = await load(req);
      const kind = LANDING_KINDS.find((k) => k === req.params.kind);
      return kind ? send(req, reply, landingPage(ctx, kind)) : sendNotFound(req, reply, ctx);
    });

    // The recommendations page (site-browsing-account.md 2.11; issue 13, T5).
    app.get('/recommendations/', async (req, reply) => send(req, reply, await recommendationsPage(await load(req))));
    app.get('/recommendations', async (_req, reply) => reply.redirect('/recommendations/', 301));

    // Spec 2.1: /changesd/{subdomain}/ switches the regional site.
    app.get<{ Params: { subdomain: string } }>('/changesd/:subdomain/', async (req, reply) => {
      const known = (await contexts.cities()).map((c) => c.subdomain);
      const subdomain = req.params.subdomain.toLowerCase();
      if (!known.includes(subdomain)) return sendNotFound(req, reply);
      const target = citySwitchFor(req.protocol, req.host, subdomain, known);
      // Another city's host: its site root, under the language prefix when one is configured.
      const prefix = app.deps.config.langPrefix;
      if (target.kind === 'redirect') return reply.redirect(`${target.location}${prefix ? `${prefix}/` : ''}`, 302);
      reply.setCookie(CITY_COOKIE, subdomain, {
        path: '/',
        maxAge: CITY_COOKIE_MAX_AGE,
        sameSite: 'lax',
        httpOnly: true,
      });
      return reply.redirect('/', 302);
    });

    // robots.txt and the sitemaps of the host asked (decision 0043).
    const crawlers = crawlerFiles(app, publicSite, contexts.cities);
    app.get('/robots.txt', crawlers.robots);
    app.get('/sitemap.xml', crawlers.sitemap);
    app.get('/sitemap-:part(^\\d{1,6}).xml', crawlers.sitemap);

    app.get<{ Params: { file: string } }>('/assets/:file', async (req, reply) => {
      const file = assets.files.get(req.params.file);
      if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply
        .type(file.type)
        .header('cache-control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    });

    // Partner pages on other origins load these with a script tag: no cookies, short caching so
    // that a new loader reaches partners within minutes.
    const partnerScripts = options.partnerScripts ?? loadPartnerScripts();
    app.get<{ Params: { file: string } }>('/static/:file', async (req, reply) => {
      const body = partnerScripts.get(req.params.file);
      if (!body) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('access-control-allow-origin', '*')
        .header('x-content-type-options', 'nosniff')
        .send(body);
    });

    // The server's own rule (errorAnswer): a request Fastify could not read is the caller's 4xx,
    // with a Russian message; anything else is the error page (500, or 503 for a database
    // timeout), which says nothing of the error.
    app.setErrorHandler(async (error, req, reply) => {
      req.log.error(error);
      const { status, message } = errorAnswer(error);
      if (status < 500) return reply.code(status).send({ error: status, message });
      return send(req, reply, serverErrorPage(app.deps.config.supportPhone), status);
    });

    try {
      app.setNotFoundHandler(async (req, reply) => {
        const path = req.url.split('?')[0] ?? '/';
        if (req.method === 'GET' && SLASHLESS_PAGE.test(path)) {
          return reply.redirect(`${path}/${req.url.slice(path.length)}`, 301);
        }
        const wantsHtml = (req.headers.accept ?? '*/*').match(/text\/html|\*\/\*/) !== null;
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !wantsHtml) {
          return reply
            .code(404)
            .send({ error: 'Not Found', message: `Route ${req.method}:${path} not found`, statusCode: 404 });
        }
        return sendNotFound(req, reply);
      });
    } catch (err) {
      // The host app already answers unknown paths itself; its handler wins.
      app.log.warn({ err }, 'site: a not-found handler is already set; the site 404 page is not used');
    }
  };
}

/** The site's pages with the built assets: register through buildApp's `plugins` option. */
export const sitePages: FastifyPluginAsync = createSitePages();
