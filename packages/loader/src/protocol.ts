/**
 * The typed message API between the framed site (child) and the partner page (parent), spoken
 * over penpal 7 once the legacy handshake (constants.ts) has ended with 'showIframe'.
 *
 * Versioning: the penpal channel carries the major version, so a site and a loader of different
 * majors never connect; a site that must serve both connects on both channels at once (penpal
 * keeps parallel channels apart). Adding a method is not a breaking change: calling a method the
 * parent lacks rejects with penpal's METHOD_NOT_FOUND.
 */

export const PROTOCOL_VERSION = 1;
export const PROTOCOL_CHANNEL = `partera/v${PROTOCOL_VERSION}`;

/** What the site tells about a payment's outcome; every field is optional. */
export type PaymentInfo = {
  orderId?: number | string;
  paymentSessionId?: string;
  message?: string;
};

/**
 * Methods the parent exposes to the framed site. A type alias, not an interface, so that it fits
 * penpal's `Methods` index signature. Arguments that make no sense reject the call with a TypeError.
 */
export type ParentMethods = {
  /** Auto-height: the site's content height in CSS pixels. */
  resize(height: number): void;
  /** site-browsing-account.md 2.9: the show page tells the parent its showId. */
  openShowPage(showId: number | string): void;
  /** hall-basket-checkout.md 4.8: the order token for the partner's own pay flow. */
  orderToken(token: string): void;
  /**
   * hall-basket-checkout.md 4.11 ('pushkin_card_terms_of_use'): resolves true when the partner
   * page agrees ('pushkin_card_user_agrees_to_terms'), false when it declines.
   */
  pushkinCardTermsOfUse(): Promise<boolean>;
  paymentSucceeded(info?: PaymentInfo): void;
  paymentFailed(info?: PaymentInfo): void;
  /** hall-basket-checkout.md 4.9: the payment page's init message. */
  paymentInit(paymentSessionId: string): void;
  /** site-browsing-account.md 2.12: the inventory embed's content height, posted after 1 s. */
  inventoryHeight(height: number): void;
  inventoryCancel(): void;
  inventoryClose(): void;
};

/** The partner page's events: one per parent method, plus the handshake's outcome. */
export type PartneraEventMap = {
  /** The site sent 'showIframe': the frame is shown and the message API starts. Fired again only
   * if the frame gets a new window (its element was moved) and the site shows itself again. */
  ready: Record<never, never>;
  /** No 'showIframe' within 20 s; `message` is the text shown. */
  failure: { message: string };
  resize: { height: number };
  openShowPage: { showId: number | string };
  orderToken: { token: string };
  /** Call `agree()` (or `decline()`) once the buyer has answered; the first answer wins. */
  pushkinCardTermsOfUse: { agree(): void; decline(): void };
  paymentSucceeded: PaymentInfo;
  paymentFailed: PaymentInfo;
  paymentInit: { paymentSessionId: string };
  inventoryHeight: { height: number };
  inventoryCancel: Record<never, never>;
  inventoryClose: Record<never, never>;
};

export type PartneraEventType = keyof PartneraEventMap;

export type PartneraEvent<K extends PartneraEventType = PartneraEventType> = {
  [T in K]: PartneraEventMap[T] & { type: T };
}[K];

/**
 * Per-event callbacks: onResize, onOrderToken, onPushkinCardTermsOfUse... The return value only
 * counts for onPushkinCardTermsOfUse: true (or a promise of true) agrees, false declines.
 */
export type PartneraHandlers = {
  [K in PartneraEventType as `on${Capitalize<K>}`]?: (event: PartneraEvent<K>) => unknown;
};

/** The DOM event dispatched on the widget's element: 'partera:order-token' for 'orderToken'. */
export const domEventName = (type: PartneraEventType) =>
  `partera:${type.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
