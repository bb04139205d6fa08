/**
 * Business constants and limits (section 9 of both documents) in one place. Times are in
 * milliseconds unless the name says otherwise; sizes in CSS pixels.
 */

// ---------------------------------------------------------------- Money and currency

export const CURRENCY = 'RUB';
/** Signs the original shows; '₽' is the default, after the amount. */
export const CURRENCY_SIGNS = ['₽', 'руб.', 'руб', 'р.'] as const;
export type CurrencySign = (typeof CURRENCY_SIGNS)[number];
export const DEFAULT_CURRENCY_SIGN: CurrencySign = '₽';
export const KOPECKS_PER_ROUBLE = 100;

// ---------------------------------------------------------------- Tickets and gifts (hall 5.1, 5.2, 9)

/** Tickets per order by default. */
export const DEFAULT_MAX_TICKET_COUNT = 8;
/** A configured ticket limit overrides the default only if it is at most this. */
export const MAX_TICKET_COUNT_OVERRIDE_LIMIT = 10;
/** Gifts per ticket by default; 0 hides gifts. */
export const DEFAULT_MAX_GIFT_COUNT_PER_TICKET = 5;
/** The older map's gift choice: 0 to this. */
export const OLD_MAP_MAX_GIFT_CHOICE = 5;
/** Default of ticketInBasketOfOtherPerformances. */
export const DEFAULT_TICKETS_OF_OTHER_PERFORMANCES = 0;
/** The list view shows '100+' above this. */
export const LIST_COUNT_CAP = 100;
/** The entrance counter never drops below this. */
export const ENTRANCE_COUNTER_MIN = 1;

// ---------------------------------------------------------------- Hall map (hall 2.1, 9)

/** Seat colour badges are generated only below this many places. */
export const SEAT_BADGES_MAX_PLACES = 20_000;
/** At most this many price badge ranges. */
export const MAX_PRICE_BADGE_RANGES = 5;
/** The badge with this id is labelled 'Привилегии'. */
export const PREMIUM_BADGE_ID = 'premium';
export const PREMIUM_BADGE_LABEL = 'Привилегии';
/** A place's `privileged` value when it has no privilege. */
export const PRIVILEGED_DEFAULT = 'default';

/** SVG hall zoom. */
export const HALL_ZOOM = {
  min: 1,
  sensitivity: 0.4,
  /** Maximum zoom for small halls. */
  maxDefault: 10,
  /** Maximum zoom when the SVG area exceeds `area` (checked from the largest). */
  areaThresholds: [
    { area: 9_000_000, maxZoom: 35 },
    { area: 6_250_000, maxZoom: 25 },
    { area: 4_000_000, maxZoom: 20 },
    { area: 2_250_000, maxZoom: 15 },
  ],
  /** While zoom is at least this, panning keeps `panMinOverlap` of the hall in view. */
  panContainFromZoom: 1.1,
  panMinOverlap: 0.5,
  /** Another reading: a map maximum zoom of 10. */
  mapMaxZoom: 10,
} as const;

/** Maximum SVG zoom for a hall of this area (viewBox width × height). */
export function maxZoomForArea(area: number): number {
  for (const t of HALL_ZOOM.areaThresholds) if (area > t.area) return t.maxZoom;
  return HALL_ZOOM.maxDefault;
}

/** The older HTML hall map. */
export const OLD_HALL_MAP = {
  sectionViewWidth: 980,
  defaultHeight: 700,
  seatWidth: 20,
  sceneBackgroundHeight: 145,
  /** height = maxY + this. */
  heightPadding: 50,
  scrollDelayMs: 1200,
  hintHideDelayMs: 300,
  /** Exclusive (star) seats pair with the adjacent odd/even seat within this distance. */
  exclusivePairDistancePx: 30,
} as const;

// ---------------------------------------------------------------- Basket, checkout, timers (hall 9)

export const MINI_BASKET_SHOW_MS = 5000;
export const HOLD_COUNTDOWN_TICK_MS = 1000;
export const ORDER_PROCESSING_SECONDS = 12;
export const ALERT_AUTO_CLOSE_MS = 4000;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const GIFT_CARD_APPLY_DEBOUNCE_MS = 1000;
export const PROMO_TYPING_DEBOUNCE_MS = 300;
export const ANONYMOUS_MOBILE_REDIRECT_DELAY_MS = 5000;

