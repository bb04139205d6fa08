/**
 * Every constant and text the loader takes from the spec, in one place. The contract package
 * holds the same values (packages/contract/src/constants.ts, errors.ts); the loader keeps its own
 * copy because its bundle must stay tiny and free of zod, and test/constants.test.ts fails when
 * the two drift apart.
 */

// ---------------------------------------------------------------- hall-basket-checkout.md 4.13
// The legacy handshake. Partner pages in the field speak it, so it stays byte for byte.

/** Sent by the framed site when it wants the partner hash. */
export const GIVE_ME_HASH = 'giveMeHash';
/** The loader's answer, followed by the partner hash: 'sendMyHash:{hash}'. */
export const SEND_MY_HASH = 'sendMyHash:';
/** Sent by the framed site when the hash matched the partner's registration. */
export const SHOW_IFRAME = 'showIframe';

// ---------------------------------------------------------------- hall-basket-checkout.md 4.11
// The culture card: the site asks, and waits until the parent agrees.

export const PUSHKIN_CARD_TERMS_OF_USE = 'pushkin_card_terms_of_use';
export const PUSHKIN_CARD_USER_AGREES_TO_TERMS = 'pushkin_card_user_agrees_to_terms';

// ---------------------------------------------------------------- hall-basket-checkout.md 9, 8.7, 2.5

/** Without 'showIframe' by then, the connection has failed. */
export const GIVE_UP_AFTER_MS = 20_000;
export const connectingText = (host: string) => `Установка соединения с ${host}...`;
export const CONNECTION_FAILED_TEXT = 'Соединение ... установить не удалось';
/** The framed site's screens (it shares these constants so its pages stay small). */
export const RECONNECTING_TEXT = 'Повторная установка соединения...';
export const redirectingText = (host: string) => `Переадресация на ${host}...`;
/** Without the parent's answer by then, the framed page reloads. */
export const RELOAD_AFTER_MS = 5_000;

// ---------------------------------------------------------------- The loader's own choices (not in the spec)

/** Query parameter carrying the partner hash in the frame's URL, so the server knows the partner
 * from the first request (its CSP frame-ancestors), before the handshake has run. */
export const HASH_PARAM = 'iframe_hash';
/** Frame height in CSS pixels until the site reports its own. */
export const INITIAL_HEIGHT = 600;
