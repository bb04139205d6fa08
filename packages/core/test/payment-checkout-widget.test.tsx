/**
 * The acquirer's checkout widget on the payment page (YooKassa's embedded confirmation, decision
 * 0045): the payment session's widget answer opens it; its script is loaded once, the widget is
 * built with the confirmation_token, the return address and an error callback and rendered into
 * its container; its success leads to the order's page, its failure to the payment-failed page,
 * and a widget that cannot start tells the buyer 8.5's message.
 */
import {
  CHECKOUT_WIDGET_FAILED,
  type CheckoutWidgetConstructor,
  type CheckoutWidgetHost,
  PaymentFrame,
  paymentStartOf,
  type ScriptDocument,
  startCheckoutWidget,
} from '@partera/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { http } from './support/server.js';

const widget = {
  provider: 'yookassa' as const,
  script: 'https://widget.test/checkout-widget.js',
  confirmationToken: 'ct-2419a771-000f-5000-9000-1b68e7b15f3f',
  successUrl: '/order/complete/?orderId=77&token=ord-77',
  failUrl: '/shopcart/?payment=failed&orderId=77',
};
const navigation = () => ({ go: vi.fn<(url: string) => void>(), reload: vi.fn<() => void>() });

/** A stand-in of the documented widget: it draws the two outcomes as buttons into its container. */
function fakeWidget(built: Array<Record<string, unknown>>): CheckoutWidgetConstructor {
  return class {
    private readonly handlers = new Map<string, () => void>();
    constructor(
      readonly options: { confirmation_token: string; return_url: string; error_callback: (e: unknown) => void },
    ) {
      built.push(options);
    }
    on(event: string, handler: () => void) {
      this.handlers.set(event, handler);
    }
    render(id: string) {
      const container = document.getElementById(id);
      if (!container) return Promise.reject(new Error('no container'));
      for (const [label, event] of [
        ['Заплатить', 'success'],
        ['Отменить', 'fail'],
      ] as const) {
        const button = document.createElement('button');
        button.textContent = label;
        button.addEventListener('click', () => this.handlers.get(event)?.());
        container.append(button);
      }
      return Promise.resolve();
    }
    destroy() {}
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('opens the widget from the payment session answer and leads its success to the order’s page', async () => {
  const start = paymentStartOf({ error: 0, provider: 'yookassa', widget });
  expect(start).toEqual({
    kind: 'widget',
    acquirer: widget,
    returnUrls: { success: widget.successUrl, fail: widget.failUrl },
  });
  const built: Array<Record<string, unknown>> = [];
  vi.stubGlobal('YooMoneyCheckoutWidget', fakeWidget(built));
  const nav = navigation();
  const fallbackUrls = { success: '/x', fail: '/y' };
  render(<PaymentFrame start={start as never} http={http} navigation={nav} fallbackUrls={fallbackUrls} />);
  await screen.findByRole('heading', { name: 'Оплата банковской картой' });
  fireEvent.click(await screen.findByRole('button', { name: 'Заплатить' }));
  expect(built).toEqual([
    {
      confirmation_token: widget.confirmationToken,
      return_url: widget.successUrl,
      error_callback: expect.any(Function),
    },
  ]);
  expect(nav.go).toHaveBeenCalledWith(`${widget.successUrl}&sid=S1`);
});

it('leads the widget’s failure to the payment-failed page, and tells the buyer when it cannot start', async () => {
  let fail: ((e: unknown) => void) | undefined;
  const Base = fakeWidget([]);
  vi.stubGlobal(
    'YooMoneyCheckoutWidget',
    class extends Base {
      constructor(options: ConstructorParameters<CheckoutWidgetConstructor>[0]) {
        super(options);
        fail = options.error_callback;
      }
    },
  );
  const nav = navigation();
  const start = paymentStartOf({ error: 0, provider: 'yookassa', widget });
  render(
    <PaymentFrame start={start as never} http={http} navigation={nav} fallbackUrls={{ success: '/x', fail: '/y' }} />,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Отменить' }));
  expect(nav.go).toHaveBeenCalledWith(`${widget.failUrl}&sid=S1`);

  // The token was refused (expired, already used): the widget reports it through error_callback.
  fail!({ error: 'token_expired' });
  expect((await screen.findByRole('alert')).textContent).toBe(CHECKOUT_WIDGET_FAILED);
});

it('loads the widget’s script once before building it, and reports a script that does not load', async () => {
  // The page's document as the loader uses it: the scripts it appends are kept, never fetched.
  const appended: HTMLScriptElement[] = [];
  const page: ScriptDocument = {
    createElement: () => Object.assign(new EventTarget(), { src: '', async: false }) as unknown as HTMLScriptElement,
    head: { append: (script) => appended.push(script) },
  };
  const host: CheckoutWidgetHost = { window: {}, document: page };
  const box = document.createElement('div');
  box.id = 'box';
  document.body.append(box);
  const built: Array<Record<string, unknown>> = [];
  const events = { success: vi.fn(), fail: vi.fn(), error: vi.fn() };
  const stop = startCheckoutWidget(widget, 'box', events, host);
  const scripts = () => appended;
  expect(scripts().map((s) => s.src)).toEqual([widget.script]);
  // Nothing is built until the script has defined the widget.
  host.window.YooMoneyCheckoutWidget = fakeWidget(built);
  scripts()[0]!.dispatchEvent(new Event('load'));
  await waitFor(() => expect(box.querySelectorAll('button')).toHaveLength(2));
  expect(built).toHaveLength(1);
  // A second widget on the same page (paying again) reuses the loaded script.
  startCheckoutWidget(widget, 'box', events, host)();
  expect(scripts()).toHaveLength(1);
  stop();
  expect(events.error).not.toHaveBeenCalled();
  box.remove();

  const other = { ...widget, script: 'https://widget.test/missing.js' };
  startCheckoutWidget(other, 'box', events, { window: {}, document: page });
  scripts().at(-1)!.dispatchEvent(new Event('error'));
  await waitFor(() => expect(events.error).toHaveBeenCalledWith(CHECKOUT_WIDGET_FAILED));
  expect(events.success).not.toHaveBeenCalled();
});
