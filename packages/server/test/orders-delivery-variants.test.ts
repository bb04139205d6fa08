/**
 * The courier order's two checks of hall-basket-checkout.md 5.4 on the add-delivery call
 * (POST /order/addDelivery/, 7.5), as decision 0055 splits them: a signed-in buyer's form is
 * checked by variant B (first name, surname, patronymic; a phone of at least 7 digits; a metro
 * id of at least 1; address), a guest's by variant A (surname, first name, patronymic, metro,
 * address, phone, each non-empty). Each field is broken in turn on a form that fails every
 * check after it too, so the answer shows the first failure winning; the answer is the call's
 * own error shape ({error: 1, message}), never a 5xx, and no order is made.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { DELIVERY_MESSAGES } from '../src/accounts/deliveries.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { buyerWithPoints, checkoutHall, orderIdOf } from './support/checkout.js';
import { describeEachDatabase } from './support/databases.js';

type Form = Record<string, string | number>;

describeEachDatabase(
  '5.4: the courier form of the add-delivery call, variant B signed in, variant A as a guest',
  (get) => {
    let app: FastifyInstance;
    let hall: Awaited<ReturnType<typeof checkoutHall>>;
    beforeAll(async () => {
      let clock: Awaited<ReturnType<typeof buildTestApp>>['clock'];
      ({ app, clock } = await buildTestApp(get().db));
      hall = await checkoutHall(get().db, { courierPrice: 40_000, metro: ['Арбатская'], now: clock.now() });
    });

    const choice = { payment: 'card', delivery: 'courier' };
    const full = (): Form => ({
      'delivery[name]': 'Петров',
      'delivery[firstname]': 'Иван',
      'delivery[patronymic]': 'Сергеевич',
      'delivery[metro]': hall.stations[0]!,
      'delivery[phone]': '+7 (916) 123-45-67',
      'delivery[address]': 'ул. Арбат, 1, кв. 2',
    });
    const guestDetails = { email: 'ivan@example.ru', name: 'Иван', surname: 'Петров' };
    let seat = 0;
    const withSeat = async (b: Buyer) => {
      const cypher = hall.seats[seat++]!;
      expect((await b.post('/hallPlace/select/', { cypher })).json().result).toBe(1);
      return b;
    };
    const orderCount = async () =>
      Number((await get().db.query<{ n: string }>('SELECT count(*) AS n FROM orders')).rows[0]!.n);
    /** The form with these fields and every one after them (in the variant's order) broken. */
    const broken = (order: [string, string | number][], from: number): Form => {
      const form = full();
      for (const [field, bad] of order.slice(from)) form[field] = bad;
      return form;
    };
    const expectRefusals = async (b: Buyer, extra: Form, order: [string, string | number][], messages: string[]) => {
      const before = await orderCount();
      for (const [i, message] of messages.entries()) {
        const r = await b.post('/order/addDelivery/', { ...choice, ...extra, ...broken(order, i) });
        expect(r.status).toBe(200);
        expect(r.json()).toEqual({ error: 1, message });
      }
      expect(await orderCount()).toBe(before);
    };

    it('a signed-in buyer: first name, surname, patronymic, phone (< 7 digits), metro (< 1), address', async () => {
      const b = await withSeat(await buyerWithPoints(app, get().db, 0));
      // Variant B's order; the phone and metro are broken the way B tells apart from A.
      const order: [string, string | number][] = [
        ['delivery[firstname]', ' '],
        ['delivery[name]', ''],
        ['delivery[patronymic]', '  '],
        ['delivery[phone]', '12-34-5'],
        ['delivery[metro]', '0'],
        ['delivery[address]', ''],
      ];
      await expectRefusals(b, {}, order, [
        'Укажите имя',
        'Укажите фамилию',
        'Укажите отчество',
        'Укажите телефон',
        'Укажите ближайшую станцию метро',
        'Укажите адрес',
      ]);
      // A negative metro id is below 1 too.
      expect((await b.post('/order/addDelivery/', { ...choice, ...full(), 'delivery[metro]': '-3' })).json()).toEqual({
        error: 1,
        message: 'Укажите ближайшую станцию метро',
      });
      const r = (await b.post('/order/addDelivery/', { ...choice, ...full() })).json();
      expect(r).toMatchObject({ error: 0, isFullGiftCardPayment: false });
      const row = await get().db.query('SELECT delivery_method, user_id FROM orders WHERE id = $1', [orderIdOf(r)]);
      expect(row.rows[0]).toMatchObject({ delivery_method: 'courier', user_id: expect.any(Number) });
    });

    it('a guest: surname, first name, patronymic, metro, address, phone, each non-empty', async () => {
      const b = await withSeat(buyer(app));
      const order: [string, string | number][] = [
        ['delivery[name]', ' '],
        ['delivery[firstname]', ''],
        ['delivery[patronymic]', ''],
        ['delivery[metro]', ''],
        ['delivery[address]', ' '],
        ['delivery[phone]', ''],
      ];
      await expectRefusals(b, guestDetails, order, [
        'Укажите Фамилию',
        'Укажите Имя',
        'Укажите Отчество',
        'Укажите станцию метро',
        'Укажите адрес',
        'Укажите телефон',
      ]);
      // A short phone passes variant A's own check and meets the later one.
      expect(
        (
          await b.post('/order/addDelivery/', { ...choice, ...guestDetails, ...full(), 'delivery[phone]': '12-34-5' })
        ).json(),
      ).toEqual({ error: 1, message: DELIVERY_MESSAGES.phoneInvalid });
      // A metro of 0 is none chosen for A as well; a station of no city of the basket is refused after.
      expect(
        (await b.post('/order/addDelivery/', { ...choice, ...guestDetails, ...full(), 'delivery[metro]': '0' })).json(),
      ).toEqual({ error: 1, message: 'Укажите станцию метро' });
      const far = { ...choice, ...guestDetails, ...full(), 'delivery[metro]': 99_999_999 };
      expect((await b.post('/order/addDelivery/', far)).json()).toEqual({
        error: 1,
        message: DELIVERY_MESSAGES.metroUnknown,
      });
      const r = (await b.post('/order/addDelivery/', { ...choice, ...guestDetails, ...full() })).json();
      expect(r).toMatchObject({ error: 0 });
    });
  },
);
