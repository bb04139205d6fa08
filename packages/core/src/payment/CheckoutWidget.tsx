import type { AcquirerCheckoutWidget } from '@partera/contract';
import { useEffect, useId, useState } from 'react';
import type { Http } from '../api/http.js';
import { embedHost } from '../embed/host.js';
import { type Navigation, siteUrl } from '../ui/navigation.js';
import { startCheckoutWidget } from './checkout-widget.js';

/**
 * The acquirer's checkout widget in the bank frame's place (decision 0045): a container the
 * widget renders into (checkout-widget.ts), and the message when it cannot start.
 */
export function CheckoutWidget({
  widget,
  http,
  navigation,
}: {
  widget: AcquirerCheckoutWidget;
  http: Http;
  navigation: Navigation;
}) {
  const headingId = useId();
  // The widget finds its container by id: the prefix keeps it a plain element id.
  const containerId = `pt-checkout-widget-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () =>
      startCheckoutWidget(widget, containerId, {
        success: (url) => {
          embedHost()?.paymentSucceeded();
          navigation.go(siteUrl(http, url));
        },
        fail: (url) => {
          embedHost()?.paymentFailed();
          navigation.go(siteUrl(http, url));
        },
        error: setError,
      }),
    [widget, containerId, http, navigation],
  );

  return (
    <section className="pt-payment" aria-labelledby={headingId}>
      <h3 id={headingId} className="pt-payment__title">
        Оплата банковской картой
      </h3>
      <div id={containerId} className="pt-payment__checkout-widget" />
      {error ? (
        <p className="pt-payment__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
