/**
 * The checkout's methods, deliveries and order calls without a view (store/checkout-flow.ts over
 * the server's offer): what each choice sends, the rules of 4.5, the bonus PIN, the culture card's
 * terms, the full gift-card payment, the only-booking conflict and karmaStop.
 */
import { checkoutReady, choiceRules, PUSHKIN_TERMS_WAIT_MS, setBasketState } from '@partera/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { basketWith, fakeAfter, flowFor, offer } from './support/checkout.js';
import { ORIGIN, type Route, serve } from './support/server.js';

const session: Route = () => ({ error: 0, url: `${ORIGIN}/payment/bank/501/`, post: { mdOrder: 'md-501' } });
const routes: Record<string, Route> = {
  'GET /registration/validateField/': () => ({ error: 0 }),
  'POST /order/createAnonymousOrder/': () => ({ error: 0, url: '/payment/session/501/', params: { token: 'ord-501' } }),
  'GET /order/createSessionOrder/': () => ({ error: 0, url: '/payment/session/501/', params: { token: 'ord-501' } }),
  'POST /order/addDelivery/': () => ({ error: 0, url: '/payment/session/501/', params: { token: 'ord-501' } }),
  'POST /payment/session/501/': session,
  'GET /shopcart/loadMetroList/': () => [
    { id: 11, name: 'Арбатская' },
    { id: 12, name: 'Тверская' },
  ],
};

type Flow = ReturnType<typeof flowFor>['flow'];
function fillGuest(flow: Flow, extra: Partial<Record<'patronymic' | 'phone' | 'birthDate', string>> = {}) {
  flow.guest.change('email', 'buyer@example.ru');
  flow.guest.change('name', 'Анна');
  flow.guest.change('surname', 'Петрова');
  for (const [field, value] of Object.entries(extra)) flow.guest.change(field as 'phone', value);
}
function fillCourier(flow: Flow) {
  flow.courier.change('surname', 'Петрова');
  flow.courier.change('firstname', 'Анна');
  flow.courier.change('patronymic', 'Сергеевна');
  flow.courier.change('metro', '12');
  flow.courier.change('phone', '9161234567');
  flow.courier.change('address', 'Тверская ул., 1, кв. 5');
}
const signedIn = (checkout = offer()) => basketWith(checkout, { userIsGuest: false });

afterEach(() => vi.unstubAllGlobals());

