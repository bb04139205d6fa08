/**
 * The rendered checkout over the server's offer (decision 0032), against the stub server: the
 * method choices, the courier form, codes and cards, the bonus PIN, the only-booking conflict and
 * karmaStop, as a buyer sees and uses them.
 */
import type { BasketState } from '@partera/contract';
import { Checkout, type CheckoutProps } from '@partera/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { basketWith, offer } from './support/checkout.js';
import { http, ORIGIN, type Route, serve } from './support/server.js';

const routes: Record<string, Route> = {
  'GET /registration/validateField/': () => ({ error: 0 }),
  'POST /order/createAnonymousOrder/': () => ({ error: 0, url: '/payment/session/501/', params: { token: 'ord-501' } }),
  'GET /order/createSessionOrder/': () => ({ error: 0, url: '/payment/session/501/', params: { token: 'ord-501' } }),
  'POST /order/addDelivery/': () => ({ error: 0, url: '/payment/session/501/', params: { token: 'ord-501' } }),
  'POST /payment/session/501/': () => ({ error: 0, url: `${ORIGIN}/payment/bank/501/`, post: { mdOrder: 'md-501' } }),
  'GET /shopcart/loadMetroList/': () => [
    { id: 11, name: 'Арбатская' },
    { id: 12, name: 'Тверская' },
  ],
};

let submitted: HTMLFormElement[] = [];
const catchSubmit = (event: Event) => {
  event.preventDefault();
  submitted.push(event.target as HTMLFormElement);
};
beforeEach(() => {
  submitted = [];
  document.addEventListener('submit', catchSubmit, true);
});
afterEach(() => {
  cleanup();
  document.removeEventListener('submit', catchSubmit, true);
  vi.unstubAllGlobals();
});

function renderCheckout(initialState: BasketState, props: Partial<CheckoutProps> = {}) {
  const navigation = { go: vi.fn<(url: string) => void>(), reload: vi.fn<() => void>() };
  render(
    <Checkout
      http={http}
      initialState={initialState}
      navigation={navigation}
      fingerprint={false}
      mobile={false}
      promoDebounceMs={1}
      giftCardDebounceMs={60_000}
      {...props}
    />,
  );
  return navigation;
}
const signedIn = (checkout = offer()) => basketWith(checkout, { userIsGuest: false });
const radio = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const payButton = () => screen.getByRole('button', { name: /Перейти к оплате|Оплатить/ });
/** Valtio tells the view of a change after a microtask: every event is awaited inside act. */
const click = (element: Element) => act(async () => void fireEvent.click(element));
const type = (label: string | RegExp, value: string) =>
  act(async () => void fireEvent.input(screen.getByLabelText(label), { target: { value } }));
const change = (element: Element, value: string) =>
  act(async () => void fireEvent.change(element, { target: { value } }));

