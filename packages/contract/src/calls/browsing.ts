/**
 * Banners, search, browsing, show page, schedule, lists and recommendations
 * (site-browsing-account.md 7).
 */
import { z } from 'zod';
import { defineCall } from '../call.js';
import { statusAnswer, statusFailure } from '../entities/account.js';
import {
  AUTOCOMPLETE_SOURCES,
  autocompleteGrouped,
  autocompleteOld,
  boxOfficePoint,
  emptyAutocompleteGrouped,
  mapSearchBuilding,
  promoBannerSlots,
  reviewPreviewItem,
  showInfoAnswer,
  socialCounters,
} from '../entities/browsing.js';
import { mediaAnswer, mediaFailure, mediaFileId } from '../entities/media.js';
import {
  flag,
  htmlAnswer,
  htmlFailure,
  id,
  idDigits,
  int,
  num,
  request,
  sessionFreeRequest,
  TEXT_MAX,
  text,
  zeroOne,
} from '../wire.js';

const SITE = 'site-browsing-account.md';
const BANNERS = `${SITE} 7 Promo banners`;
const SEARCH = `${SITE} 7 Search`;
const BROWSING = `${SITE} 7 Browsing`;

const textFailure = (message: string) => message;

// ---------------------------------------------------------------- Promo banners

export const promoBanners = defineCall({
  id: 'browsing.promoBanners',
  method: 'GET',
  path: '/FlackTwister/:placementId/',
  params: 'query',
  request: request({ placementId: id() }),
  answer: 'json',
  response: promoBannerSlots,
  failure: () => ({}),
  spec: `${BANNERS}, 3 Promo banner item`,
  summary:
    'Promo banners of a placement (6813 main page, 9815 elsewhere): slot id → [label, items]; an empty answer hides the top side banners and the footer block.',
});

// ---------------------------------------------------------------- Search

/**
 * The regional site whose shows and venues are searched (spec 2.13; our addition: the spec's
 * payload has none, and the site sends its own subdomain). Absent or unknown: every city.
 */
const searchCity = text(TEXT_MAX.code).optional();

/** index: 'all' or one source (building, performance, organizer, person) to search only that kind. */
const autocompleteRequest = request({
  text: text(TEXT_MAX.code).trim().min(1),
  index: z.enum(['all', ...AUTOCOMPLETE_SOURCES]).default('all'),
  city: searchCity,
});

export const searchAutocomplete = defineCall({
  id: 'browsing.searchAutocomplete',
  method: 'POST',
  path: '/search/autocomplete/',
  params: 'form',
  request: autocompleteRequest,
  answer: 'json',
  response: autocompleteOld,
  failure: () => ({ count: 0, items: [] }),
  spec: `${SEARCH}, 3 Autocomplete result (older)`,
  summary:
    "Older autocomplete: items {source, label}, the best of each kind in turn (at most 10); count of all matches. index defaults to 'all'. Texts of 2 characters or fewer (except 2 digits) find nothing (spec 5).",
});

export const searchAutocompleteMore = defineCall({
  id: 'browsing.searchAutocompleteMore',
  method: 'POST',
  path: '/search/autocompleteMore/',
  params: 'form',
  request: autocompleteRequest,
  answer: 'json',
  response: autocompleteGrouped,
  failure: emptyAutocompleteGrouped,
  spec: `${SEARCH}, 3 Autocomplete result (newer)`,
  summary:
    'Grouped autocomplete: genre tags (5), shows with their next date, free places, price in roubles and rating (5), venues (3), persons with their shows (3); each kind with its count. Ranked by relevance, then the nearness of the next date; Russian stems, typos, wrong layout and Latin transliteration are understood.',
});

/**
 * Filter keys: text, g, sg, page, mnd, mxd (dd.mm.yyyy) and others; several values joined with
 * ':'. Ours besides: bid (one venue's shows), city (as for the suggestions) and, on the person
 * count that the organizer filter also uses, index=organizer to count organizers. Values that a
 * key does not take (a bad date, a genre that is no id) are ignored: the address is the buyer's
 * to edit.
 */