describe('checkout methods: what is offered and chosen', () => {
  it("takes the server's preselection, none in a partner frame, and card with e-ticket without an offer", () => {
    expect(flowFor(basketWith()).flow.state).toMatchObject({
      payment: 'card',
      delivery: 'eticket',
      cardType: 'bankovskaya_karta',
    });
    expect(flowFor(basketWith(), { isIframe: true }).flow.state).toMatchObject({ payment: null, delivery: null });
    expect(flowFor(basketWith(offer({ preselect: null }))).flow.state.payment).toBeNull();
    const { flow } = flowFor(basketWith(undefined, { checkout: undefined }));
    expect(flow.offer().payments.map((p) => p.id)).toEqual(['card']);
    expect(flow.state).toMatchObject({ payment: 'card', delivery: 'eticket' });
  });

  it("a page rendered without the offer takes the server's preselection when it comes, unless the buyer chose", async () => {
    const late = offer({ preselect: { pm: 'cash', dm: 'self' } });
    const untouched = flowFor(basketWith(undefined, { checkout: undefined }));
    setBasketState(untouched.store, basketWith(late));
    await vi.waitFor(() => expect(untouched.flow.state).toMatchObject({ payment: 'cash', delivery: 'self' }));
    const chosen = flowFor(basketWith(undefined, { checkout: undefined }));
    chosen.flow.chooseDelivery('eticket');
    setBasketState(chosen.store, basketWith(late));
    await vi.waitFor(() => expect(chosen.flow.state.cardType).toBe('bankovskaya_karta'));
    expect(chosen.flow.state).toMatchObject({ payment: 'card', delivery: 'eticket' });
  });

  it('a delivery the new payment does not offer gives way to its default', () => {
    serve(routes);
    const { flow } = flowFor(basketWith());
    flow.chooseDelivery('courier');
    flow.choosePayment('cash');
    expect(flow.state).toMatchObject({ payment: 'cash', delivery: 'self', cardType: null, lastPayment: 'card' });
    flow.choosePayment('card');
    expect(flow.state).toMatchObject({ delivery: 'self', cardType: 'bankovskaya_karta' });
  });

  it("a device-wallet order goes to the order's own page, where the wallet's button is, with its token", async () => {
    const seen = serve(routes);
    const base = offer();
    const checkout = offer({
      payments: [...base.payments, { id: 'google_pay', title: 'Google Pay', deliveries: ['eticket'] }],
    });
    const { flow, navigation } = flowFor(basketWith(checkout));
    fillGuest(flow);
    flow.choosePayment('google_pay');
    await flow.pay();
    expect(navigation.go).toHaveBeenCalledWith('/payment/bank/501/?token=ord-501&sid=S1');
    // No card session is opened for it here: the order's page offers the wallet first.
    expect(seen.some((r) => r.path === '/payment/session/501/')).toBe(false);
  });

  it("a device wallet's guest pay with the form unfilled: nothing sent, the wallet's own words (5.5)", async () => {
    const seen = serve(routes);
    const base = offer();
    const checkout = offer({
      payments: [...base.payments, { id: 'google_pay', title: 'Google Pay', deliveries: ['eticket'] }],
    });
    const { flow, toasts, navigation } = flowFor(basketWith(checkout));
    flow.guest.change('email', 'buyer@example.ru');
    flow.choosePayment('google_pay');
    await flow.pay();
    expect(toasts).toEqual(['Пожалуйста, заполните поля: имя, фамилия и e-mail.']);
    expect(seen.some((r) => r.path === '/order/createAnonymousOrder/')).toBe(false);
    expect(navigation.go).not.toHaveBeenCalled();
    // The card keeps the checkout's general words.
    flow.choosePayment('card');
    await flow.pay();
    expect(toasts.at(-1)).toBe('Необходимо заполнить все поля');
  });

  it('a method shown as unavailable cannot be chosen, and says why', () => {
    const checkout = offer();
    checkout.payments[4] = { ...checkout.payments[4]!, unavailable: 'Спектакль не входит в программу' };
    const { flow } = flowFor(basketWith(checkout));
    flow.choosePayment('pushkin_card');
    expect(flow.state.payment).toBe('card');
    expect(choiceRules(checkout, flow.state).disabled.pushkin_card).toBe('Спектакль не входит в программу');
  });

  it('books self-pickup with cash as booking_cash and follows the page the order answers', async () => {
    const seen = serve({
      ...routes,
      'GET /order/createSessionOrder/': () => ({ error: 0, url: '/order/complete/?orderId=77' }),
    });
    const { flow, navigation } = flowFor(signedIn());
    flow.choosePayment('cash');
    await flow.pay();
    const order = seen.find((r) => r.path === '/order/createSessionOrder/');
    expect(Object.fromEntries(order?.query ?? [])).toMatchObject({ pm: 'cash', dm: 'booking_cash' });
    expect(navigation.go).toHaveBeenCalledWith('/order/complete/?orderId=77&sid=S1');
    expect(seen.some((r) => r.path.startsWith('/payment/session/'))).toBe(false);
  });

  it('self-pickup paid by card is booking_card, with the chosen card type as pc', async () => {
    const seen = serve(routes);
    const { flow } = flowFor(signedIn());
    flow.chooseDelivery('self');
    flow.chooseCardType('pushkinskaya_karta');
    await flow.pay();
    const order = seen.find((r) => r.path === '/order/createSessionOrder/');
    expect(Object.fromEntries(order?.query ?? [])).toMatchObject({
      pm: 'card',
      dm: 'booking_card',
      pc: 'pushkinskaya_karta',
    });
    expect(flow.state.frame?.kind).toBe('form');
  });
});