describe('Checkout widget: the methods the server offers', () => {
  it('draws the payments, the card-type block, the deliveries with prices and deadlines, the totals and the steps', async () => {
    const checkout = offer();
    checkout.payments[4] = { ...checkout.payments[4]!, unavailable: 'Спектакль не входит в программу' };
    serve(routes);
    renderCheckout(signedIn(checkout));

    expect(radio('Банковской картой').checked).toBe(true);
    expect(radio('Банковской картой').id).toBe('paycard');
    const pushkin = radio('Пушкинской картой');
    expect(pushkin.disabled).toBe(true);
    expect(document.getElementById(pushkin.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Спектакль не входит в программу',
    );
    const types = screen.getByRole('group', { name: 'Тип карты' });
    expect(
      within(types)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['bankovskaya_karta', 'pushkinskaya_karta']);
    expect(radio('Курьером').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/400/).textContent).toContain('В пределах МКАД');
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toBe('Данные заказа');

    await click(radio('Наличными в кассе'));
    expect(screen.queryByRole('group', { name: 'Тип карты' })).toBeNull();
    expect(radio('Самовывоз из кассы').checked).toBe(true);
    expect(screen.queryByRole('radio', { name: /Курьером/ })).toBeNull();
    expect(screen.getByText('Оплатить в кассе до 25.12.2031 19:00')).toBeTruthy();
    expect(screen.getByText('К оплате').nextElementSibling?.textContent).toMatch(/3\s500/);
  });

  it('on a phone offers the payments in a select', async () => {
    serve(routes);
    renderCheckout(signedIn(), { mobile: true });
    const select = screen.getByRole('combobox', { name: 'Способ оплаты' }) as HTMLSelectElement;
    expect(select.value).toBe('card');
    await change(select, 'cash');
    expect(select.value).toBe('cash');
    expect(radio('Самовывоз из кассы').checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Оплатить' })).toBeTruthy();
  });

  it('a blocked order greys the button and a press shows the cause', async () => {
    const seen = serve(routes);
    renderCheckout(signedIn(), {
      initialState: basketWith(offer(), {
        userIsGuest: false,
        cannotCreateOrder: true,
        cannotCreateOrderCause: 'Продажи закрыты',
      }),
    });
    expect(payButton().getAttribute('aria-disabled')).toBe('true');
    await act(async () => fireEvent.click(payButton()));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Продажи закрыты');
    expect(seen.some((r) => r.path.startsWith('/order/'))).toBe(false);
  });
});

describe('Checkout widget: courier delivery', () => {
  it('shows the form with the metro stations, marks the first failure red, then orders through addDelivery', async () => {
    const seen = serve(routes);
    renderCheckout(signedIn());
    await click(radio('Курьером'));
    const metro = (await screen.findByLabelText('Станция метро')) as HTMLSelectElement;
    await waitFor(() => expect(metro.options).toHaveLength(3));

    // A signed-in buyer's form: 5.4 variant B, the first name first (decision 0055).
    const messageOf = (field: HTMLElement) =>
      document.getElementById(field.getAttribute('aria-describedby')!)?.textContent;
    await act(async () => fireEvent.click(payButton()));
    const firstname = screen.getByLabelText('Имя');
    expect(firstname.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(firstname)).toBe('Укажите имя');
    expect(document.activeElement).toBe(firstname);
    await type('Имя', 'Анна');
    await act(async () => fireEvent.click(payButton()));
    const surname = screen.getAllByLabelText('Фамилия')[0]!;
    expect(messageOf(surname)).toBe('Укажите фамилию');
    await type('Фамилия', 'Петрова');
    await type('Отчество', 'Сергеевна');
    await type('Телефон', '9161234567');
    await act(async () => fireEvent.click(payButton()));
    expect(metro.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(metro)).toBe('Укажите ближайшую станцию метро');
    await type('Адрес доставки', 'Тверская ул., 1');
    await change(metro, '11');
    expect((screen.getByLabelText('Телефон') as HTMLInputElement).value).toBe('+7(916) 123-45-67');
    await act(async () => fireEvent.click(payButton()));
    await waitFor(() => expect(submitted).toHaveLength(1));
    const order = seen.find((r) => r.path === '/order/addDelivery/');
    expect(order?.body.get('delivery[metro]')).toBe('11');
    expect(order?.body.get('delivery[name]')).toBe('Петрова');
  });
});

describe('Checkout widget: codes and cards', () => {
  it('a refused promo code marks the field with the message; an applied one shows its discount', async () => {
    let known = false;
    serve({
      ...routes,
      'GET /shopcart/applypromo/': () => (known ? { error: 0 } : { error: 1 }),
      'GET /shopcart/state/': () =>
        signedIn(
          offer({
            promo: { code: 'SPRING', discount: 350 },
            totals: { ...offer().totals, discount: 350, toPay: 3150 },
          }),
        ),
    });
    renderCheckout(signedIn());
    await type('Промокод', 'WINTER');
    const field = screen.getByLabelText('Промокод');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe('Промокод не найден');
    known = true;
    await type('Промокод', 'SPRING');
    expect(await screen.findByText(/Промокод SPRING применён/)).toBeTruthy();
    expect(screen.getByText('Скидка по промокоду').nextElementSibling?.textContent).toMatch(/350/);
  });

  it('the gift card: masked, apply from 4 characters, the label reads a refusal, the toast a success', async () => {
    let good = false;
    serve({
      ...routes,
      'POST /shopcart/applygiftcardnolimits/': () =>
        good ? { success: true } : { success: false, message: 'Подарочная карта не найдена' },
      'GET /shopcart/state/': () => signedIn(offer({ giftCard: { number: '****-7777', balance: 500, applied: 3500 } })),
    });
    renderCheckout(signedIn(), { giftCardDebounceMs: 0 });
    const apply = () =>
      within(screen.getByLabelText('Номер подарочной карты').closest('.pt-code')!).getByRole('button');
    expect(apply()).toHaveProperty('disabled', true);
    await type('Номер подарочной карты', 'abcd12');
    expect((screen.getByLabelText('Номер подарочной карты') as HTMLInputElement).value).toBe('abcd-12');
    await act(async () => fireEvent.click(apply()));
    const refused = await screen.findByLabelText('Подарочная карта не найдена');
    expect(refused.getAttribute('aria-invalid')).toBe('true');
    good = true;
    await type('Подарочная карта не найдена', 'abcd12347777');
    await act(async () => fireEvent.click(apply()));
    expect(await screen.findByText('Подарочная карта успешно применена')).toBeTruthy();
    // 8.4's form variant, word for word, with the card's balance.
    expect(await screen.findByText('Будет применена подарочная карта с балансом 500 руб.')).toBeTruthy();
    // 4.5: with the gift card applied the rest is paid by card: cash and bonus are off, the card types hide.
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Тип карты' })).toBeNull());
    expect(radio('Банковской картой').checked).toBe(true);
    expect(radio('Наличными в кассе').disabled).toBe(true);
  });

  it('the cashback checkbox offers accumulate or spend, and unticking restores the method', async () => {
    const seen = serve({
      ...routes,
      'POST /shopcart/applycashback/': () => ({ error: 0 }),
      'GET /shopcart/state/': () => signedIn(),
    });
    renderCheckout(signedIn());
    await click(radio('Наличными в кассе'));
    const box = screen.getByRole('checkbox', { name: /Кешбэк 5%/ });
    await click(box);
    expect(radio('Накопить кешбэк').checked).toBe(true);
    await click(radio('Списать кешбэк'));
    expect(radio('Списать кешбэк').checked).toBe(true);
    await click(box);
    expect(screen.queryByRole('radio', { name: 'Списать кешбэк' })).toBeNull();
    expect(radio('Наличными в кассе').checked).toBe(true);
    await waitFor(() => expect(seen.filter((r) => r.path === '/shopcart/applycashback/')).toHaveLength(3));
    expect(screen.getAllByRole('link', { name: 'Правила программы кешбэка' })[0]?.getAttribute('href')).toBe(
      '/landing/cashback_rules/?sid=S1',
    );
  });
});

describe('Checkout widget: the phone PIN, conflicts and karmaStop', () => {
  it('bonus payment asks the PIN in a dialog before the order', async () => {
    const seen = serve({
      ...routes,
      'GET /phone/pinsendbonus/': () => ({ status: 'success', number: '79161234567' }),
      'POST /phone/pincheckbonus/': () => ({ status: 'success' }),
    });
    renderCheckout(signedIn());
    await click(radio('Бонусами'));
    await act(async () => fireEvent.click(payButton()));
    const dialog = await screen.findByRole('dialog', { name: 'Подтверждение оплаты бонусами' });
    expect(dialog.textContent).toContain('+79161234567');
    await act(
      async () => void fireEvent.input(within(dialog).getByLabelText('Код из SMS'), { target: { value: '1234' } }),
    );
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Подтвердить' })));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(seen.find((r) => r.path === '/order/createSessionOrder/')?.query.get('pm')).toBe('bonus');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the only-booking conflict: keeping the tickets to pay resets the bookings and reloads', async () => {
    const seen = serve({
      ...routes,
      'GET /order/createSessionOrder/': () => ({ error: 624, message: 'В корзине есть бронь' }),
      'POST /shopcart/ResetExclude/': () => ({ result: 1 }),
    });
    const nav = renderCheckout(signedIn());
    await act(async () => fireEvent.click(payButton()));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('В корзине есть бронь');
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Оставить только билеты для оплаты' })),
    );
    expect(seen.find((r) => r.path === '/shopcart/ResetExclude/')?.body.get('isBooking')).toBe('0');
    expect(nav.reload).toHaveBeenCalledTimes(1);
  });

  it('karmaStop: no confirm button; the delivery choice starts the payment and the choices fold', async () => {
    serve(routes);
    renderCheckout(signedIn(offer({ hasKarmaStop: true, userIsDirect: false, preselect: null })));
    expect(screen.queryByRole('button', { name: /Перейти к оплате/ })).toBeNull();
    await click(radio('Банковской картой'));
    await act(async () => fireEvent.click(radio('Электронный билет')));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(screen.queryByRole('group', { name: 'Способ оплаты' })).toBeNull();
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toBe('Оплата');
  });
});
