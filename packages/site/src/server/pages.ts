/**
 * What each page reads and how it is titled: the loaders between a request and a page
 * component. Pages that buy (hall, basket) hydrate; the others are plain HTML with a tiny script.
 */
import { formatPhone, idDigits, messages, POPULAR_PAGE_SIZE, TEXT_MAX, text } from '@partera/contract';
import {
  type Account,
  basketStateWithCheckout,
  CSRF_PARAM,
  cachedCatalogueOf,
  deliveriesOf,
  type FastifyRequest,
  findBuyerOrder,
  formatOrderNumber,
  getOrderCompletion,
  isBookmarked,
  LOYALTY_GROUPS,
  listAccountOrders,
  listWishlist,
  PIN_RULES,
  personalDataConsentOf,
  popularPageOf,
  promotionDetail,
  reviewablePerformances,
  type ShowTab,
  safeReturnPath,
  scoreOfVoter,
  voterKeyOf,
  walletConfigOf,
} from '@partera/server';
import { createElement } from 'react';
import { type LoginData, LoginPage } from '../pages/account/LoginPage.js';
import { type LoyaltyData, LoyaltyPage, LoyaltyThanksPage } from '../pages/account/LoyaltyPage.js';
import { type CabinetData, CabinetPage, type CabinetTab } from '../pages/account/private/CabinetPage.js';
import type { ProfileView } from '../pages/account/private/ProfileTab.js';
import { type PromotionData, PromotionPage } from '../pages/account/private/PromotionPage.js';
import { type RegistrationData, RegistrationPage } from '../pages/account/RegistrationPage.js';
import { type RestoreData, RestorePage } from '../pages/account/RestorePage.js';
import { type BankData, BankPage } from '../pages/BankPage.js';
import { type BasketData, BasketPage } from '../pages/BasketPage.js';
import type { SiteChrome } from '../pages/chrome.js';
import { formatClock, formatDayMonth, formatNumericDate } from '../pages/format.js';
import { type HallData, HallPage } from '../pages/HallPage.js';
import { type HomeData, HomePage } from '../pages/HomePage.js';
import { calendarDays } from '../pages/home/calendar.js';
import { LANDING_TITLES, type LandingData, type LandingKind, LandingPage } from '../pages/LandingPage.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { type CompleteData, OrderCompletePage } from '../pages/OrderCompletePage.js';
import { ServerErrorPage } from '../pages/ServerErrorPage.js';
import { type ShowData, ShowPage } from '../pages/ShowPage.js';
import type { ShowViewer } from '../pages/show/ShowActions.js';
import { type WaitingData, WaitingPage, WaitingTicket } from '../pages/WaitingPage.js';
import { emptyBasket, type RequestContext } from './context.js';
import { markupOf, type PageRender, titled } from './render.js';
import { requestOrigin, showTabContent } from './show-pages.js';
import { widgetStyles } from './widget-styles.js';

/** Deeper pages are not worth rendering: the grid is for the coming weeks. */
const MAX_HOME_PAGE = 50;

export const LANDING_KINDS: readonly LandingKind[] = ['useragreement', 'help_faq', 'cashback_rules'];

function pageNumber(value: unknown): number {
  const n = typeof value === 'string' ? Number.parseInt(value, 10) : 1;
  return Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_HOME_PAGE) : 1;
}

/**
 * The calendar bar's days, made once a minute per time zone: the cities' offsets are whole
 * hours, so a calendar day begins on a minute and the days of one minute are the same.
 */
const calendars = new Map<string, { minute: number; days: ReturnType<typeof calendarDays> }>();
function calendarOf(now: Date, timeZone: string): ReturnType<typeof calendarDays> {
  const minute = Math.floor(now.getTime() / 60_000);
  const kept = calendars.get(timeZone);
  if (kept?.minute === minute) return kept.days;
  const days = calendarDays(now, timeZone);
  calendars.set(timeZone, { minute, days });
  return days;
}

