/**
 * The order-complete answer says how the tickets reach the buyer (issue 12; hall-basket-checkout.md
 * 4.5, 4.12): e-tickets are PDFs; a box-office pickup's and a courier's tickets are printed, so no
 * PDF is offered (or served) for them, and the answer says where and until when to get them.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import { orderTicketsPdfPath, ticketPdfPath } from '../src/payments/urls.js';
import { getOrderCompletion } from '../src/tickets/completion.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { checkoutHall, FULL_GUEST, orderIdOf } from './support/checkout.js';
import { describeEachDatabase } from './support/databases.js';
import { payOrder } from './support/orders.js';

describeEachDatabase('issue 12: how the order-complete page hands the tickets over', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
  });

  async function placed(form: Record<string, string | number>, opts: { courier?: boolean } = {}) {
    const f = await checkoutHall(get().db, {
      now: clock.now(),
      ...(opts.courier ? { courierPrice: 40_000, metro: ['Арбатская'] } : {}),
    });
    const b: Buyer = buyer(app);
    expect((await b.post('/hallPlace/select/', { cypher: f.seats[0]! })).json().result).toBe(1);
    const fields = typeof form['delivery[metro]'] === 'string' ? { ...form, 'delivery[metro]': f.stations[0]! } : form;
    const call = opts.courier ? '/order/addDelivery/' : '/order/createAnonymousOrder/';
    const r = (await b.post(call, { ...FULL_GUEST, ...fields })).json();
    expect(r.error).toBe(0);
    const orderId = orderIdOf(r);
    return { f, b, r, orderId, token: String(r.params.token) };
  }
  const venueOf = async (hallId: number) =>
    (
      await get().db.query<{ name: string; address: string }>(
        'SELECT b.name, b.address FROM halls h JOIN buildings b ON b.id = h.building_id WHERE h.id = $1',
        [hallId],
      )
    ).rows[0]!;
  const pdfStatus = async (url: string) => (await app.inject({ method: 'GET', url })).statusCode;

  it('a cash booking: to be paid and collected at the venue’s box office by its deadline, no bank page', async () => {
    const { f, orderId, token } = await placed({ payment: 'cash', delivery: 'self' });
    const c = (await getOrderCompletion({ db: get().db }, orderId, token))!;
    const payBy = await get().db.query<{ pay_by: Date }>('SELECT pay_by FROM orders WHERE id = $1', [orderId]);
    expect(c.handOver).toEqual({
      kind: 'boxOffice',
      payThere: true,
      venues: [await venueOf(f.hallId)],
      until: new Date(payBy.rows[0]!.pay_by).toISOString(),
      timeZone: expect.any(String),
    });
    expect(c).toMatchObject({ tickets: [], allTicketsPdfUrl: null, payAgainUrl: null });
  });

  it('a pickup paid by card: printed tickets at the box office before the performance, no PDF', async () => {
    const { f, b, r, orderId, token } = await placed({ payment: 'card', delivery: 'self' });
    await payOrder(app, b, { orderId, url: r.url, params: r.params });
    const c = (await getOrderCompletion({ db: get().db }, orderId, token))!;
    expect(c.order.status).toBe('paid');
    expect(c.handOver).toEqual({
      kind: 'boxOffice',
      payThere: false,
      venues: [await venueOf(f.hallId)],
      until: f.startsAt.toISOString(),
      timeZone: expect.any(String),
    });
    expect(c.tickets).toHaveLength(1);
    expect(c.tickets[0]!.pdfUrl).toBeNull();
    expect(c.allTicketsPdfUrl).toBeNull();
    // Nor are the PDFs served: the paper ticket is the ticket.
    expect(await pdfStatus(ticketPdfPath(c.tickets[0]!.code, token))).toBe(404);
    expect(await pdfStatus(orderTicketsPdfPath(orderId, token))).toBe(404);
  });

  it('a courier order: brought to the address, no PDF; an e-ticket order keeps its PDFs', async () => {
    const courier = await placed(
      {
        payment: 'card',
        delivery: 'courier',
        'delivery[name]': 'Петров',
        'delivery[firstname]': 'Иван',
        'delivery[patronymic]': 'Сергеевич',
        'delivery[metro]': 'first',
        'delivery[phone]': '+7 (916) 123-45-67',
        'delivery[address]': 'ул. Арбат, 1, кв. 2',
      },
      { courier: true },
    );
    await payOrder(app, courier.b, { orderId: courier.orderId, url: courier.r.url, params: courier.r.params });
    const c = (await getOrderCompletion({ db: get().db }, courier.orderId, courier.token))!;
    expect(c.handOver).toEqual({ kind: 'courier', address: 'ул. Арбат, 1, кв. 2', metroName: 'Арбатская' });
    expect(c.tickets.map((t) => t.pdfUrl)).toEqual([null]);

    const eticket = await placed({ payment: 'card', delivery: 'eticket' });
    await payOrder(app, eticket.b, { orderId: eticket.orderId, url: eticket.r.url, params: eticket.r.params });
    const e = (await getOrderCompletion({ db: get().db }, eticket.orderId, eticket.token))!;
    expect(e.handOver).toEqual({ kind: 'eticket' });
    expect(e.tickets[0]!.pdfUrl).toBe(ticketPdfPath(e.tickets[0]!.code, eticket.token));
    expect(await pdfStatus(e.allTicketsPdfUrl!)).toBe(200);
  });
});
