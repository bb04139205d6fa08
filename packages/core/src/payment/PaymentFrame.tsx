import { BANK_FRAME_HEIGHT, CARD_WIDGET_FRAME } from '@partera/contract';
import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import type { Http } from '../api/http.js';
import { embedHost } from '../embed/host.js';
import { useDomEffect } from '../ui/dom-effect.js';
import { type Navigation, siteAbsolute, siteOrigin, siteUrl } from '../ui/navigation.js';
import { listenProviderResult } from './messages.js';
import type { PaymentStart, ReturnUrls } from './session.js';

// The QR code's part loads only for an SBP order, the acquirer's widget only where it is used.
const SbpPayment = lazy(() => import('./SbpPayment.js').then((m) => ({ default: m.SbpPayment })));
const CheckoutWidget = lazy(() => import('./CheckoutWidget.js').then((m) => ({ default: m.CheckoutWidget })));

/** The frame the hosted card page is submitted into. */
export const BANK_FRAME_NAME = 'pt-bank-frame';

export interface PaymentFrameProps {
  start: Extract<PaymentStart, { kind: 'form' | 'widget' | 'sbp' }>;
  http: Http;
  navigation: Navigation;
  /** Used when the session answer names no return URL. */
  fallbackUrls: Required<ReturnUrls>;
  /** The frame's name (the form's target): another one where a page holds two frames (the wallet's 3-D Secure beside the card's). */
  frameName?: string;
}

/** An SBP order's QR code (decision 0036) in the bank frame's place; the order is named by the SBP call's url. */
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

/** The frames this page draws itself: the hosted card page, and the card widget's frame. */
type FramedStart = Extract<PaymentStart, { kind: 'form' } | { kind: 'widget'; src: string }>;

/**
 * The bank's card page inside the checkout. The hosted page gets the session map as a hidden
 * form submitted into a named frame (GET or POST, as the session answer says); the card widget
 * is a plain frame. Either reports success or failure by postMessage, accepted only from that
 * frame and from the ticket site's origin, which serves the sandbox bank.
 */
function BankFrame({
  start,
  http,
  navigation,
  fallbackUrls,
  frameName = BANK_FRAME_NAME,
}: PaymentFrameProps & { start: FramedStart }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const submitted = useRef(false);
  const headingId = useId();

  useDomEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, []);

  // Spec 4.9: a framed payment page tells the partner page the payment session it opened.
  useEffect(() => {
    const id = paymentSessionIdOf(start);
    if (id) embedHost()?.paymentInit(id);
  }, [start]);

  // Submitted once: a second submit would open a second bank session for the same order.
  useEffect(() => {
    const element = form.current;
    if (!element || submitted.current) return;
    submitted.current = true;
    if (typeof element.requestSubmit === 'function') element.requestSubmit();
    else element.submit();
  }, []);

  useEffect(
    () =>
      listenProviderResult(window, {
        source: () => frame.current?.contentWindow,
        origin: siteOrigin(http),
        onResult: (result, returnUrl) => {
          const named = result === 'success' ? start.returnUrls.success : start.returnUrls.fail;
          const fallback = result === 'success' ? fallbackUrls.success : fallbackUrls.fail;
          // The bank's own return URL is followed only on this site (siteUrl adds the session).
          const url = [returnUrl, named].find((u) => u !== undefined && isSiteUrl(http, u)) ?? fallback;
          const info = { paymentSessionId: paymentSessionIdOf(start) };
          if (result === 'success') embedHost()?.paymentSucceeded(info);
          else embedHost()?.paymentFailed(info);
          navigation.go(siteUrl(http, url));
        },
      }),
    [http, navigation, start, fallbackUrls],
  );

  return (
    <section className="pt-payment" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} className="pt-payment__title" tabIndex={-1}>
        Оплата банковской картой
      </h3>
      {start.kind === 'widget' ? (
        <iframe
          ref={frame}
          className="pt-payment__widget"
          title="Оплата банковской картой"
          src={siteAbsolute(http, start.src)}
          width={CARD_WIDGET_FRAME.width}
          height={CARD_WIDGET_FRAME.height}
        />
      ) : (
        <>
          <iframe
            ref={frame}
            className="pt-payment__bank"
            name={frameName}
            title="Оплата банковской картой"
            width="100%"
            height={BANK_FRAME_HEIGHT}
          />
          <form
            ref={form}
            className="pt-payment__form"
            action={siteAbsolute(http, start.action)}
            method={start.method}
            target={frameName}
            hidden
          >
            {Object.entries(start.fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
          </form>
        </>
      )}
    </section>
  );
}

/** The payment session id of a bank frame: the hosted page's mdOrder or the card widget's sessionId. */
export function paymentSessionIdOf(start: PaymentStart): string | undefined {
  if (start.kind === 'form') return start.fields.mdOrder;
  if (start.kind === 'widget' && 'src' in start)
    return new URL(start.src, 'http://site.invalid').searchParams.get('sessionId') ?? undefined;
  return undefined;
}

/** A path, or an absolute URL on the ticket site the widget talks to. */
function isSiteUrl(http: Http, url: string): boolean {
  try {
    return new URL(url, siteAbsolute(http, '/')).origin === siteOrigin(http);
  } catch {
    return false;
  }
}
