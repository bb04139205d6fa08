/**
 * The mobile bank page (/payment/bank/{orderId}/): opens the order's payment session and mounts
 * the bank's card page (core mountPayment); a redirect answer is followed, an error is shown.
 */

import { messages } from '@partera/contract';
import { Http, mountPayment, openPaymentSession, paymentStartOf, readSessionFromMeta } from '@partera/core';
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
      else if (start.kind === 'form' || start.kind === 'widget') {
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
