import { boxOfficePlace, escapeHtml, quotedName } from '@partera/contract';
import type { ServerConfig } from '../config.js';
import { absoluteUrl, orderCompletePath, type SiteAddress, ticketPdfPath } from '../payments/urls.js';
import { formatDateTime, formatRoubles } from '../tickets/format.js';
import type { TicketOrder, TicketView } from '../tickets/query.js';
import { describePlace } from '../tickets/query.js';
import type { OutboxMessageInput } from './outbox.js';

/** The e-mails a buyer gets about an order, in Russian. */

/** What an e-mail needs to know of the site: its address (for links) and the support contacts. */
export interface MailContext extends SiteAddress {
  support: { phone: string; email: string };
}

/** The settings an e-mail is written from. */
export type MailConfig = Pick<ServerConfig, 'publicUrl' | 'langPrefix' | 'supportPhone' | 'supportEmail'>;

export function mailContextOf(config: MailConfig): MailContext {
  return {
    publicUrl: config.publicUrl,
    langPrefix: config.langPrefix,
    support: { phone: config.supportPhone, email: config.supportEmail },
  };
}

const e = escapeHtml;

/** Names in «» quotes, each once; a name with quotes of its own keeps them (quotedName). */
function quoted(names: string[]): string {
  return [...new Set(names)].map(quotedName).join(', ');
}

function greeting(order: Pick<TicketOrder, 'firstName'>): string {
  return order.firstName.trim() ? `Здравствуйте, ${order.firstName.trim()}!` : 'Здравствуйте!';
}

function ticketLine(t: TicketView): string {
  return `${quotedName(t.showName)}, ${formatDateTime(t.performanceDate, t.timeZone)}, ${t.buildingName}, ${t.hallName}, ${describePlace(t)} — ${formatRoubles(t.price)}, код билета ${t.code}`;
}

