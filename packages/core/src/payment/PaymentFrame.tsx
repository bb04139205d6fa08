import { lazy, Suspense } from 'react';
import type { Http } from '../api/http.js';
import type { Navigation } from '../ui/navigation.js';
import { BankFrame } from './BankFrame.js';
import type { PaymentStart, ReturnUrls } from './session.js';

export { BANK_FRAME_NAME } from './BankFrame.js';
export { paymentSessionIdOf } from './bank-frame.js';

// The QR code's part loads only for an SBP order, the acquirer's widget only where it is used.
const SbpPayment = lazy(() => import('./SbpPayment.js').then((m) => ({ default: m.SbpPayment })));
const CheckoutWidget = lazy(() => import('./CheckoutWidget.js').then((m) => ({ default: m.CheckoutWidget })));

export interface PaymentFrameProps {
  start: Extract<PaymentStart, { kind: 'form' | 'widget' | 'sbp' }>;
  http: Http;
  navigation: Navigation;
  /** Used when the session answer names no return URL. */
  fallbackUrls: Required<ReturnUrls>;
  /** The frame's name (the form's target): another one where a page holds two frames (the wallet's 3-D Secure beside the card's). */
  frameName?: string;
}

/**
 * Where a payment session is paid inside the page: an SBP order's QR code (decision 0036), the
 * acquirer's own widget, or the bank frame (BankFrame.tsx).
 */
export function PaymentFrame(props: PaymentFrameProps) {
  const { start } = props;
  if (start.kind === 'sbp') {
    const url = new URL(start.url, 'http://site.invalid');
    // '/payment/sbp/42/' → '42' (the second-to-last path segment, as spec 4.7 reads order urls).
    const orderId = url.pathname.split('/').at(-2) ?? '';
    const orderToken = url.searchParams.get('token') ?? undefined;
    return (
      <Suspense fallback={null}>
        <SbpPayment http={props.http} navigation={props.navigation} order={{ orderId, orderToken }} />
      </Suspense>
    );
  }
  if (start.kind === 'widget' && 'acquirer' in start) {
    return (
      <Suspense fallback={null}>
        <CheckoutWidget widget={start.acquirer} http={props.http} navigation={props.navigation} />
      </Suspense>
    );
  }
  return <BankFrame {...props} start={start} />;
}