describe('checkout methods: courier delivery', () => {
  it('loads the metro stations, refuses an incomplete form with the first failure of 5.4', async () => {
    const seen = serve(routes);
    const { flow, toasts, focused } = flowFor(basketWith());
    flow.chooseDelivery('courier');
    await vi.waitFor(() => expect(flow.courier.state.stations).toHaveLength(2));
    fillGuest(flow);
    await flow.pay();
    expect(toasts).toEqual(['Укажите Фамилию']);
    expect(focused).toEqual(['courier-surname']);
    expect(flow.courier.state.error).toEqual({ field: 'surname', message: 'Укажите Фамилию' });
    fillCourier(flow);
    flow.courier.change('phone', '916123');
    await flow.pay();
    expect(toasts.at(-1)).toBe('Укажите телефон');
    expect(seen.filter((r) => r.path === '/order/addDelivery/')).toHaveLength(0);
  });

  it("a signed-in buyer's form is checked by 5.4's variant B, field after field, the first failure winning", async () => {
    const seen = serve(routes);
    const { flow, toasts, focused } = flowFor(signedIn());
    flow.chooseDelivery('courier');
    await vi.waitFor(() => expect(flow.courier.state.stations).toHaveLength(2));
    const steps: [Parameters<Flow['courier']['change']>[0], string, string][] = [
      ['firstname', 'Анна', 'Укажите имя'],
      ['surname', 'Петрова', 'Укажите фамилию'],
      ['patronymic', 'Сергеевна', 'Укажите отчество'],
      ['phone', '9161234567', 'Укажите телефон'],
      ['metro', '12', 'Укажите ближайшую станцию метро'],
      ['address', 'Тверская ул., 1, кв. 5', 'Укажите адрес'],
    ];
    for (const [field, value, message] of steps) {
      await flow.pay();
      expect(toasts.at(-1)).toBe(message);
      expect(focused.at(-1)).toBe(`courier-${field}`);
      expect(flow.courier.state.error).toEqual({ field, message });
      // A phone short of 7 digits is still missing (variant B's own check).
      if (field === 'phone') {
        flow.courier.change('phone', '916123');
        await flow.pay();
        expect(flow.courier.state.error).toEqual({ field, message });
      }
      flow.courier.change(field, value);
    }
    expect(seen.filter((r) => r.path === '/order/addDelivery/')).toHaveLength(0);
    await flow.pay();
    expect(seen.filter((r) => r.path === '/order/addDelivery/')).toHaveLength(1);
  });

  it('places the order through /order/addDelivery/ with the delivery fields, then opens its session', async () => {
    const seen = serve(routes);
    const { flow } = flowFor(basketWith());
    flow.chooseDelivery('courier');
    fillGuest(flow);
    fillCourier(flow);
    expect(flow.courier.state.fields.phone).toBe('+7(916) 123-45-67');
    await flow.pay();
    const order = seen.find((r) => r.path === '/order/addDelivery/');
    expect(order?.method).toBe('POST');
    expect(Object.fromEntries(order?.body ?? [])).toMatchObject({
      payment: 'card',
      delivery: 'courier',
      payment_card: 'bankovskaya_karta',
      'delivery[name]': 'Петрова',
      'delivery[firstname]': 'Анна',
      'delivery[patronymic]': 'Сергеевна',
      'delivery[metro]': '12',
      'delivery[phone]': '+7(916) 123-45-67',
      'delivery[address]': 'Тверская ул., 1, кв. 5',
      email: 'buyer@example.ru',
    });
    expect(seen.find((r) => r.path === '/payment/session/501/')?.body.get('token')).toBe('ord-501');
    expect(flow.state.frame?.kind).toBe('form');
  });

  it("says 'Ошибка при оформлении доставки' when the delivery order fails without a message", async () => {
    serve({ ...routes, 'POST /order/addDelivery/': () => ({ error: 1 }) });
    const { flow, alerts } = flowFor(signedIn());
    flow.chooseDelivery('courier');
    fillCourier(flow);
    await flow.pay();
    expect(alerts).toEqual(['Ошибка при оформлении доставки']);
    expect(flow.state.processingUntil).toBeNull();
  });
});

