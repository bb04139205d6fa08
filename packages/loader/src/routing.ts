import type { ParentMethods, PartneraEventMap, PartneraEventType, PaymentInfo } from './protocol.js';

/** Hands one event to the partner page; returns what its per-event callback returned. */
export type Emit = <K extends PartneraEventType>(type: K, payload: PartneraEventMap[K]) => unknown;

// The site's origin and window are checked before anything gets here, but its arguments still
// reach the partner page's code, so each is checked for the shape the protocol promises.
const fail = (what: string): never => {
  throw new TypeError(`Partera: bad ${what}`);
};
const height = (value: unknown) => (typeof value === 'number' && value >= 0 && value < 1e6 ? value : fail('height'));
const text = (value: unknown, what: string) => (typeof value === 'string' && value ? value : fail(what));
const showId = (value: unknown) => (typeof value === 'number' && value > 0 ? value : text(value, 'showId'));
const info = (value: unknown): PaymentInfo => (value && typeof value === 'object' ? { ...value } : {});

/**
 * Asks the partner page to agree to the culture card terms (hall-basket-checkout.md 4.11) and
 * calls `answer` once: with true when a callback or DOM listener agrees, false when one declines.
 * With nobody answering, the site keeps waiting, as it does with the legacy protocol.
 */
export const askPushkinCardTerms = (emit: Emit, answer: (agreed: boolean) => void) => {
  let answered = false;
  const respond = (agreed: boolean) => {
    if (!answered) {
      answered = true;
      answer(agreed);
    }
  };
  const result = emit('pushkinCardTermsOfUse', { agree: () => respond(true), decline: () => respond(false) });
  if (result !== undefined) {
    Promise.resolve(result).then(
      (agreed) => respond(agreed === true),
      () => respond(false),
    );
  }
};

/** The methods the framed site may call, each routed to a partner event. */
export const parentMethods = (emit: Emit, setHeight: (height: number) => void): ParentMethods => ({
  resize(value) {
    setHeight(height(value));
    emit('resize', { height: value });
  },
  openShowPage(value) {
    emit('openShowPage', { showId: showId(value) });
  },
  orderToken(value) {
    emit('orderToken', { token: text(value, 'token') });
  },
  pushkinCardTermsOfUse: () => new Promise((resolve) => askPushkinCardTerms(emit, resolve)),
  paymentSucceeded(value) {
    emit('paymentSucceeded', info(value));
  },
  paymentFailed(value) {
    emit('paymentFailed', info(value));
  },
  paymentInit(value) {
    emit('paymentInit', { paymentSessionId: text(value, 'paymentSessionId') });
  },
  inventoryHeight(value) {
    setHeight(height(value));
    emit('inventoryHeight', { height: value });
  },
  inventoryCancel() {
    emit('inventoryCancel', {});
  },
  inventoryClose() {
    emit('inventoryClose', {});
  },
});