const searchFilters = request({
  text: text(TEXT_MAX.code).optional(),
  g: text(TEXT_MAX.code).optional(),
  sg: text(TEXT_MAX.code).optional(),
  page: int().optional(),
  mnd: text(TEXT_MAX.code).optional(),
  mxd: text(TEXT_MAX.code).optional(),
  bid: text(TEXT_MAX.code).optional(),
  city: searchCity,
  index: z.enum(['person', 'organizer']).optional(),
});

export const searchPerformanceCount = defineCall({
  id: 'browsing.searchPerformanceCount',
  method: 'GET',
  path: '/search/performanceCount/',
  params: 'query',
  request: searchFilters,
  answer: 'text',
  response: z.string(),
  failure: textFailure,
  spec: SEARCH,
  summary: "Number of matching shows for the filter tooltip, as text: 'Найдено: 21 событие', or 'Ничего не найдено'.",
});

export const searchPlaceCount = defineCall({
  id: 'browsing.searchPlaceCount',
  method: 'GET',
  path: '/search/placeCount/',
  params: 'query',
  request: searchFilters,
  answer: 'text',
  response: z.string(),
  failure: textFailure,
  spec: SEARCH,
  summary: "Number of matching venues for the filter tooltip: 'Найдено: 3 площадки'.",
});

export const searchPersonCount = defineCall({
  id: 'browsing.searchPersonCount',
  method: 'GET',
  path: '/search/personCount/',
  params: 'query',
  request: searchFilters,
  answer: 'text',
  response: z.string(),
  failure: textFailure,
  spec: SEARCH,
  summary:
    "Number of matching persons for the tooltip ('Найдено: 2 персоны'); the organizer filter uses it too, with index=organizer ('Найдено: 1 организатор').",
});

export const searchMapData = defineCall({
  id: 'browsing.searchMapData',
  method: 'GET',
  path: '/search/mapData/',
  params: 'query',
  request: searchFilters,
  answer: 'json',
  response: z.array(mapSearchBuilding),
  failure: () => [],
  spec: `${SITE} 2.6, 3 Map search data`,
  summary: 'Venues with their shows for the performance search map (source not shown in the spec).',
  extension: true,
});

// ---------------------------------------------------------------- Popular, reviews, sharing

export const showPopular = defineCall({
  id: 'browsing.showPopular',
  method: 'GET',
  path: '/show/jsGetPopular/',
  params: 'query',
  request: request({ offset: int().min(0).default(0) }),
  answer: 'html',
  response: htmlAnswer(),
  failure: () => '',
  spec: `${BROWSING}, 2.4`,
  summary: 'Next 24 popular shows as an HTML fragment; an empty answer means no more.',
});

export const showReviews = defineCall({
  id: 'browsing.showReviews',
  method: 'GET',
  path: '/show/JsGetReviews/',
  params: 'query',
  request: request({ showId: id() }),
  answer: 'json',
  response: z.array(reviewPreviewItem),
  failure: () => [],
  spec: BROWSING,
  summary: 'Reviews of a show for the preview carousel.',
});

export const showSocialCounters = defineCall({
  id: 'browsing.showSocialCounters',
  method: 'GET',
  path: '/show/JsGetSocialCounters/',
  params: 'query',
  request: request({ url: text(TEXT_MAX.url).min(1) }),
  answer: 'json',
  response: socialCounters,
  failure: () => ({ fb: 0, vk: 0, ok: 0 }),
  spec: BROWSING,
  summary: 'Share counters of three social networks for a show URL.',
});

export const siteEvent = defineCall({
  id: 'browsing.siteEvent',
  method: 'GET',
  path: '/site/event/',
  params: 'query',
  request: request({ code: text(TEXT_MAX.code).min(1), webObjId: id().optional() }),
  answer: 'json',
  response: z.object({ ok: z.boolean(), message: z.string().optional() }),
  failure: (message) => ({ ok: false, message }),
  spec: BROWSING,
  summary: 'Reports an event such as a share (code=vkshare&webObjId={showId}); answer designed here.',
});

// ---------------------------------------------------------------- On-sale request and bookmarks

export const showClientRequest = defineCall({
  id: 'browsing.showClientRequest',
  method: 'POST',
  path: '/show/clientRequest/',
  params: 'form',
  request: request({
    requestFrom: text(TEXT_MAX.code),
    requestTo: text(TEXT_MAX.code),
    requestEmail: text(TEXT_MAX.email).trim().min(1),
    requestShowId: id(),
  }),
  answer: 'json',
  response: statusAnswer,
  failure: statusFailure,
  spec: `${BROWSING}, 2.9`,
  summary: "'Скоро в продаже' request: status error|success; on error the message shows in the form.",
});

