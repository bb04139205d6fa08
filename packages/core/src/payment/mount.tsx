import { Http, readSessionFromMeta } from '../api/http.js';
import { checkoutCss } from '../checkout/styles.js';
import { type MountCommon, mountWidget } from '../ui/mount.js';
import { browserNavigation, type Navigation } from '../ui/navigation.js';
import { PaymentFrame, type PaymentFrameProps } from './PaymentFrame.js';

export interface MountPaymentOptions extends MountCommon, Omit<PaymentFrameProps, 'http' | 'navigation'> {
  /** Defaults to the page's session and CSRF meta tags. */
  http?: Http;
  navigation?: Navigation;
}

/** The bank frame on its own, for a host that opened the payment session itself. */
export function mountPayment(element: Element, options: MountPaymentOptions): () => void {
  const { hydrate, injectStyles, http, navigation = browserNavigation, ...props } = options;
  return mountWidget(
    element,
    <PaymentFrame
      {...props}
      http={http ?? new Http(readSessionFromMeta(element.ownerDocument))}
      navigation={navigation}
    />,
    // The payment section's rules are part of the checkout's style sheet.
    { id: 'checkout', css: checkoutCss },
    { hydrate, injectStyles },
  );
}
