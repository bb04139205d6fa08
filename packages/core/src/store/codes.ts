/**
 * The promo code and gift card inputs of the checkout (hall-basket-checkout.md 5.6, 8.4, 7.4, 9).
 * Codes are applied on the server and kept with the session's basket (decision 0032): a success
 * re-reads the basket state, whose `checkout` then shows the code and the new totals.
 *
 * - Promo code: on a desktop it is applied once the buyer stops typing for 300 ms (at 4 characters
 *   or more); on a phone by its apply button, enabled at 4 characters. A refusal marks the field
 *   and shows the server's message (default 'Промокод не найден'); a failure with no answer is an
 *   alert that reloads the page on close (8.4: any promo error alert reloads the page).
 * - Gift card: typed into the mask of 5.6 (groups of 4, '****' plus up to 7 '-****'); the apply
 *   button is enabled at 4 characters; presses within 1000 ms of an apply are one apply. Success
 *   is the toast 'Подарочная карта успешно применена'; a refusal is an error toast with the server
 *   message, the field marked and its label set to the message.
 * Framework-free: the checkout's code components read `state` and call these actions.
 */
import {
  applyCashback as applyCashbackCall,
  applyGiftCardNoLimits,
  applyPromo as applyPromoCall,
  type CashbackAction,
  canApplyGiftCard,
  canApplyPromo,
  GIFT_CARD_APPLY_DEBOUNCE_MS,
  maskGiftCardNumber,
  messageOr,
  messages,
  PROMO_TYPING_DEBOUNCE_MS,
} from '@partera/contract';
import { proxy } from 'valtio/vanilla';
import type { Http } from '../api/http.js';
import { type BasketStore, refreshBasket } from '../basket/store.js';

/** GET /shopcart/applypromo/ {promocode} → error, message (7.4, 8.4). */
export async function sendPromo(http: Http, promocode: string) {
  return applyPromoCall.response.parse(await http.get(applyPromoCall.path, { promocode }));
}

/** POST /shopcart/applygiftcardnolimits/ {ftlsid (the session id), gift_card_number} (7.4, 3.14, 8.4). */
export async function sendGiftCard(http: Http, number: string) {
  return applyGiftCardNoLimits.response.parse(
    await http.postForm(applyGiftCardNoLimits.path, { ftlsid: http.session.sessionId, gift_card_number: number }),
  );
}

/** POST /shopcart/applycashback/ {action}: the cashback choice kept with the basket ('' unchecks it; decision 0034). */
export async function sendCashback(http: Http, action: CashbackAction | '') {
  return applyCashbackCall.response.parse(await http.postForm(applyCashbackCall.path, { action }));
}

export interface CodesState {
  promo: string;
  /** The server's refusal of the promo code, shown under the field. */
  promoError: string | null;
  promoBusy: boolean;
  /** The gift card number as masked. */
  giftCard: string;
  /** The server's refusal of the gift card: the field is marked and its label reads it. */
  giftCardError: string | null;
  giftCardBusy: boolean;
}

export interface CodesNotices {
  alert(message: string, onClose?: () => void): void;
  toast(message: string, kind?: 'error' | 'success'): void;
}

export interface CodesDeps {
  http: Http;
  basket: BasketStore;
  notices: CodesNotices;
  /** The page reloads after a promo error alert is closed. */
  reload(): void;
  /** The 575 px layout is on: the promo code waits for its apply button. */
  isMobile(): boolean;
  /** Overrides of the spec's delays (tests). */
  promoDebounceMs?: number;
  giftCardDebounceMs?: number;
}

export interface CodesController {
  state: CodesState;
  typePromo(value: string): void;
  applyPromo(): Promise<void>;
  typeGiftCard(value: string): void;
  applyGiftCard(): Promise<void>;
  /** Takes the applied promo code or gift card off the basket (the apply call with an empty code). */
  remove(what: 'promo' | 'giftCard'): Promise<void>;
  /** Keeps the cashback choice with the basket; false (and the server's message shown) when refused. */
  applyCashback(action: CashbackAction | ''): Promise<boolean>;
  /** Stops the typing timers (the widget unmounts). */
  dispose(): void;
}