export const bookmarkAdd = defineCall({
  id: 'browsing.bookmarkAdd',
  method: 'POST',
  path: '/show/JsAddBookmark/',
  params: 'form',
  request: request({ objId: id() }),
  answer: 'json',
  response: z.object({ is_added: z.boolean(), message: z.string().optional() }),
  failure: (message) => ({ is_added: false, message }),
  spec: `${BROWSING}; ${SITE} 5 (showId > 0)`,
  summary: 'Adds a show to the wishlist (objId = show id > 0).',
});

export const bookmarkRemove = defineCall({
  id: 'browsing.bookmarkRemove',
  method: 'POST',
  path: '/show/JsRemoveBookmark/',
  params: 'form',
  request: request({ objId: id() }),
  answer: 'json',
  response: z.object({ is_removed: z.boolean(), message: z.string().optional() }),
  failure: (message) => ({ is_removed: false, message }),
  spec: BROWSING,
  summary: 'Removes a show from the wishlist.',
});

export const bookmarkUpdate = defineCall({
  id: 'browsing.bookmarkUpdate',
  method: 'GET',
  changesState: true,
  path: '/show/JsUpdateBookmark/',
  params: 'query',
  request: request({ objId: id(), toNotify: zeroOne() }),
  answer: 'json',
  response: z.object({ is_updated: z.boolean(), message: z.string().optional() }),
  failure: (message) => ({ is_updated: false, message }),
  spec: BROWSING,
  summary: 'Sets notify / don’t notify on a bookmark (answer not shown: {is_updated}).',
});

// ---------------------------------------------------------------- Show page

export const showInfo = defineCall({
  id: 'browsing.showInfo',
  method: 'GET',
  path: '/show/:slug/showInfo/',
  params: 'query',
  request: request({ slug: text(TEXT_MAX.code).min(1) }),
  answer: 'json',
  response: showInfoAnswer,
  failure: () => ({ soldTickets: 0, visitors: 0 }),
  spec: `${BROWSING} ({currentPath}/showInfo/)`,
  summary: 'Social proof of a show page: tickets bought and visitors browsing ({currentPath} is /show/{slug}).',
});

export const showAjax = defineCall({
  id: 'browsing.showAjax',
  method: 'GET',
  path: '/show/:slug/showAjax/',
  params: 'query',
  request: request({
    slug: text(TEXT_MAX.code).min(1),
    ajax: z.enum(['reviews', 'desc']),
    isMobile: flag().optional(),
  }),
  answer: 'html',
  response: htmlAnswer(),
  failure: htmlFailure,
  spec: `${BROWSING} ({show}/showAjax/), 2.9`,
  summary: 'HTML of a show page tab (reviews or description).',
});

// The reviews tab's address has its own social proof, since the
// page asks `{currentPath}/showInfo/` and the current path of that tab is {show}/reviews/.
export const showInfoReviews = defineCall({
  id: 'browsing.showInfoReviews',
  method: 'GET',
  path: '/show/:slug/reviews/showInfo/',
  params: 'query',
  request: request({ slug: text(TEXT_MAX.code).min(1) }),
  answer: 'json',
  response: showInfoAnswer,
  failure: () => ({ soldTickets: 0, visitors: 0 }),
  spec: `${BROWSING} ({currentPath}/showInfo/), 2.9`,
  summary:
    'Social proof of a show page read from its reviews tab ({currentPath} is /show/{slug}/reviews): the same numbers as {show}/showInfo/.',
});

// Link previews want a raster picture (decision 0048).
export const ogImagePng = defineCall({
  id: 'browsing.ogImagePng',
  method: 'GET',
  path: '/media/og/:showId.png',
  params: 'query',
  request: sessionFreeRequest({ showId: mediaFileId(), v: text(TEXT_MAX.code).optional() }),
  answer: 'file',
  response: mediaAnswer,
  failure: mediaFailure,
  spec: `${SITE} 2.9 (the show page's link previews); decision 0048`,
  summary:
    "A show's link-preview picture (og:image, twitter:image): PNG 1200×630 drawn from its poster. With the current ?v= version it is cached for good (immutable); another version redirects (302) to the current address; without one it revalidates hourly. A malformed file name answers 400 and an unknown show 404, both as JSON {error, message}.",
  extension: true,
});