/** Gift card number: groups of 4, '****' plus up to 7 '-****' groups; apply enabled from 4 characters. */
export const GIFT_CARD_GROUP_LENGTH = 4;
export const GIFT_CARD_MAX_EXTRA_GROUPS = 7;
export const GIFT_CARD_MASK = `****${'-****'.repeat(GIFT_CARD_MAX_EXTRA_GROUPS)}`;
export const GIFT_CARD_MIN_LENGTH = 4;
/** The mobile promo apply button is enabled from this length. */
export const PROMO_MIN_LENGTH = 4;
/** PIN codes are 4 digits; the PIN input's maximum length. */
export const PIN_LENGTH = 4;

// ---------------------------------------------------------------- Payment (hall 3.16, 3.17, 9)

export const BANK_FRAME_HEIGHT = 791;
export const CARD_WIDGET_FRAME = { width: '100%', height: 300 } as const;
/** The card widget renders into the container with this name. */
export const CARD_WIDGET_CONTAINER = 'widget';

export const APPLE_PAY = {
  countryCode: 'RU',
  currencyCode: CURRENCY,
  supportedNetworks: ['visa', 'masterCard'],
  merchantCapabilities: ['supports3DS'],
} as const;

export const GOOGLE_PAY = {
  allowedCardNetworks: ['AMEX', 'DISCOVER', 'JCB', 'MASTERCARD', 'VISA'],
  allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
  totalPriceStatus: 'FINAL',
  currencyCode: CURRENCY,
  /** Waiting for the Android bridge: this many tries, this far apart. */
  bridgeRetries: 30,
  bridgeRetryMs: 100,
} as const;

/** Android app bridge events of the browser wallet (hall 7.6) and their replies. */
export const ANDROID_WALLET_BRIDGE = {
  isReadyToGPay: 'isReadyToGPay',
  isReadyToGPayReply: 'isReadyToPay',
  processGPay: 'processGPay',
  processGPayReply: 'token',
} as const;

/** The promoted cashback percent. */
export const CASHBACK_PERCENT = 5;
/** URL parameter carrying the partner cashback value (percent of the ticket price). */
export const CASHBACK_VALUE_PARAM = 'cashback_value';

// ---------------------------------------------------------------- Embedding (hall 4.13, 9)

export const EMBED_RELOAD_AFTER_MS = 5000;
export const EMBED_GIVE_UP_AFTER_MS = 20_000;
export const INVENTORY_HEIGHT_POST_AFTER_MS = 1000;
export const EMBED_MESSAGES = {
  giveMeHash: 'giveMeHash',
  /** Followed by ':{hash}'. */
  sendMyHash: 'sendMyHash',
  showIframe: 'showIframe',
  openShowPage: 'openShowPage',
  pushkinCardTerms: 'pushkin_card_terms_of_use',
  pushkinCardAgreed: 'pushkin_card_user_agrees_to_terms',
} as const;
export const EMBED_COOKIES = { iframeHash: 'iframe-hash', startUrl: 'start-url' } as const;

export const SESSION_STORAGE_KEYS = {
  metricCookie: 'MetricCookie',
  tlConfStart: 'TLConfStart',
  tlPayChoose: 'TLPayChoose',
} as const;

/** The analytics hit script is loaded with applicationId=1 (hall 7.8, site 7 Service calls). */
export const HIT_SCRIPT_APPLICATION_ID = 1;

/** Session and CSRF parameter names (decision 0001). */
export const SESSION_PARAM = 'sid';
export const CSRF_PARAM = '_csrf';

// ---------------------------------------------------------------- Layout (both 9)

export const MOBILE_BREAKPOINT = 575;
export const SIDE_BANNERS_MIN_WIDTH = 1560;
export const SCROLL_TO_TOP_AFTER = 400;
export const STICKY_FOOTER_HEIGHT = 770;
export const SLIDER_ITEM_EXTRA_WIDTH = 10;
export const SHOW_MORE_HEIGHT = 312;
export const SHOW_MORE_MARGIN = 80;
export const WHEEL_SCROLL_STEP = 40;
export const DRAG_SCROLL_MULTIPLIER = 3;
export const SCROLL_ANIMATION_MS = 1000;
export const DEFAULT_LINE_HEIGHT = 24;

// ---------------------------------------------------------------- Search (site 5, 9)

