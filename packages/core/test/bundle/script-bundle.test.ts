/**
 * The script-tag bundle itself (dist/script: preact/compat inside, minified, split into files),
 * driven as a partner page on another origin drives it: through window.PartneraWidgets, with the
 * ticket site's address and session passed in. The other widget tests run the sources; these run
 * the built files, the parts loaded on demand included.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanProbe } from '../../src/seat-map/plan/use-plan.js';
import { config, hallRoutes, resetTicketCount } from '../support/hall.js';
import { basketState, type Route, seatTicket, serve } from '../support/server.js';

const SITE = 'http://127.0.0.1:4000';
const connection = { baseUrl: `${SITE}/`, sessionName: 'sid', sessionId: 'S9', csrfParam: '_csrf', csrfToken: 'T9' };
const ENTRY = '../../dist/script/partera-widgets.js';

let widgets: Window['PartneraWidgets'];
let unmounts: (() => void)[] = [];
let submitted: HTMLFormElement[] = [];
const catchSubmit = (event: Event) => {
  event.preventDefault();
  submitted.push(event.target as HTMLFormElement);
};

const navigation = () => ({ go: vi.fn<(url: string) => void>(), reload: vi.fn<() => void>() });

function mountPoint(): HTMLElement {
  const element = document.createElement('div');
  document.body.append(element);
  return element;
}

function mount(...args: Parameters<Window['PartneraWidgets']['mount']>): () => void {
  const unmount = widgets.mount(...args);
  unmounts.push(unmount);
  return unmount;
}

/** Answers one after the other; the last one repeats. */
function sequence(...answers: unknown[]): Route {
  let i = 0;
  return () => answers[Math.min(i++, answers.length - 1)];
}

/** What a browser fires when the buyer types into a field and then leaves it (a later task). */
async function type(input: HTMLElement, value: string): Promise<void> {
  fireEvent.input(input, { target: { value } });
  await new Promise((resolve) => setTimeout(resolve, 0));
  fireEvent.focusOut(input);
  fireEvent.blur(input);
}

beforeAll(async () => {
  await import(/* @vite-ignore */ ENTRY);
  widgets = window.PartneraWidgets;
});
beforeEach(() => {
  resetTicketCount();
  submitted = [];
  document.addEventListener('submit', catchSubmit, true);
});
afterEach(() => {
  for (const unmount of unmounts) unmount();
  unmounts = [];
  document.body.replaceChildren();
  document.removeEventListener('submit', catchSubmit, true);
  vi.unstubAllGlobals();
});