export function layout(body: string): string {
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"></head>
<body style="margin:0;padding:24px;background:#f2f4f7;font:15px/1.5 Arial,sans-serif;color:#1d2330">
<div style="max-width:600px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<div style="color:#d23f57;font-weight:bold;font-size:18px;margin-bottom:16px">PARTERA</div>
${body}
</div></body></html>`;
}

export function supportText(ctx: MailContext): string {
  return `Служба поддержки: ${ctx.support.phone}, ${ctx.support.email}`;
}

/** Tickets the buyer collects at a venue's box office (paid online, or in cash there). */
const AT_BOX_OFFICE = new Set(['booking_card', 'booking_cash']);

/**
 * How the tickets reach the buyer, as the e-mail says it. E-tickets come attached as PDFs; a
 * box-office pickup or a courier brings printed tickets, so nothing is attached to those.
 */
function handOver(order: TicketOrder, tickets: TicketView[]): { text: string; attach: boolean } {
  if (AT_BOX_OFFICE.has(order.deliveryMethod)) {
    const where = boxOfficePlace(tickets.map((t) => t.buildingName));
    return {
      text: `Билеты ждут вас ${where}: назовите кассиру номер заказа № ${order.number} и фамилию покупателя.`,
      attach: false,
    };
  }
  if (order.deliveryMethod === 'courier' && order.courier) {
    const metro = order.courier.metroName ? ` (м. ${order.courier.metroName})` : '';
    return {
      text: `Курьер привезёт билеты по адресу: ${order.courier.address}${metro}. Перед приездом он позвонит вам.`,
      attach: false,
    };
  }
  return {
    text: 'Билеты в формате PDF приложены к письму. Покажите билет на входе с экрана телефона или распечатанным.',
    attach: true,
  };
}

/** 'Ваши билеты на «…»': the order, the tickets, how they reach the buyer, a link to the order page. */
export function ticketsEmail(ctx: MailContext, order: TicketOrder, tickets: TicketView[]): OutboxMessageInput {
  const shows = quoted(tickets.map((t) => t.showName));
  const how = handOver(order, tickets);
  const orderUrl = absoluteUrl(ctx, orderCompletePath(order.id, order.accessToken));
  const text = [
    greeting(order),
    '',
    `Заказ № ${order.number} оплачен. Ваши билеты на ${shows}:`,
    '',
    ...tickets.map((t, i) => `${i + 1}. ${ticketLine(t)}`),
    '',
    `Итого: ${formatRoubles(order.total)}`,
    '',
    how.text,
    `Заказ и билеты всегда можно открыть по ссылке: ${orderUrl}`,
    '',
    supportText(ctx),
  ].join('\n');
  const rows = tickets
    .map(
      (t) => `<tr>
<td style="padding:8px 0;border-top:1px solid #eaecf0"><b>${e(quotedName(t.showName))}</b><br>${e(formatDateTime(t.performanceDate, t.timeZone))}, ${e(t.buildingName)}, ${e(t.hallName)}<br>${e(describePlace(t))}<br><span style="color:#667085">Код билета ${e(t.code)}</span></td>
<td style="padding:8px 0 8px 12px;border-top:1px solid #eaecf0;text-align:right;white-space:nowrap">${e(formatRoubles(t.price))}</td>
</tr>`,
    )
    .join('\n');
  const html = layout(`<p>${e(greeting(order))}</p>
<p>Заказ № ${e(order.number)} оплачен. Ваши билеты на ${e(shows)}:</p>
<table style="width:100%;border-collapse:collapse">${rows}
<tr><td style="padding:8px 0;border-top:1px solid #eaecf0"><b>Итого</b></td><td style="padding:8px 0 8px 12px;border-top:1px solid #eaecf0;text-align:right;white-space:nowrap"><b>${e(formatRoubles(order.total))}</b></td></tr>
</table>
<p>${e(how.text)}</p>
<p><a href="${e(orderUrl)}" style="color:#1f57c7">Открыть заказ и билеты</a></p>
<p style="color:#667085;font-size:13px">${e(supportText(ctx))}</p>`);
  return {
    channel: 'email',
    recipient: order.email,
    subject: `Ваши билеты на ${shows}`,
    text,
    html,
    orderId: order.id,
    attachments: (how.attach ? tickets : []).map((t) => ({
      filename: `bilet-${t.code}.pdf`,
      contentType: 'application/pdf',
      url: ticketPdfPath(t.code, order.accessToken),
    })),
  };
}

export type RefundReason = 'places-taken' | 'order-closed';

/**
 * The payment came after the hold had lapsed and the places were sold to someone else (or the
 * order could no longer be paid): the money went back automatically.
 */
export function refundEmail(
  ctx: MailContext,
  order: TicketOrder,
  opts: { amount: number; reason: RefundReason; performances: Array<{ id: number; showName: string }> },
): OutboxMessageInput {
  const why =
    opts.reason === 'places-taken'
      ? 'Оплата пришла, когда время брони уже истекло, и часть мест из заказа успел купить другой покупатель.'
      : 'Этот заказ уже нельзя оплатить: он оплачен ранее или отменён.';
  const links = opts.performances.map((p) => ({
    name: p.showName,
    url: absoluteUrl(ctx, `/performance/${p.id}/`),
  }));
  const text = [
    greeting(order),
    '',
    `${why} Мы автоматически вернули ${formatRoubles(opts.amount)} на карту, с которой вы платили за заказ № ${order.number}.`,
    'Деньги поступят на карту в течение нескольких дней: срок зависит от вашего банка.',
    ...(links.length > 0 && opts.reason === 'places-taken'
      ? ['', 'Выбрать другие места:', ...links.map((l) => `${quotedName(l.name)}: ${l.url}`)]
      : []),
    '',
    supportText(ctx),
  ].join('\n');
  const html = layout(`<p>${e(greeting(order))}</p>
<p>${e(why)} Мы автоматически вернули <b>${e(formatRoubles(opts.amount))}</b> на карту, с которой вы платили за заказ № ${e(order.number)}.</p>
<p>Деньги поступят на карту в течение нескольких дней: срок зависит от вашего банка.</p>
${
  links.length > 0 && opts.reason === 'places-taken'
    ? `<p>Выбрать другие места: ${links.map((l) => `<a href="${e(l.url)}" style="color:#1f57c7">${e(quotedName(l.name))}</a>`).join(', ')}</p>`
    : ''
}
<p style="color:#667085;font-size:13px">${e(supportText(ctx))}</p>`);
  return {
    channel: 'email',
    recipient: order.email,
    subject: `Заказ № ${order.number}: оплата возвращена`,
    text,
    html,
    orderId: order.id,
  };
}