export const AUTOCOMPLETE_DEBOUNCE_MS = 300;
export const AUTOCOMPLETE_MIN_LENGTH = 3;
export const AUTOCOMPLETE_MIN_NUMERIC_LENGTH = 2;
export const INPUT_DEBOUNCE_MS = 300;
export const RATING_HUE_FACTOR = 12;
export const SEARCH_COUNT_TOOLTIP_FADE_MS = 1000;
/** Several values of one filter key are joined with this. */
export const FILTER_VALUE_SEPARATOR = ':';
export const SEARCH_CALENDAR_MONTHS_AHEAD = 9;
export const SEARCH_RESULT_ROUTES = {
  building: '/search/place/',
  performance: '/search/performance/',
  organizer: '/search/organizer/',
  person: '/search/person/',
} as const;

// ---------------------------------------------------------------- Promo banners (site 7, 9)

export const PROMO_PLACEMENT_MAIN = 6813;
export const PROMO_PLACEMENT_OTHER = 9815;
/** placementId: 6813 on the main page ('/'), 9815 elsewhere. */
export function promoPlacementId(pathname: string): number {
  return pathname === '/' ? PROMO_PLACEMENT_MAIN : PROMO_PLACEMENT_OTHER;
}
export const PROMO_NAME_CUT_SLOT1 = 60;
export const PROMO_NAME_CUT_OTHER = 65;
export const PROMO_NAME_CUT_MOBILE = 65;
export const PROMO_MOBILE_BANNERS_PER_LOAD = 2;
/** Items of every slot except this one also go to the mobile promo list. */
export const PROMO_SLOT_EXCLUDED_FROM_MOBILE = '5';

// ---------------------------------------------------------------- Pages (site 9)

export const POPULAR_PAGE_SIZE = 24;
export const BOX_OFFICE_MAP = { center: [55.75, 37.63], zoom: 10 } as const;
export const SEARCH_MAP = {
  center: [55.75, 37.63],
  zoom: 10,
  balloonHeightMobile: 148,
  balloonHeight: 250,
  imageWide: { width: 156, height: 100 },
  image: { width: 100, height: 100 },
  descriptionCut: 255,
} as const;

export const SHOW_PAGE = {
  sliderIntervalMs: 3000,
  sliderFadeMs: 1000,
  sliderPauseCyclesAfterPick: 2,
  videoPauseTimeoutMs: 7000,
  removalAlertMs: 3000,
  wishlistConfirmationMs: 3000,
  personSliderStep: 250,
  sharePopup: { width: 550, height: 420 },
  /** A review rating below this shows the 'bad' popup. */
  goodReviewThreshold: 4,
} as const;

/** Reviews longer than `over` are cut to `cutTo` characters plus 'Читать полностью'. */
export const REVIEW_CUT = { over: 215, cutTo: 185 } as const;

export const RATING = {
  stars: 5,
  minRating: 0,
  fill: 'float',
  fills: ['float', 'half'],
  labels: { 1: 'Плохо', 2: 'Нормально', 3: 'Хорошо', 4: 'Отлично', 5: 'Великолепно' },
} as const;

export const SCHEDULE_SCROLL_TRIGGER = 400;
export const RECOMMENDATIONS_POLL_MS = 3000;
export const RECOMMENDATIONS_FIRST_MORE_PAGE = 2;
export const DONE_TYPING_MS = 1000;

// ---------------------------------------------------------------- Dates, cookies, account (site 9)

export const DATE_SEPARATOR = '.';
export const WEEK_STARTS_ON_MONDAY = true;
export const COOKIES = {
  showReviewPopup: { name: 'showReviewPopup', maxAgeSeconds: 259_200 },
  geoipConfirm: { name: 'geoip.data.confirm', maxAgeSeconds: 63_072_000 },
  geoipSubdomainSelected: { name: 'geoip_subdomain_selected' },
  showRequestSent: { name: 'showRequestSent' },
} as const;

export const DEFAULT_BIRTH_DATE = '01.01.1980';
export const BIRTH_DATE_MIN_YEAR = 1900;
/** Above this age an advisory (non-blocking) warning shows. */
export const AGE_WARNING_ABOVE = 65;
export const GIFT_NAME_CUT = 33;
export const DEFAULT_PHONE_COUNTRY = 'RU';
/** Mask of the loyalty phone and the RU fallback. */
export const RU_PHONE_MASK = '+7(999) 999-99-99';
export const SUPPORT_HOURS = '9:00–21:00';
export const SUPPORT_TIME_ZONE = 'Europe/Moscow';

/** Input mask symbols. */
export const MASK = { digit: '9', letter: 'a', alphanumeric: '*', placeholder: '_' } as const;

/** Regional sites: 'www' is the capital region. */
export const CAPITAL_SUBDOMAIN = 'www';