export const posterSvg = defineCall({
  id: 'browsing.posterSvg',
  method: 'GET',
  path: '/media/poster/:showId.svg',
  params: 'query',
  request: sessionFreeRequest({ showId: mediaFileId() }),
  answer: 'file',
  response: mediaAnswer,
  failure: mediaFailure,
  spec: `${SITE} 2.4, 2.9 (show cards and the show page); decision 0001 (Posters)`,
  summary:
    'The poster of a show, generated SVG (the posterUrl of show cards and pages). Public and cacheable: revalidates by ETag (304); a malformed file name answers 400 and an unknown show 404, both as JSON {error, message}.',
  extension: true,
});

export const ratingVote = defineCall({
  id: 'browsing.ratingVote',
  method: 'POST',
  path: '/rating/',
  params: 'form',
  request: request({
    /** The show voted for: a vote without one has nothing to count towards. */
    voteid: id(),
    score: num().min(1).max(5),
    val: num().optional(),
    votes: int().optional(),
    s: text(TEXT_MAX.code).optional(),
  }),
  answer: 'json',
  /** On 'OK' also the show's new average (rounded, as the widget shows it) and vote count. */
  response: z.object({
    status: z.string(),
    msg: z.string().optional(),
    val: z.number().optional(),
    votes: z.number().int().optional(),
  }),
  failure: (message) => ({ status: 'ERROR', msg: message }),
  spec: `${BROWSING} (POST /rating/?s, rating widget vote), 3 Rating vote, 5 Rating vote`,
  summary: "Rating vote {voteid, score 1–5}; status 'OK' is success, msg is shown when present.",
});

// ---------------------------------------------------------------- Schedule and lists

export const scheduleRows = defineCall({
  id: 'browsing.scheduleRows',
  method: 'GET',
  path: '/schedule/place-:placeId/:from/:till/genre-:genre/:sale/page-:page/',
  params: 'query',
  request: request({
    placeId: z.union([z.literal('all'), idDigits()]),
    from: text(TEXT_MAX.code),
    till: text(TEXT_MAX.code),
    genre: text(TEXT_MAX.code).default('all'),
    sale: z.enum(['all', 'insale']),
    page: int().min(1),
    ajax: text(TEXT_MAX.code).optional(),
    /** Ours, as for the search: the regional site whose venues 'all' means (absent: the capital). */
    city: searchCity,
  }),
  answer: 'html',
  response: htmlAnswer(),
  failure: () => '',
  spec: `${BROWSING}, 2.8`,
  summary:
    "Schedule rows of page n (infinite scroll, ?ajax) as HTML list items, 30 a page, empty past the end; placeId all or a venue id, from and till yyyy-mm-dd (or dd.mm.yyyy), genre 'all', a genre's URL name or id, sale all|insale. Without ?ajax the same address is the whole schedule page n (the 'next page' link without scripts). An unknown venue or genre answers 404, a date that is no date 400.",
});

export const buildingsList = defineCall({
  id: 'browsing.buildingsList',
  method: 'GET',
  path: '/placetype/jsGetBuildings/',
  params: 'query',
  request: request({
    offset: int().min(0).default(0),
    limit: int().min(1).optional(),
    inRow: int().optional(),
    /** Ours, as for the search: the regional site whose venues are listed (absent: the capital). */
    city: searchCity,
  }),
  answer: 'html',
  response: htmlAnswer(),
  failure: () => '',
  spec: `${BROWSING}, 2.12`,
  summary:
    'Venue list widget: the next venues of the city that have performances ahead, by name, as HTML list items (limit 1–48, default 12; inRow 1–6 per row); fewer than limit means no more.',
});