describe('checkout methods: guests and the culture card', () => {
  it('asks patronymic, phone and birth date for the culture card, asks the parent once, and sends pushkinCardInfo', async () => {
    const seen = serve(routes);
    const terms = vi.fn(async () => true);
    const { flow, toasts } = flowFor(basketWith(), { pushkinTerms: terms });
    flow.choosePayment('pushkin_card');
    fillGuest(flow);
    await flow.pay();
    expect(toasts).toEqual(['Необходимо заполнить все поля']);
    expect(terms).not.toHaveBeenCalled();
    flow.guest.change('patronymic', 'Сергеевна');
    flow.guest.change('phone', '916 123-45-6');
    flow.guest.change('birthDate', '2006-05-04');
    await flow.pay();
    expect(toasts).toHaveLength(2);
    flow.guest.change('phone', '+7 916 123-45-67');
    await flow.pay();
    expect(terms).toHaveBeenCalledTimes(1);
    const order = seen.find((r) => r.path === '/order/createAnonymousOrder/');
    expect(Object.fromEntries(order?.body ?? [])).toMatchObject({
      payment: 'pushkin_card',
      pc: '',
      patronymic: 'Сергеевна',
      phone: '+7(916) 123-45-67',
      pushkinCardInfo: JSON.stringify({ birthDate: '2006-05-04' }),
    });
  });

  it('stops when the parent page does not agree to the terms', async () => {
    const seen = serve(routes);
    const { flow } = flowFor(basketWith(), { pushkinTerms: async () => false });
    flow.choosePayment('pushkin_card');
    fillGuest(flow, { patronymic: 'Сергеевна', phone: '9161234567', birthDate: '2006-05-04' });
    await flow.pay();
    expect(seen.filter((r) => r.path === '/order/createAnonymousOrder/')).toHaveLength(0);
    expect(flow.state.processingUntil).toBeNull();
  });
});

describe('checkout methods: a parent page that never answers the terms question (4.11, decision 0046)', () => {
  /** A guest paying by culture card, every field filled; the parent page answers only when the test says. */
  function cultureCardGuest() {
    const seen = serve(routes);
    const clock = fakeAfter();
    const answers: ((agreed: boolean) => void)[] = [];
    const terms = vi.fn(() => new Promise<boolean>((resolve) => answers.push(resolve)));
    const { flow, alerts } = flowFor(basketWith(), { pushkinTerms: terms, after: clock.after });
    flow.choosePayment('pushkin_card');
    fillGuest(flow, { patronymic: 'Сергеевна', phone: '9161234567', birthDate: '2006-05-04' });
    return { seen, clock, answers, terms, flow, alerts };
  }

  it('ends the press after the wait with a Russian message; the next press asks again, a late agreement counts', async () => {
    const { seen, clock, answers, terms, flow, alerts } = cultureCardGuest();
    const orders = () => seen.filter((r) => r.path === '/order/createAnonymousOrder/');

    const press = flow.pay();
    await vi.waitFor(() => expect(terms).toHaveBeenCalledTimes(1));
    expect(clock.pending()).toEqual([PUSHKIN_TERMS_WAIT_MS]);
    expect(PUSHKIN_TERMS_WAIT_MS).toBe(60_000);
    // While the parent is asked, another press does nothing.
    await flow.pay();
    expect(terms).toHaveBeenCalledTimes(1);
    // The parent never answers: the wait ends the press.
    clock.elapse(PUSHKIN_TERMS_WAIT_MS);
    await press;
    expect(alerts).toEqual([
      'Не удалось получить ваше согласие с условиями программы «Пушкинская карта». Попробуйте оплатить ещё раз.',
    ]);
    expect(orders()).toHaveLength(0);
    expect(flow.state.processingUntil).toBeNull();

    // The buyer tries again: the parent is asked once more, and this time it agrees.
    const again = flow.pay();
    await vi.waitFor(() => expect(terms).toHaveBeenCalledTimes(2));
    answers[1]!(true);
    await again;
    expect(orders()).toHaveLength(1);
    expect(clock.pending()).toEqual([]);
  });

  it('an agreement that comes after the wait is kept: the next press does not ask again', async () => {
    const { seen, clock, answers, terms, flow, alerts } = cultureCardGuest();
    const press = flow.pay();
    await vi.waitFor(() => expect(terms).toHaveBeenCalledTimes(1));
    clock.elapse(PUSHKIN_TERMS_WAIT_MS);
    await press;
    expect(alerts).toHaveLength(1);
    answers[0]!(true);
    await vi.waitFor(() => expect(flow.state.pushkinTermsAgreed).toBe(true));
    await flow.pay();
    expect(terms).toHaveBeenCalledTimes(1);
    expect(seen.filter((r) => r.path === '/order/createAnonymousOrder/')).toHaveLength(1);
  });
});