describe('the script-tag bundle', () => {
  it('puts its calls on window.PartneraWidgets', () => {
    expect(Object.keys(widgets).sort()).toEqual([
      'connect',
      'fetchHallConfig',
      'loadBasket',
      'mount',
      'openWidgetSession',
    ]);
    expect(widgets.connect(connection).withSession('/shopcart/')).toBe(`${SITE}/shopcart/?sid=S9`);
  });

  it('is built on preact/compat: neither React nor the legacy preact-compat package is inside', () => {
    const meta = JSON.parse(readFileSync(path.resolve(__dirname, '../../dist/script.meta.json'), 'utf8'));
    const packages = new Set(
      Object.keys(meta.inputs as Record<string, unknown>).flatMap((file) => {
        const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file.slice(file.lastIndexOf('node_modules/')))?.[1];
        return name ? [name] : [];
      }),
    );
    expect(packages).toContain('preact');
    for (const name of ['react', 'react-dom', 'scheduler', 'preact-compat']) expect(packages).not.toContain(name);
  });

  it('mounts the seat map: a click puts a seat in the basket on the ticket site, the entrance counter opens', async () => {
    const seen = serve(hallRoutes());
    const host = mountPoint();
    const selected: number[] = [];
    host.addEventListener('ticket-selected', (e) => selected.push((e as CustomEvent).detail.placeId));
    const unmount = mount(host, { widget: 'seat-map', config: config(), ...connection });

    // The places are on a canvas (decision 0025): the plan's probe says where one is, and a
    // click there goes through the plan's own hit-testing.
    const viewport = () => host.querySelector('.pt-hall-viewport') as (HTMLElement & { ptPlan?: PlanProbe }) | null;
    await waitFor(() => expect(viewport()?.ptPlan?.place(101)?.look).toBe('free'));
    const at = viewport()!.ptPlan!.place(101)!;
    fireEvent.click(viewport()!, { clientX: at.x, clientY: at.y });
    await waitFor(() => expect(viewport()!.ptPlan!.place(101)!.look).toBe('mine'));
    expect(selected).toEqual([101]);
    const select = seen.find((r) => r.path === '/hallPlace/select/');
    expect(select?.origin).toBe(SITE);
    expect(select?.query.get('sid')).toBe('S9');
    expect(select?.body.get('_csrf')).toBe('T9');
    expect(seen.find((r) => r.path === '/media/hall/5.svg')?.origin).toBe(SITE);

    fireEvent.click(host.querySelector('.entrance-section[data-section-id="30"]')!);
    const tip = await within(host).findByRole('dialog', { name: 'Танцпол' });
    fireEvent.click(within(tip).getByRole('button', { name: 'Больше билетов' }));
    await waitFor(() => expect(within(tip).getByRole('status', { name: 'Количество билетов' }).textContent).toBe('2'));

    unmount();
    expect(host.childElementCount).toBe(0);
  });

  it('mounts the basket with the basket read from the ticket site, and removes a ticket after asking', async () => {
    const two = basketState([seatTicket(), seatTicket({ cypher: '9002', place: '13' })]);
    const seen = serve({
      'GET /shopcart/state/': sequence(two, basketState([seatTicket({ cypher: '9002', place: '13' })])),
      'POST /hallPlace/deselect/': () => ({ result: 1, error: 0, areInBasketMoreTicketsLeft: true, ticketCount: 1 }),
    });
    const host = mountPoint();
    mount(host, { widget: 'basket', navigation: navigation(), ...connection });

    fireEvent.click(await within(host).findByRole('button', { name: 'Удалить билет: Партер, Ряд 5, Место 12' }));
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Отмена' })));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));

    await waitFor(() => expect(within(host).queryByText('Ряд 5, Место 12')).toBeNull());
    expect(within(host).getByText('Ряд 5, Место 13')).toBeTruthy();
    expect(seen.map((r) => `${r.method} ${r.origin}${r.path}`)).toEqual([
      `GET ${SITE}/shopcart/state/`,
      `POST ${SITE}/hallPlace/deselect/`,
      `GET ${SITE}/shopcart/state/`,
    ]);
    expect(seen[1]?.body.get('cypher')).toBe('9001');
  });

  it('mounts the checkout: the guest types, pays, and the bank frame (loaded on demand) gets the session', async () => {
    const seen = serve({
      'GET /registration/validateField/': () => ({ error: 0 }),
      'POST /order/createAnonymousOrder/': () => ({ error: 0, url: '/payment/session/501/', params: { token: 't' } }),
      'POST /payment/session/501/': () => ({ error: 0, url: `${SITE}/payment/bank/501/`, post: { mdOrder: 'md-501' } }),
    });
    const host = mountPoint();
    mount(host, {
      widget: 'checkout',
      initialState: basketState(),
      fingerprint: false,
      navigation: navigation(),
      ...connection,
    });

    await type(await within(host).findByLabelText('E-mail'), 'buyer@example.ru');
    await type(within(host).getByLabelText('Имя'), 'Анна');
    await type(within(host).getByLabelText('Фамилия'), 'Петрова');
    const pay = within(host).getByRole('button', { name: 'Перейти к оплате' });
    await waitFor(() => expect(pay.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(pay);

    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.target).toBe('pt-bank-frame');
    expect(submitted[0]?.action).toBe(`${SITE}/payment/bank/501/`);
    expect(Object.fromEntries(new FormData(submitted[0]))).toEqual({ mdOrder: 'md-501' });
    expect(document.activeElement?.textContent).toBe('Оплата банковской картой');
    const order = seen.find((r) => r.path === '/order/createAnonymousOrder/');
    expect(order?.origin).toBe(SITE);
    expect(order?.body.get('surname')).toBe('Петрова');
  });

  it('mounts the payment frame on its own and follows its result with the session in the URL', async () => {
    serve({});
    const host = mountPoint();
    const nav = navigation();
    mount(host, {
      widget: 'payment',
      start: { kind: 'form', action: '/payment/bank/7/', method: 'post', fields: { mdOrder: 'm7' }, returnUrls: {} },
      fallbackUrls: { success: '/order/complete/', fail: '/shopcart/' },
      navigation: nav,
      ...connection,
    });

    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.action).toBe(`${SITE}/payment/bank/7/`);
    const bank = host.querySelector('iframe')?.contentWindow ?? null;
    window.dispatchEvent(new MessageEvent('message', { data: 'provider-pay-success', origin: SITE, source: bank }));
    expect(nav.go).toHaveBeenCalledExactlyOnceWith(`${SITE}/order/complete/?sid=S9`);
  });

  it('opens a session on the ticket site for a partner page and mounts the basket with it', async () => {
    const seen = serve({
      'GET /spa-api/app/widget-session/': () => ({
        sessionName: 'sid',
        sessionId: 'S42',
        csrfParam: '_csrf',
        csrfToken: 'T42',
      }),
      'GET /shopcart/state/': () => basketState(),
    });
    const session = await widgets.openWidgetSession(SITE);
    const host = mountPoint();
    mount(host, { widget: 'basket', navigation: navigation(), ...session });

    expect(await within(host).findByText('Ряд 5, Место 12')).toBeTruthy();
    expect(seen.map((r) => `${r.origin}${r.path}?sid=${r.query.get('sid') ?? ''}`)).toEqual([
      `${SITE}/spa-api/app/widget-session/?sid=`,
      `${SITE}/shopcart/state/?sid=S42`,
    ]);
  });

  it('says so in the element when the basket cannot be read', async () => {
    serve({ 'GET /shopcart/state/': () => new TypeError('Failed to fetch') });
    const host = mountPoint();
    mount(host, { widget: 'checkout', navigation: navigation(), ...connection });
    expect((await within(host).findByRole('alert')).textContent).toBe('Сервер вернул ошибку, попробуйте позже');
  });
});
