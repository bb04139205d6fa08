/**
 * The mobile bank page (/payment/bank/{orderId}/): opens the order's payment session and mounts
 * the bank's card page (core mountPayment), or an SBP order's QR code; a redirect answer (an
 * acquirer whose page is not framed) is followed, an error is shown.
 */

import { messages } from '@partera/contract';
import {
  Http,
  mountPayment,
  mountSbp,
  mountWallets,
  openPaymentSession,
  paymentStartOf,
  readSessionFromMeta,
  type WalletConfig,
} from '@partera/core';
import { enhancePage } from './lib/enhance.js';

enhancePage();

const mount = document.querySelector<HTMLElement>('[data-bank-mount]');
const error = document.querySelector<HTMLElement>('[data-bank-error]');
const orderId = mount?.dataset.orderId;

function fail(message: string): void {
  if (mount) mount.hidden = true;
  if (error) {
    error.textContent = message;
    error.hidden = false;
  }
}

if (mount && orderId) {
  const http = new Http(readSessionFromMeta(document));
  const token = mount.dataset.token;
  void openPaymentSession(http, `/payment/session/${orderId}/`, token ? { token } : {})
    .then(paymentStartOf)
    .then((start) => {
      if (start.kind === 'redirect') window.location.assign(start.url);
      else if (start.kind === 'form' || start.kind === 'widget' || start.kind === 'sbp') {
        mountPayment(mount, {
          start,
          injectStyles: false,
          fallbackUrls: { success: '/order/complete/', fail: '/shopcart/' },
        });
      } else if (start.kind === 'error') fail(start.message || messages.walletNetworkError);
      // The partner's own pay flow runs only inside its frame; this page cannot take that payment.
      else fail(messages.walletNetworkError);
    })
    .catch(() => fail(messages.walletNetworkError));
}

// The order page's other ways to pay (decision 0036): the device wallets (3.17 type 1) and SBP.
const wallets = document.querySelector<HTMLElement>('[data-wallets]');
const sbp = document.querySelector<HTMLButtonElement>('[data-sbp]');
const fallbackUrls = { success: '/order/complete/', fail: '/shopcart/' };
if (mount && orderId) {
  const order = { orderId, orderToken: mount.dataset.token };
  if (wallets?.dataset.config) {
    mountWallets(wallets, {
      config: JSON.parse(wallets.dataset.config) as WalletConfig,
      order: async () => order,
      fallbackUrls,
      injectStyles: false,
    });
  }
  sbp?.addEventListener('click', () => {
    // The QR code takes the card page's place: one payment at a time on this page.
    sbp.remove();
    if (error) error.hidden = true;
    mount.hidden = false;
    mount.replaceChildren();
    mountSbp(mount, { order, injectStyles: false });
  });
}