describe('checkout methods: bonus payment and its PIN (7.7)', () => {
  const bonusRoutes = (
    pinSend: Route,
    pinCheck: Route = (req) => ({
      status: req.body.get('form[code]') === '1234' ? 'success' : 'error',
      message: req.body.get('form[code]') === '1234' ? undefined : 'Неверный код. Осталось попыток: 2',
    }),
  ) => ({ ...routes, 'GET /phone/pinsendbonus/': pinSend, 'POST /phone/pincheckbonus/': pinCheck });

  it('sends a PIN, checks it, then places the bonus order', async () => {
    const seen = serve(bonusRoutes(() => ({ status: 'success', number: '79161234567' })));
    const { flow } = flowFor(signedIn());
    flow.choosePayment('bonus');
    const paying = flow.pay();
    await vi.waitFor(() => expect(flow.state.pin?.state.open).toBe(true));
    expect(flow.state.pin!.state.sentTo).toBe('79161234567');
    flow.state.pin!.type('12');
    await flow.state.pin!.submit();
    expect(flow.state.pin!.state.error).toBe('Введите 4 цифры кода из SMS');
    flow.state.pin!.type('9999');
    await flow.state.pin!.submit();
    expect(flow.state.pin!.state.error).toBe('Неверный код. Осталось попыток: 2');
    expect(seen.filter((r) => r.path === '/order/createSessionOrder/')).toHaveLength(0);
    flow.state.pin!.type('12345');
    expect(flow.state.pin!.state.pin).toBe('1234');
    await flow.state.pin!.submit();
    await paying;
    const order = seen.find((r) => r.path === '/order/createSessionOrder/');
    expect(order?.query.get('pm')).toBe('bonus');
    expect(flow.state.frame?.kind).toBe('form');
  });

  it('217 shows the PIN form at once; 212 hands the buyer to the host, whose retry pays again', async () => {
    let noPhone = true;
    serve(
      bonusRoutes(() =>
        noPhone
          ? { status: 'error', errCode: 212, message: 'Добавьте номер телефона' }
          : { status: 'error', code: 217, message: 'Код уже отправлен' },
      ),
    );
    let retry: (() => Promise<void>) | null = null;
    const { flow, alerts } = flowFor(signedIn(), {
      askPhoneConfirmation: (detail) => {
        expect(detail.code).toBe(212);
        retry = detail.retry;
        return true;
      },
    });
    flow.choosePayment('bonus');
    await flow.pay();
    expect(alerts).toEqual([]);
    expect(retry).not.toBeNull();
    noPhone = false;
    const again = retry!();
    await vi.waitFor(() => expect(flow.state.pin?.state.open).toBe(true));
    flow.state.pin!.cancel();
    await again;
    expect(flow.state.processingUntil).toBeNull();
  });

  it("says 'Ошибка при отправке PIN' when the PIN cannot be sent", async () => {
    serve(bonusRoutes(() => new TypeError('Failed to fetch')));
    const { flow, alerts } = flowFor(signedIn());
    flow.choosePayment('bonus');
    await flow.pay();
    expect(alerts).toEqual(['Ошибка при отправке PIN']);
  });
});