export async function homePage(ctx: RequestContext, req: FastifyRequest): Promise<PageRender<HomeData>> {
  const page = pageNumber((req.query as Record<string, unknown>).page);
  const cityName = ctx.chrome.city.name;
  const timeZone = ctx.city?.timezone ?? 'Europe/Moscow';
  // The popular grid (spec 2.4, decision 0038) from the process's cache, dropped when its
  // performances change.
  const list = ctx.city
    ? await popularPageOf(ctx.deps, {
        cityId: ctx.city.id,
        offset: (page - 1) * POPULAR_PAGE_SIZE,
        limit: POPULAR_PAGE_SIZE,
      })
    : { items: [], hasMore: false };
  const calendar = calendarOf(ctx.deps.clock.now(), timeZone);
  return {
    entry: 'home',
    Component: HomePage,
    hydrate: false,
    source: { data: list, chrome: [ctx.chrome, page, calendar[0]?.date] },
    data: {
      chrome: ctx.chrome,
      cityName,
      timeZone,
      cards: list.items,
      page,
      hasMore: list.hasMore,
      calendar,
    },
    title: titled(`Афиша: ${cityName} — билеты на спектакли, концерты и выставки`),
    description: `Билеты на спектакли, концерты и выставки: ${cityName}. Выбор мест на схеме зала, без комиссии и сервисного сбора.`,
  };
}

/**
 * A page's parameters obey the contract's rules for ids (digits, 1 to 2³¹ − 1) and codes (no
 * control characters, bounded length): a value outside them names no page (404) and never
 * reaches the database, which would fail on it (a NUL byte, an integer overflow).
 */
const PAGE_ID = idDigits().transform(Number);
const PAGE_CODE = text(TEXT_MAX.code).min(1);

const pageId = (value: unknown): number | null => {
  const parsed = PAGE_ID.safeParse(value);
  return parsed.success ? parsed.data : null;
};