export const showsList = defineCall({
  id: 'browsing.showsList',
  method: 'GET',
  path: '/show/jsGetShows/',
  params: 'query',
  request: request({
    offset: int().min(0).default(0),
    g: text(TEXT_MAX.code).optional(),
    sg: text(TEXT_MAX.code).optional(),
    limit: int().min(1).optional(),
    ontoday: flag().optional(),
    onyesterday: flag().optional(),
    ontomorrow: flag().optional(),
    onweek: flag().optional(),
    onmonth: flag().optional(),
    inrow: int().optional(),
    /** Venue type. */
    c: text(TEXT_MAX.code).optional(),
    /** Venue id. */
    bid: id().optional(),
    mnd: text(TEXT_MAX.code).optional(),
    mxd: text(TEXT_MAX.code).optional(),
    text: text(TEXT_MAX.code).optional(),
    /** Ours, as for the search: the regional site whose shows are listed (absent: the capital; bid names its own). */
    city: searchCity,
  }),
  answer: 'html',
  response: htmlAnswer(),
  failure: () => '',
  spec: `${BROWSING}, 2.12`,
  summary:
    'Shows list widget: the next performances as HTML list items (dates dd.mm.yy), by date; filters: genres g and sub-genres sg, today, tomorrow (ontomorrow or onyesterday), the week to Sunday, the month, or mnd–mxd (dd.mm.yy or dd.mm.yyyy), c a hall kind or venue type, bid a venue, text; limit 1–48 (default 12); fewer than limit hides “more”.',
});

// ---------------------------------------------------------------- Recommendations

export const recommendationsCheck = defineCall({
  id: 'browsing.recommendationsCheck',
  method: 'GET',
  path: '/recommendations/CheckShows/',
  params: 'query',
  request: request({}),
  answer: 'json',
  response: z.object({ count: z.number().int() }),
  failure: () => ({ count: 0 }),
  spec: `${BROWSING}, 4 Recommendations`,
  summary: 'Count of recommended shows; the empty page polls every 3 s until it is above 0.',
});

export const recommendationsLoadShows = defineCall({
  id: 'browsing.recommendationsLoadShows',
  method: 'GET',
  path: '/recommendations/loadShows/',
  params: 'query',
  request: request({ genreId: id().optional(), page: int().min(1).default(1) }),
  answer: 'html',
  response: htmlAnswer(),
  failure: () => '',
  spec: `${BROWSING}, 2.11`,
  summary: 'Recommended show cards of a page (genre filter optional) as HTML; empty hides load-more.',
});

export const recommendationsLoadGenres = defineCall({
  id: 'browsing.recommendationsLoadGenres',
  method: 'GET',
  path: '/recommendations/loadGenres/',
  params: 'query',
  request: request({}),
  answer: 'html',
  response: htmlAnswer(),
  failure: () => '',
  spec: `${BROWSING}, 2.11`,
  summary: 'Genre filter buttons of the recommendations page as HTML.',
});

// ---------------------------------------------------------------- Box offices

export const boxOfficePoints = defineCall({
  id: 'browsing.boxOfficePoints',
  method: 'GET',
  path: '/kassa/points/',
  params: 'query',
  // city: the regional site whose points are listed (ours, as on the search calls: the page sends
  // its own subdomain); absent or unknown, every city's.
  request: request({ idm: id().optional(), idd: id().optional(), online: flag().optional(), city: searchCity }),
  answer: 'json',
  response: z.array(boxOfficePoint),
  failure: () => [],
  spec: `${SITE} 2.10, 3 Box-office point`,
  summary:
    "Box-office points of a city for the /kassa/ map and list (the spec does not show the source): idm one metro station's, idd one division's, online=1 only the online points; content is the balloon's HTML (name, address, metro, division, hours, note; every text escaped).",
  extension: true,
});

export const browsingCalls = [
  promoBanners,
  searchAutocomplete,
  searchAutocompleteMore,
  searchPerformanceCount,
  searchPlaceCount,
  searchPersonCount,
  searchMapData,
  showPopular,
  showReviews,
  showSocialCounters,
  siteEvent,
  showClientRequest,
  bookmarkAdd,
  bookmarkRemove,
  bookmarkUpdate,
  showInfo,
  showAjax,
  posterSvg,
  showInfoReviews,
  ogImagePng,
  ratingVote,
  scheduleRows,
  buildingsList,
  showsList,
  recommendationsCheck,
  recommendationsLoadShows,
  recommendationsLoadGenres,
  boxOfficePoints,
] as const;
