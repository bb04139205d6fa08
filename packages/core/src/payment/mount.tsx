import type { ComponentType } from 'react';
import { Http, readSessionFromMeta } from '../api/http.js';
import { checkoutCss } from '../checkout/styles.js';
import { type MountCommon, mountWidget } from '../ui/mount.js';
import { browserNavigation, type Navigation } from '../ui/navigation.js';
import { PaymentFrame, type PaymentFrameProps } from './PaymentFrame.js';

/** A payment part's own props, with the page's session and navigation as defaults. */
export type MountPartOptions<P> = MountCommon &
  Omit<P, 'http' | 'navigation'> & {
    /** Defaults to the page's session and CSRF meta tags. */
    http?: Http;
    navigation?: Navigation;
  };

/** Mounts one payment part on its own, styled by the checkout's sheet (which holds the payment rules). */
export function mountPaymentPart<P extends { http: Http; navigation: Navigation }>(
  Part: ComponentType<P>,
  element: Element,
  options: MountPartOptions<P>,
): () => void {
  const { hydrate, injectStyles, http, navigation = browserNavigation, ...props } = options;
  const all = {
    ...props,
    http: http ?? new Http(readSessionFromMeta(element.ownerDocument)),
    navigation,
  } as unknown as P;
  return mountWidget(element, <Part {...all} />, { id: 'checkout', css: checkoutCss }, { hydrate, injectStyles });
}

export type MountPaymentOptions = MountPartOptions<PaymentFrameProps>;

/** The bank frame on its own, for a host that opened the payment session itself. */
export function mountPayment(element: Element, options: MountPaymentOptions): () => void {
  return mountPaymentPart(PaymentFrame, element, options);
}
