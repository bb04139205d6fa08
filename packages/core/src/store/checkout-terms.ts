/**
 * The culture card's terms question (hall-basket-checkout.md 4.11): the first pay click asks the
 * parent page ('pushkin_card_terms_of_use') and waits for 'pushkin_card_user_agrees_to_terms'.
 * A partner page connected through the loader answers through the embed host; a page framed
 * without it is asked by a plain message to the parent; the site itself (no parent) asks nobody.
 */
import { EMBED_MESSAGES } from '@partera/contract';
import { embedHost } from '../embed/host.js';

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