export const pageCode = (value: unknown): string | null => {
  const parsed = PAGE_CODE.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** The visitor's own state on a show page: their bookmark (signed in) and their vote. */
async function showViewerOf(ctx: RequestContext, req: FastifyRequest, showId: number): Promise<ShowViewer> {
  const account = ctx.account;
  if (!account && req.session.isNew) return { signedIn: false, bookmarked: false, myScore: null };
  const voter = voterKeyOf({ userId: account?.id ?? null, sessionId: req.session.id });
  const [bookmarked, myScore] = await Promise.all([
    account ? isBookmarked(ctx.deps.db, account.id, showId) : false,
    scoreOfVoter(ctx.deps.db, showId, voter),
  ]);
  return { signedIn: account !== null, bookmarked, myScore };
}

export async function showPage(
  ctx: RequestContext,
  req: FastifyRequest,
  slug: string,
  tab: ShowTab = 'desc',
): Promise<PageRender<ShowData> | null> {
  if (pageCode(slug) === null) return null;
  const page = await cachedCatalogueOf(ctx.deps).showPage(slug);
  if (!page) return null;
  const [viewer, tabHtml] = await Promise.all([showViewerOf(ctx, req, page.show.id), showTabContent(ctx, page, tab)]);
  const origin = requestOrigin(req);
  const reviews = tab === 'reviews';
  return {
    entry: 'show',
    Component: ShowPage,
    hydrate: false,
    // The page's markup is kept per header, visitor state and host (a handful of combinations);
    // the reviews tab reads the reviews each time, and its markup is kept while they read the same.
    source: { data: page, chrome: [ctx.chrome, viewer, origin, tab, reviews ? tabHtml : ''] },
    data: { chrome: ctx.chrome, page, viewer, tab, tabHtml, origin },
    title: titled(reviews ? `${page.show.name} — отзывы` : `${page.show.name} — билеты, ${page.venue.name}`),
    description: `${page.genre.name} «${page.show.name}», ${page.venue.name}. Купить билеты без комиссии и сервисного сбора.`,
  };
}

export async function hallPage(ctx: RequestContext, req: FastifyRequest): Promise<PageRender<HallData> | null> {
  const { performanceId } = req.params as { performanceId: string };
  const query = req.query as Record<string, unknown>;
  const id = pageId(performanceId);
  if (id === null) return null;
  const packageId = pageId(query.packageId) ?? undefined;
  const basket = ctx.basket ?? emptyBasket();
  const here = basket.tickets.filter((t) => t.performanceId === id).reduce((n, t) => n + t.count, 0);
  const hall = await cachedCatalogueOf(ctx.deps).hallPage(id, {
    isGuest: basket.userIsGuest,
    isIframe: isFramed(ctx, req),
    currentPerformanceBasketTicketCount: here,
    ticketInBasketOfOtherPerformances: basket.ticketCount - here,
    packageId,
    origin: requestOrigin(req),
  });
  if (!hall) return null;
  const tz = hall.city.timezone;
  const basketSummary = {
    ticketCount: basket.ticketCount,
    basketPrice: basket.basketPrice,
    cannotCreateOrder: basket.cannotCreateOrder,
    cannotCreateOrderCause: basket.cannotCreateOrderCause,
  };
  return {
    entry: 'hall',
    Component: HallPage,
    hydrate: true,
    // The hall's data comes from the process's cache (dropped when the performance's numbers
    // change): its page is rendered once per header and basket while it lives.
    source: { data: hall, chrome: [ctx.chrome, basketSummary] },
    data: { chrome: ctx.chrome, hall, basket: basketSummary },
    title: titled(
      `${hall.show.name}, ${formatDayMonth(hall.performance.startsAt, tz)} ${formatClock(hall.performance.startsAt, tz)} — выбор мест`,
    ),
    widgetStyles: widgetStyles.hall,
  };
}

/**
 * The admission gate's waiting page for a hall page (admission/ in the server): the page is kept
 * with the hall's data, and only the buyer's place and wait are rendered for each answer.
 */
export function waitingPage(
  ctx: RequestContext,
  hall: PageRender<HallData>,
  verdict: { position: number; retryAfterSeconds: number },
): PageRender<WaitingData> {
  const { show, performance } = hall.data.hall;
  return {
    entry: 'page',
    Component: WaitingPage,
    hydrate: false,
    data: { chrome: ctx.chrome, showName: show.name },
    source: { data: hall.data.hall, chrome: ['waiting', ctx.chrome] },
    visitorHtml: markupOf(
      createElement(WaitingTicket, {
        data: {
          performanceUrl: `/performance/${performance.id}/`,
          urlSession: ctx.chrome.urlSession,
          position: verdict.position,
          retryAfterSeconds: verdict.retryAfterSeconds,
        },
      }),
    ),
    title: titled(`Очередь на выбор мест — ${show.name}`),
    noindex: true,
  };
}

/** /shopcart/: the basket with its checkout offer (decision 0032), drawn as the widget will hydrate it. */
export async function basketPage(ctx: RequestContext, req: FastifyRequest): Promise<PageRender<BasketData>> {
  const query = req.query as Record<string, unknown>;
  const basket = req.session.isNew ? null : await basketStateWithCheckout(ctx.deps, req.session.id);
  return {
    entry: 'basket',
    Component: BasketPage,
    hydrate: true,
    data: {
      chrome: ctx.chrome,
      basket: basket ?? emptyBasket(),
      paymentFailed: query.payment === 'failed',
      isIframe: isFramed(ctx, req),
    },
    title: titled('Корзина и оформление заказа'),
    noindex: true,
    widgetStyles: widgetStyles.basket,
  };
}

/**
 * /payment/bank/{orderId}/: the order's own bank page (a phone's checkout of a signed-in buyer,
 * hall 4.7). Only the buyer's own order (this session's, or with its token); a paid one goes to
 * its completion page. Null (404) for anything else.
 */
export async function bankPage(
  ctx: RequestContext,
  req: FastifyRequest,
  rawOrderId: string,
): Promise<PageRender<BankData> | { redirect: string } | null> {
  const orderId = pageId(rawOrderId);
  if (orderId === null) return null;
  const token = pageCode((req.query as Record<string, unknown>).token) ?? undefined;
  const order = await findBuyerOrder(ctx.deps.db, { orderId, sessionId: req.session.id, token });
  if (!order) return null;
  if (order.status === 'paid') {
    return { redirect: `/order/complete/?orderId=${order.id}&token=${encodeURIComponent(order.accessToken)}` };
  }
  return {
    entry: 'bank',
    Component: BankPage,
    hydrate: false,
    data: {
      chrome: ctx.chrome,
      orderId: order.id,
      orderNumber: formatOrderNumber(order.id),
      total: order.total,
      payable: order.status === 'new',
      token: token ?? null,
      wallet: walletConfigOf(ctx.deps.config, order),
    },
    title: titled(`Оплата заказа № ${formatOrderNumber(order.id)}`),
    noindex: true,
    widgetStyles: widgetStyles.payment,
  };
}

/** The requisites as the cabinet shows them. */
function profileOf(account: Account): Omit<ProfileView, 'consent'> {
  const [y, m, d] = account.birthDate?.split('-') ?? [];
  return {
    surname: account.surname,
    firstName: account.firstName,
    patronymic: account.patronymic,
    birthDate: y && m && d ? `${d}.${m}.${y}` : '',
    email: account.email ?? '',
    emailConfirmed: account.emailConfirmed,
    phone: account.phone ? formatPhone(account.phone, account.phoneCountry) : '',
    phoneConfirmed: account.phoneConfirmed,
    hasPassword: account.hasPassword,
  };
}

/**
 * /private/ and /private/orders, for a signed-in buyer (the caller sends a guest to /login/). The
 * orders come a page at a time (?before= the last order id of the previous page).
 */
export async function cabinetPage(
  ctx: RequestContext & { account: Account },
  req: FastifyRequest,
  tab: CabinetTab,
): Promise<PageRender<CabinetData>> {
  const before = pageId((req.query as Record<string, unknown>).before);
  const orders = tab === 'orders' ? await listAccountOrders(ctx.deps.db, ctx.account.id, { before }) : null;
  // The orders' 'Написать отзыв': performances the buyer saw, of shows not reviewed yet.
  const reviewable = orders ? await reviewablePerformances(ctx.deps.db, ctx.account.id, ctx.deps.clock.now()) : {};
  // Each order's courier delivery and its delivery form's metro stations.
  const deliveries = orders
    ? Object.fromEntries(
        await deliveriesOf(
          ctx.deps.db,
          ctx.account.id,
          orders.orders.map((o) => o.id),
          ctx.deps.clock.now(),
        ),
      )
    : {};
  // The personal-data section shows the consent given (152-ФЗ): its date and text version.
  const consent = tab === 'profile' ? await personalDataConsentOf(ctx.deps.db, ctx.account.id) : null;
  // The wishlist section sits under the requisites (spec 2.15).
  const wishlist = tab === 'profile' ? await listWishlist(ctx.deps.db, ctx.account.id, ctx.deps.clock.now()) : null;
  const profile: ProfileView = {
    ...profileOf(ctx.account),
    consent: consent ? { date: formatNumericDate(consent.givenAt), textVersion: consent.textVersion } : null,
  };
  return {
    entry: 'cabinet',
    Component: CabinetPage,
    hydrate: false,
    data: { chrome: ctx.chrome, tab, profile, wishlist, orders, reviewable, deliveries },
    title: titled('Личный кабинет'),
    noindex: true,
  };
}

/** /private/promotions/?view&id={program_id} of a signed-in buyer: null (404) for an unknown promotion. */
export async function promotionPage(
  ctx: RequestContext & { account: Account },
  req: FastifyRequest,
): Promise<PageRender<PromotionData> | null> {
  const id = pageId((req.query as Record<string, unknown>).id);
  if (id === null) return null;
  const found = await promotionDetail(ctx.deps.db, ctx.account.id, id);
  if (!found) return null;
  return {
    entry: 'page',
    Component: PromotionPage,
    hydrate: false,
    data: {
      chrome: ctx.chrome,
      promotion: found.promotion,
      joinedOn: found.joinedAt ? formatNumericDate(found.joinedAt.toISOString()) : null,
    },
    title: titled(found.promotion.name),
    noindex: true,
  };
}

/** /loyalty/ (the phone sign-up), with ?group= choosing the programme group. */
export function loyaltyPage(ctx: RequestContext, req: FastifyRequest): PageRender<LoyaltyData> {
  const asked = (req.query as Record<string, unknown>).group;
  const group = LOYALTY_GROUPS.find((g) => g.code === asked)?.code ?? LOYALTY_GROUPS[0].code;
  return {
    entry: 'loyalty',
    Component: LoyaltyPage,
    hydrate: false,
    data: { chrome: ctx.chrome, groups: LOYALTY_GROUPS, group },
    title: titled('Программа лояльности'),
  };
}

/** /loyalty/thanks?group={group}. */
export function loyaltyThanksPage(
  ctx: RequestContext,
  req: FastifyRequest,
): PageRender<{ chrome: SiteChrome; groupLabel: string | null }> {
  const asked = (req.query as Record<string, unknown>).group;
  return {
    entry: 'page',
    Component: LoyaltyThanksPage,
    hydrate: false,
    data: { chrome: ctx.chrome, groupLabel: LOYALTY_GROUPS.find((g) => g.code === asked)?.label ?? null },
    title: titled('Спасибо!'),
    noindex: true,
  };
}

export interface CompletionLinks {
  tableBookingUrl: string;
  cashbackRegistrationUrl: string;
}

/** /order/complete/?orderId&token: null (404) for an unknown order or a token that is not its own. */
export async function orderCompletePage(
  ctx: RequestContext,
  req: FastifyRequest,
  links: CompletionLinks,
): Promise<PageRender<CompleteData> | null> {
  const query = req.query as Record<string, unknown>;
  const orderId = pageId(query.orderId);
  const token = pageCode(query.token);
  if (orderId === null || token === null) return null;
  const completion = await getOrderCompletion(ctx.deps, orderId, token);
  if (!completion) return null;
  return {
    entry: 'complete',
    Component: OrderCompletePage,
    hydrate: false,
    data: {
      chrome: ctx.chrome,
      completion,
      timeZone: ctx.city?.timezone ?? 'Europe/Moscow',
      token,
      ...links,
    },
    title: titled(`Заказ № ${completion.order.number}`),
    noindex: true,
  };
}

export function landingPage(ctx: RequestContext, kind: LandingKind): PageRender<LandingData> {
  return {
    entry: 'page',
    Component: LandingPage,
    hydrate: false,
    data: { chrome: ctx.chrome, kind, holdMinutes: ctx.deps.config.holdMinutes },
    title: titled(LANDING_TITLES[kind]),
  };
}

/** The page a sign-in returns to: ?back=, a path of this site only. */
export function backPath(req: FastifyRequest, fallback = '/private/'): string {
  return safeReturnPath((req.query as Record<string, unknown>).back, fallback);
}

/** /login/: ?failed=wrong|limit after a form login that did not succeed. */
export function loginPage(ctx: RequestContext, req: FastifyRequest): PageRender<LoginData> {
  const failed = (req.query as Record<string, unknown>).failed;
  const reason = (req.query as Record<string, unknown>).reason;
  const oauthError =
    reason === 'denied' ? messages.oauthDenied : reason === 'state' ? messages.oauthExpired : messages.oauthFailed;
  const error =
    failed === 'limit'
      ? messages.loginTooManyAttempts
      : failed === 'wrong'
        ? messages.loginFailed
        : failed === 'oauth'
          ? oauthError
          : null;
  return {
    entry: 'account',
    Component: LoginPage,
    hydrate: false,
    data: {
      chrome: ctx.chrome,
      back: backPath(req),
      error,
      csrf: { param: CSRF_PARAM, token: req.session.csrfToken },
    },
    title: titled('Вход'),
    noindex: true,
  };
}

export function registrationPage(ctx: RequestContext, req: FastifyRequest): PageRender<RegistrationData> {
  return {
    entry: 'account',
    Component: RegistrationPage,
    hydrate: false,
    data: { chrome: ctx.chrome, back: backPath(req) },
    title: titled('Регистрация'),
    noindex: true,
  };
}

/** /login/restore/ ('Забыли пароль?'): back to ?back= once the new password is set. */
export function restorePage(ctx: RequestContext, req: FastifyRequest): PageRender<RestoreData> {
  return {
    entry: 'restore',
    Component: RestorePage,
    hydrate: false,
    data: { chrome: ctx.chrome, back: backPath(req), resendSeconds: PIN_RULES.resendAfterMs / 1000 },
    title: titled('Восстановление пароля'),
    noindex: true,
  };
}

export function notFoundPage(ctx: RequestContext): PageRender<{ chrome: SiteChrome }> {
  return {
    entry: 'page',
    Component: NotFoundPage,
    hydrate: false,
    data: { chrome: ctx.chrome },
    title: titled('Страница не найдена'),
    noindex: true,
  };
}

/** The 500 page does not touch the database: the failure may be the database itself. */
export function serverErrorPage(supportPhone: string): PageRender<{ supportPhone: string }> {
  return {
    entry: 'page',
    Component: ServerErrorPage,
    hydrate: false,
    data: { supportPhone },
    title: titled('Ошибка на сервере'),
    noindex: true,
  };
}

/**
 * A page inside a partner's frame (the light layout), or one a browser says it requested for a
 * frame (Sec-Fetch-Dest), or marked with ?iframe=1.
 */
function isFramed(ctx: RequestContext, req: FastifyRequest): boolean {
  const query = req.query as Record<string, unknown>;
  return ctx.lite || req.headers['sec-fetch-dest'] === 'iframe' || query.iframe === '1';
}