describe('checkout methods: cashback, gift card and the rules of 4.5', () => {
  it('the cashback checkbox chooses the cashback, keeps the choice with the basket, and unchecking restores the method', async () => {
    const seen = serve({
      ...routes,
      'POST /shopcart/applycashback/': () => ({ error: 0 }),
      'GET /shopcart/state/': () => basketWith(),
    });
    const { flow } = flowFor(basketWith());
    flow.choosePayment('cash');
    flow.setCashback(true);
    expect(flow.state).toMatchObject({
      payment: 'mts_cashback',
      lastPayment: 'cash',
      cashbackAction: 'nakopit_keshbek',
    });
    flow.chooseCashbackAction('spisat_keshbek');
    flow.setCashback(false);
    expect(flow.state.payment).toBe('cash');
    flow.setCashback(true);
    flow.chooseCashbackAction('spisat_keshbek');
    await vi.waitFor(() => expect(seen.filter((r) => r.path === '/shopcart/applycashback/')).toHaveLength(5));
    expect(seen.filter((r) => r.path === '/shopcart/applycashback/').map((r) => r.body.get('action'))).toEqual([
      'nakopit_keshbek',
      'spisat_keshbek',
      '',
      'nakopit_keshbek',
      'spisat_keshbek',
    ]);
    fillGuest(flow);
    await flow.pay();
    const order = seen.find((r) => r.path === '/order/createAnonymousOrder/');
    expect(order?.body.get('payment')).toBe('mts_cashback');
    expect(order?.body.get('cashback')).toBe('spisat_keshbek');
  });

  it('a gift card applied leaves card payment for the rest, forces accumulating and hides the card types', async () => {
    serve({ ...routes, 'POST /shopcart/applycashback/': () => ({ error: 0 }) });
    const { flow, store } = flowFor(basketWith());
    flow.choosePayment('cash');
    const applied = offer({ giftCard: { number: '****-7777', balance: 1000, applied: 1000 } });
    setBasketState(store, basketWith(applied));
    // Cash is not possible with a gift card (the contract's codesConflict): the gift card takes over.
    await vi.waitFor(() => expect(flow.state.payment).toBe('gift_card'));
    const rules = choiceRules(applied, flow.state);
    expect(Object.keys(rules.disabled).sort()).toEqual(['bonus', 'cash', 'pushkin_card']);
    expect(rules).toMatchObject({
      cardSelectorHidden: true,
      cashbackSpendDisabled: 'С подарочной картой кешбэк можно только накопить',
    });
    flow.setCashback(true);
    flow.chooseCashbackAction('spisat_keshbek');
    expect(flow.state.cashbackAction).toBe('nakopit_keshbek');
    flow.choosePayment('pushkin_card');
    expect(flow.state.payment).toBe('mts_cashback');
  });

  it('spending cashback turns off the gift card, the culture card and the promo code, saying why', () => {
    serve({ ...routes, 'POST /shopcart/applycashback/': () => ({ error: 0 }) });
    const state = basketWith();
    const { flow } = flowFor(state);
    flow.setCashback(true);
    flow.chooseCashbackAction('spisat_keshbek');
    const rules = choiceRules(state.checkout!, flow.state);
    expect(rules).toMatchObject({
      giftCardDisabled: 'Подарочную карту нельзя применить вместе со списанием кешбэка',
      promoDisabled: 'Промокод нельзя применить вместе со списанием кешбэка',
    });
    expect(Object.keys(rules.disabled).sort()).toEqual(['gift_card', 'pushkin_card']);
  });

  it("paying by gift card with an empty number says 'Пожалуйста введите номер подарочной карты.'", async () => {
    const seen = serve(routes);
    const { flow, alerts } = flowFor(signedIn());
    flow.choosePayment('gift_card');
    await flow.pay();
    expect(alerts).toEqual(['Пожалуйста введите номер подарочной карты.']);
    expect(seen).toHaveLength(0);
  });

  it('a full gift-card payment follows GiftCardFullProceed, and says so when the network fails', async () => {
    let down = true;
    const seen = serve({
      ...routes,
      'GET /order/createSessionOrder/': () => ({
        error: 0,
        isFullGiftCardPayment: true,
        url: '/order/GiftCardFullProceed/?order_id=9',
      }),
      'GET /order/GiftCardFullProceed/': () =>
        down ? new TypeError('Failed to fetch') : { error: 0, url: '/order/complete/?orderId=9' },
    });
    const paid = offer({
      giftCard: { number: '****-7777', balance: 5000, applied: 3500 },
      totals: { tickets: 3500, gifts: 0, delivery: 0, discount: 0, giftCard: 3500, cashback: 0, toPay: 0 },
    });
    const { flow, alerts, navigation } = flowFor(signedIn(paid));
    flow.choosePayment('gift_card');
    await flow.pay();
    expect(alerts).toEqual(['Не удалось оплатить заказ, попробуйте позже.']);
    expect(flow.state.processingUntil).toBeNull();
    down = false;
    await flow.pay();
    expect(
      seen
        .filter((r) => r.path === '/order/GiftCardFullProceed/')
        .at(-1)
        ?.query.get('order_id'),
    ).toBe('9');
    expect(navigation.go).toHaveBeenCalledWith('/order/complete/?orderId=9&sid=S1');
  });
});

