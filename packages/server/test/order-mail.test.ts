/**
 * The tickets e-mail says how the tickets reach the buyer (issue 12): e-tickets come attached,
 * a box-office pickup names the box offices and the order number, a courier the address; printed
 * tickets are never attached as e-tickets as well.
 */
import { describe, expect, it } from 'vitest';
import { ticketsEmail } from '../src/notifications/order-mail.js';
import { refundMoneyText } from '../src/payments/refunds.js';
import type { TicketOrder, TicketView } from '../src/tickets/query.js';

const ctx = {
  publicUrl: 'https://partera.example',
  langPrefix: '',
  support: { phone: '+7 495 000-00-00', email: 'help@partera.example' },
};

const ticket = (code: string, buildingName: string): TicketView => ({
  code,
  status: 'issued',
  kind: 'place',
  performanceId: 7,
  showName: 'Вишнёвый сад',
  performanceDate: new Date('2026-12-20T16:00:00Z'),
  timeZone: 'Europe/Moscow',
  buildingName,
  buildingAddress: 'ул. Тверская, 1',
  hallName: 'Большой зал',
  sectionName: 'Партер',
  row: '3',
  place: '12',
  price: 250000,
  ageMark: 12,
  gifts: 0,
});

const order = (deliveryMethod: string, courier: TicketOrder['courier'] = null): TicketOrder => ({
  id: 42,
  number: '42',
  status: 'paid',
  accessToken: 'token',
  sessionId: 's',
  email: 'ivan@example.ru',
  firstName: 'Иван',
  surname: 'Петров',
  patronymic: null,
  total: 500000,
  paidAt: new Date(),
  deliveryMethod,
  courier,
});

describe('the tickets e-mail by delivery', () => {
  const two = [ticket('AAAA', 'МХТ'), ticket('BBBB', 'МХТ')];

  it('attaches e-tickets as PDFs', () => {
    const mail = ticketsEmail(ctx, order('eticket'), two);
    expect(mail.text).toContain('Билеты в формате PDF приложены к письму.');
    expect(mail.attachments?.map((a) => a.filename)).toEqual(['bilet-AAAA.pdf', 'bilet-BBBB.pdf']);
  });

  it('sends a box-office pickup to the venues’ box offices, with nothing attached', () => {
    for (const delivery of ['booking_card', 'booking_cash']) {
      const one = ticketsEmail(ctx, order(delivery), two);
      expect(one.text).toContain('Билеты ждут вас в кассе площадки «МХТ»: назовите кассиру номер заказа № 42');
      expect(one.html).toContain('в кассе площадки «МХТ»');
      expect(one.attachments).toEqual([]);
    }
    const both = ticketsEmail(ctx, order('booking_card'), [ticket('AAAA', 'МХТ'), ticket('CCCC', 'Ленком')]);
    expect(both.text).toContain('в кассах площадок «МХТ», «Ленком»');
  });

  it('quotes a venue or show name only when it has no «» of its own', () => {
    const club = { ...ticket('DDDD', 'Клуб «Граммофон»'), showName: 'Концерт «Дайте танк (!)»' };
    const one = ticketsEmail(ctx, order('booking_card'), [club]);
    expect(one.text).toContain('Билеты ждут вас в кассе площадки Клуб «Граммофон»: назовите кассиру');
    expect(one.html).toContain('в кассе площадки Клуб «Граммофон»:');
    expect(one.subject).toContain('Концерт «Дайте танк (!)»');
    const both = ticketsEmail(ctx, order('booking_cash'), [club, ticket('EEEE', 'МХТ')]);
    expect(both.text).toContain('в кассах площадок Клуб «Граммофон», «МХТ»');
    for (const mail of [one, both]) {
      expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/««|»»/);
    }
  });

  it('tells a courier delivery’s address and metro, with nothing attached', () => {
    const mail = ticketsEmail(ctx, order('courier', { address: 'ул. Арбат, 10, кв. 5', metroName: 'Арбатская' }), two);
    expect(mail.text).toContain('Курьер привезёт билеты по адресу: ул. Арбат, 10, кв. 5 (м. Арбатская).');
    expect(mail.attachments).toEqual([]);
    // The address is the buyer's text: it is escaped in the HTML part.
    const odd = ticketsEmail(ctx, order('courier', { address: '<b>дом</b>', metroName: '' }), two);
    expect(odd.html).toContain('дом');
    expect(odd.html).not.toContain('<b>дом');
  });
});

describe('the returned money, as the return e-mail says it', () => {
  it('names the bank card, the gift card or both', () => {
    expect(refundMoneyText(250000, 0)).toMatch(/^Мы вернём 2\s500\s₽ на карту, с которой вы платили\. Деньги поступят/);
    expect(refundMoneyText(0, 250000)).toMatch(/^2\s500\s₽ вернулись на подарочную карту, которой вы платили/);
    const both = refundMoneyText(100000, 150000);
    expect(both).toMatch(
      /^Мы вернём 1\s000\s₽ на карту, с которой вы платили, а 1\s500\s₽ вернулись на подарочную карту/,
    );
    expect(both).toContain('Деньги на банковскую карту поступят');
  });
});

describe('the links of an e-mail', () => {
  it("carry the site's language prefix, so they open their page without a redirect", () => {
    const prefixed = { ...ctx, langPrefix: 'en' };
    const at = (c: typeof ctx) => ticketsEmail(c, order('eticket'), [ticket('AAAA', 'МХТ')]).text;
    expect(at(ctx)).toContain('https://partera.example/order/complete/?orderId=');
    expect(at(prefixed)).toContain('https://partera.example/en/order/complete/?orderId=');
    expect(at(prefixed)).not.toContain('https://partera.example/order/');
  });
});
