/**
 * The culture card's terms question (hall-basket-checkout.md 4.11): the first pay click asks the
 * parent page ('pushkin_card_terms_of_use') and waits for 'pushkin_card_user_agrees_to_terms'.
 * A partner page connected through the loader answers through the embed host; a page framed
 * without it is asked by a plain message to the parent; the site itself (no parent) asks nobody.
 *
 * The spec has no answer for 'no': a parent page that never replies (the buyer declined there, or
 * the page does not speak the protocol) would keep the pay press waiting for ever. The wait is
 * bounded (decision 0046): after PUSHKIN_TERMS_WAIT_MS the press ends, the buyer is told and may
 * press again; an agreement that arrives later still counts for the next press.
 */
import { EMBED_MESSAGES } from '@partera/contract';
import { embedHost } from '../embed/host.js';

/** How long one pay press waits for the parent page's agreement: time to read and agree. */
export const PUSHKIN_TERMS_WAIT_MS = 60_000;

/** Said when the parent page did not answer within the wait. */
export const PUSHKIN_TERMS_NO_ANSWER =
  'Не удалось получить ваше согласие с условиями программы «Пушкинская карта». Попробуйте оплатить ещё раз.';

/** Runs `run` after `ms`; answers a function that cancels it. Injected so tests drive the clock. */
export type After = (ms: number, run: () => void) => () => void;

export const realAfter: After = (ms, run) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

export function askPushkinTerms(win: Window = window): Promise<boolean> {
  const host = embedHost();
  if (host) return host.pushkinCardTermsOfUse();
  if (win.parent === win) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== win.parent || event.data !== EMBED_MESSAGES.pushkinCardAgreed) return;
      win.removeEventListener('message', onMessage);
      resolve(true);
    };
    win.addEventListener('message', onMessage);
    win.parent.postMessage(EMBED_MESSAGES.pushkinCardTerms, '*');
  });
}

/**
 * The parent's answer within the wait: 'agreed', 'declined' (it answered no), or 'silent' (no
 * answer in time). `onLateAgreement` runs if the agreement comes after the wait.
 */
export function termsWithin(
  asked: Promise<boolean>,
  after: After,
  onLateAgreement: () => void,
): Promise<'agreed' | 'declined' | 'silent'> {
  return new Promise((resolve) => {
    let waiting = true;
    const cancel = after(PUSHKIN_TERMS_WAIT_MS, () => {
      waiting = false;
      resolve('silent');
    });
    asked.then(
      (agreed) => {
        if (!waiting) {
          if (agreed) onLateAgreement();
          return;
        }
        waiting = false;
        cancel();
        resolve(agreed ? 'agreed' : 'declined');
      },
      () => {
        if (!waiting) return;
        waiting = false;
        cancel();
        resolve('declined');
      },
    );
  });
}