describe('checkout methods: blocking, conflicts and karmaStop', () => {
  it('the only-booking conflict offers its ways out; keeping the bookings resets and reloads', async () => {
    const seen = serve({
      ...routes,
      'GET /order/createSessionOrder/': () => ({ error: 623, message: 'Бронь и покупка — разными заказами' }),
      'POST /shopcart/ResetExclude/': () => ({ result: 1 }),
    });
    const { flow, alerts, navigation } = flowFor(signedIn());
    await flow.pay();
    expect(alerts).toEqual([]);
    expect(flow.state.conflict).toEqual({ message: 'Бронь и покупка — разными заказами' });
    await flow.resolveConflict(null);
    expect(flow.state.conflict).toBeNull();
    await flow.resolveConflict(1);
    expect(seen.find((r) => r.path === '/shopcart/ResetExclude/')?.body.get('isBooking')).toBe('1');
    expect(navigation.reload).toHaveBeenCalledTimes(1);
  });

  it('in karmaStop mode choosing the delivery starts the payment at once', async () => {
    const seen = serve(routes);
    const { flow } = flowFor(signedIn(offer({ hasKarmaStop: true, userIsDirect: false })));
    flow.chooseDelivery('eticket');
    await vi.waitFor(() => expect(flow.state.frame?.kind).toBe('form'));
    expect(seen.filter((r) => r.path === '/order/createSessionOrder/')).toHaveLength(1);
  });

  it('a direct buyer is not in karmaStop mode', async () => {
    const seen = serve(routes);
    const { flow } = flowFor(signedIn(offer({ hasKarmaStop: true, userIsDirect: true })));
    flow.chooseDelivery('eticket');
    expect(seen).toHaveLength(0);
  });

  it('the button reads as ready only for an allowed, complete choice', () => {
    const state = signedIn();
    const { flow } = flowFor(state);
    expect(checkoutReady(state, flow.state, flow.guest.state)).toBe(true);
    const applied = signedIn(offer({ giftCard: { number: '****-7777', balance: 10, applied: 10 } }));
    expect(checkoutReady(applied, { ...flow.state, payment: 'cash', delivery: 'self' }, flow.guest.state)).toBe(false);
    expect(checkoutReady({ ...state, cannotCreateOrder: true }, flow.state, flow.guest.state)).toBe(false);
  });
});
