import { BANK_FRAME_HEIGHT, CARD_WIDGET_FRAME } from '@partera/contract';
import { useEffect, useId, useRef } from 'react';
import type { Http } from '../api/http.js';
import { embedHost } from '../embed/host.js';
import { useDomEffect } from '../ui/dom-effect.js';
import { type Navigation, siteAbsolute, siteOrigin } from '../ui/navigation.js';
import { type FramedStart, followBankResult, paymentSessionIdOf } from './bank-frame.js';
import { listenProviderResult } from './messages.js';
import type { ReturnUrls } from './session.js';

/** The frame the hosted card page is submitted into. */
export const BANK_FRAME_NAME = 'pt-bank-frame';

export interface BankFrameProps {
  start: FramedStart;
  http: Http;
  navigation: Navigation;
  fallbackUrls: Required<ReturnUrls>;
  frameName?: string | undefined;
}

/**
 * The bank's card page inside the checkout. The hosted page gets the session map as a hidden
 * form submitted into a named frame (GET or POST, as the session answer says); the card widget
 * is a plain frame. Either reports success or failure by postMessage, accepted only from that
 * frame and from the ticket site's origin, which serves the sandbox bank (bank-frame.ts says
 * where the buyer goes then).
 */
export function BankFrame({ start, http, navigation, fallbackUrls, frameName = BANK_FRAME_NAME }: BankFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
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

  useEffect(
    () =>
      listenProviderResult(window, {
        source: () => frame.current?.contentWindow,
        origin: siteOrigin(http),
        onResult: (result, returnUrl) => followBankResult({ http, navigation, start, fallbackUrls }, result, returnUrl),
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
          <BankForm http={http} start={start} target={frameName} />
        </>
      )}
    </section>
  );
}

/** The hosted card page's hidden form, submitted into the bank frame once. */
function BankForm({
  http,
  start,
  target,
}: {
  http: Http;
  start: Extract<FramedStart, { kind: 'form' }>;
  target: string;
}) {
  const form = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);

  // Submitted once: a second submit would open a second bank session for the same order.
  useEffect(() => {
    const element = form.current;
    if (!element || submitted.current) return;
    submitted.current = true;
    if (typeof element.requestSubmit === 'function') element.requestSubmit();
    else element.submit();
  }, []);

  return (
    <form
      ref={form}
      className="pt-payment__form"
      action={siteAbsolute(http, start.action)}
      method={start.method}
      target={target}
      hidden
    >
      {Object.entries(start.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </form>
  );
}