/** The mobile promo apply button is enabled (5.6). */
export const promoApplicable = (state: Pick<CodesState, 'promo' | 'promoBusy'>) =>
  !state.promoBusy && canApplyPromo(state.promo);
/** The gift card apply button is enabled (5.6). */
export const giftCardApplicable = (state: Pick<CodesState, 'giftCard' | 'giftCardBusy'>) =>
  !state.giftCardBusy && canApplyGiftCard(state.giftCard);

export function createCodes(deps: CodesDeps): CodesController {
  const { http, notices } = deps;
  const promoDelay = deps.promoDebounceMs ?? PROMO_TYPING_DEBOUNCE_MS;
  const giftDelay = deps.giftCardDebounceMs ?? GIFT_CARD_APPLY_DEBOUNCE_MS;
  const state = proxy<CodesState>({
    promo: '',
    promoError: null,
    promoBusy: false,
    giftCard: '',
    giftCardError: null,
    giftCardBusy: false,
  });
  let promoTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the last gift card apply started: presses within the debounce are the same apply. */
  let giftAppliedAt = Number.NEGATIVE_INFINITY;

  const refresh = async () => {
    try {
      await refreshBasket(deps.basket, http);
    } catch {
      deps.reload();
    }
  };

  const promoAlert = (message: string) => notices.alert(message, () => deps.reload());

  async function applyPromo(): Promise<void> {
    clearTimeout(promoTimer);
    const code = state.promo.trim();
    if (state.promoBusy || !canApplyPromo(code)) return;
    state.promoBusy = true;
    try {
      const answer = await sendPromo(http, code);
      if (answer.error !== 0) {
        state.promoError = messageOr(answer.message, messages.promoNotFound);
        return;
      }
      state.promoError = null;
      state.promo = '';
      await refresh();
    } catch {
      promoAlert(messages.serverError);
    } finally {
      state.promoBusy = false;
    }
  }

  async function applyGiftCard(): Promise<void> {
    const now = Date.now();
    if (state.giftCardBusy || !canApplyGiftCard(state.giftCard) || now - giftAppliedAt < giftDelay) return;
    giftAppliedAt = now;
    state.giftCardBusy = true;
    try {
      const answer = await sendGiftCard(http, state.giftCard);
      if (!answer.success) {
        const message = messageOr(answer.message, messages.serverError);
        state.giftCardError = message;
        notices.toast(message, 'error');
        return;
      }
      state.giftCardError = null;
      state.giftCard = '';
      notices.toast(messages.giftCardApplied, 'success');
      await refresh();
    } catch {
      state.giftCardError = messages.serverError;
      notices.toast(messages.serverError, 'error');
    } finally {
      state.giftCardBusy = false;
    }
  }

  async function applyCashback(action: CashbackAction | ''): Promise<boolean> {
    try {
      const answer = await sendCashback(http, action);
      if (answer.error !== 0) {
        notices.alert(messageOr(answer.message, messages.serverError));
        return false;
      }
    } catch {
      notices.alert(messages.serverError);
      return false;
    }
    await refresh();
    return true;
  }

  async function remove(what: 'promo' | 'giftCard'): Promise<void> {
    try {
      const answer = what === 'promo' ? await sendPromo(http, '') : await sendGiftCard(http, '');
      const failed = 'success' in answer ? !answer.success : answer.error !== 0;
      if (failed) {
        notices.alert(messageOr(answer.message, messages.serverError));
        return;
      }
    } catch {
      notices.alert(messages.serverError);
      return;
    }
    await refresh();
  }

  return {
    state,
    applyCashback,
    remove,
    typePromo(value) {
      state.promo = value;
      state.promoError = null;
      clearTimeout(promoTimer);
      if (!deps.isMobile() && canApplyPromo(value)) promoTimer = setTimeout(() => void applyPromo(), promoDelay);
    },
    applyPromo,
    typeGiftCard(value) {
      state.giftCard = maskGiftCardNumber(value);
      state.giftCardError = null;
    },
    applyGiftCard,
    dispose() {
      clearTimeout(promoTimer);
    },
  };
}
