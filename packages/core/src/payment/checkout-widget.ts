import type { AcquirerCheckoutWidget } from '@partera/contract';

/**
 * An acquirer's own checkout widget on the shop's payment page (decision 0045): YooKassa's
 * embedded confirmation. Its script (the deployment's YOOKASSA_WIDGET_URL) defines
 * `window.YooMoneyCheckoutWidget`; the page builds it with the payment's confirmation_token, the
 * address it returns to and an error callback, and renders it into a container by id. The
 * widget's success leads to the order's page, its failure to the basket's payment-failed page
 * (the card widget's outcomes of spec 3.16, 4.9); a widget that cannot start (its script did not
 * load, the token was refused) tells the buyer 8.5's message. Framework-free: the component only
 * gives it a container and shows the message.
 */

/** The widget as YooKassa's documentation describes it. */
export interface CheckoutWidgetInstance {
  render(containerId: string): Promise<unknown> | undefined;
  /** Its payment's outcome, when the widget reports it to the page rather than only returning. */
  on?(event: 'success' | 'fail', handler: () => void): void;
  destroy?(): void;
}

export type CheckoutWidgetConstructor = new (options: {
  confirmation_token: string;
  return_url: string;
  error_callback: (error: unknown) => void;
}) => CheckoutWidgetInstance;

/** What loading a script needs of the page's document. */
export interface ScriptDocument {
  createElement(tag: 'script'): HTMLScriptElement;
  head: { append(node: HTMLScriptElement): void };
}

export interface CheckoutWidgetHost {
  window: { YooMoneyCheckoutWidget?: CheckoutWidgetConstructor };
  document: ScriptDocument;
}

export interface CheckoutWidgetEvents {
  success(url: string): void;
  fail(url: string): void;
  /** The widget could not start: the message for the buyer. */
  error(message: string): void;
}

/** 8.5, word for word: the payment could not be started. */
export const CHECKOUT_WIDGET_FAILED = 'Произошла непредвиденная ошибка в процессе оплаты.';

/** One load of each script per document: a second widget (paying again) reuses it. */
const scripts = new WeakMap<ScriptDocument, Map<string, Promise<void>>>();

export function loadScript(document: ScriptDocument, src: string): Promise<void> {
  const loaded = scripts.get(document) ?? new Map<string, Promise<void>>();
  scripts.set(document, loaded);
  const known = loaded.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`script ${src} did not load`)));
    document.head.append(script);
  });
  // A script that failed may be asked for again (the buyer pays again later).
  promise.catch(() => loaded.delete(src));
  loaded.set(src, promise);
  return promise;
}

/** Loads the widget's script, renders the widget into the container; returns the function that stops it. */
export function startCheckoutWidget(
  widget: AcquirerCheckoutWidget,
  containerId: string,
  events: CheckoutWidgetEvents,
  host: CheckoutWidgetHost = { window: window as CheckoutWidgetHost['window'], document },
): () => void {
  let stopped = false;
  let instance: CheckoutWidgetInstance | undefined;
  const failed = () => {
    if (!stopped) events.error(CHECKOUT_WIDGET_FAILED);
  };
  const start = () => {
    const Widget = host.window.YooMoneyCheckoutWidget;
    if (stopped) return;
    if (!Widget) return failed();
    instance = new Widget({
      confirmation_token: widget.confirmationToken,
      // YooKassa returns the buyer here whatever happened: the order's page tells which.
      return_url: widget.successUrl,
      error_callback: failed,
    });
    instance.on?.('success', () => {
      if (!stopped) events.success(widget.successUrl);
    });
    instance.on?.('fail', () => {
      if (!stopped) events.fail(widget.failUrl);
    });
    Promise.resolve(instance.render(containerId)).catch(failed);
  };
  const ready = host.window.YooMoneyCheckoutWidget ? Promise.resolve() : loadScript(host.document, widget.script);
  ready.then(start, failed);
  return () => {
    stopped = true;
    instance?.destroy?.();
  };
}
