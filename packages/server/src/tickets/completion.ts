import type { Clock } from '../clock.js';
import type { ServerConfig } from '../config.js';
import type { Queryable } from '../db/index.js';
import { venueJoins } from '../db/venue-sql.js';
import { orderBankPagePath, orderTicketsPdfPath, ticketPdfPath } from '../payments/urls.js';
import { loadOrder, loadOrderTickets, loadTicketByCode, type TicketOrder, tokenMatches } from './query.js';
import { storedTicketsPdf } from './stored-pdf.js';

export interface CompletionTicket {
  code: string;
  kind: 'place' | 'entrance';
  showName: string;
  /** ISO 8601. */
  performanceDate: string;
  buildingName: string;
  hallName: string;
  sectionName: string;
  row: string | null;
  place: string | null;
  /** Kopecks. */
  price: number;
  /** Gifts that come with the ticket, collected at the venue. */
  gifts: number;
  /** The e-ticket's PDF; null for printed tickets (a box-office pickup, a courier): see handOver. */
  pdfUrl: string | null;
}

/** A venue whose box office hands over (and, for a cash booking, sells) the order's tickets. */
export interface PickupVenue {
  name: string;
  address: string;
}

/**
 * How the order's tickets reach the buyer (hall-basket-checkout.md 4.5, 4.12; the tickets e-mail
 * says the same): e-tickets are PDFs to download; a box-office pickup's and a courier's tickets
 * are printed, so the page offers no PDF and says where and when to get them instead.
 */
export type HandOver =
  | { kind: 'eticket' }
  | {
      kind: 'boxOffice';
      /** A cash booking: paid at the box office when the tickets are collected. */
      payThere: boolean;
      venues: PickupVenue[];
      /** ISO 8601: a cash booking's deadline, else the start of the order's first performance. */
      until: string;
      /** IANA zone of the first venue's city, to show `until` in. */
      timeZone: string;
    }
  | { kind: 'courier'; address: string; metroName: string | null };

/** Deliveries whose tickets wait at the venue's box office (4.5: 'self' with cash or card). */
const AT_BOX_OFFICE: ReadonlySet<string> = new Set(['booking_cash', 'booking_card']);

/** Only an e-ticket order's tickets are PDFs; the others are printed and handed over. */
export function isETicketOrder(order: Pick<TicketOrder, 'deliveryMethod'>): boolean {
  return !AT_BOX_OFFICE.has(order.deliveryMethod) && order.deliveryMethod !== 'courier';
}

/** What the site's /order/complete/ page shows. Money in kopecks. */
export interface OrderCompletion {
  order: {
    id: number;
    number: string;
    status: TicketOrder['status'];
    total: number;
    email: string;
    firstName: string;
    surname: string;
    patronymic: string | null;
    /** ISO 8601, null until paid. */
    paidAt: string | null;
  };
  tickets: CompletionTicket[];
  /** All tickets in one PDF; null while there are none. */
  allTicketsPdfUrl: string | null;
  /** The latest payment attempt, so the page can tell 'paid', 'declined' and 'being processed' apart. */
  lastPayment: { status: string; declineReason: string | null } | null;
  /** The cashback partner the order was placed under (its frame carried a cashback), or null. */
  cashbackPartner: { name: string; percent: number } | null;
  /** The order's own bank page, to pay again while it is unpaid; null once it cannot be paid. */
  payAgainUrl: string | null;
  handOver: HandOver;
}

/** Where and until when a box-office order's tickets are collected (its venues, from its items). */
async function boxOfficeHandOver(q: Queryable, orderId: number, cash: boolean): Promise<HandOver> {
  const r = await q.query<{ name: string; address: string; starts_at: Date; timezone: string; pay_by: Date | null }>(
    `SELECT b.name, b.address, min(pf.starts_at) AS starts_at, c.timezone, o.pay_by
       FROM orders o JOIN order_items oi ON oi.order_id = o.id JOIN performances pf ON pf.id = oi.performance_id
       ${venueJoins('pf')}
      WHERE o.id = $1
      GROUP BY b.id, b.name, b.address, c.timezone, o.pay_by ORDER BY min(pf.starts_at), b.id`,
    [orderId],
  );
  const first = r.rows[0];
  const until = cash && first?.pay_by ? first.pay_by : (first?.starts_at ?? new Date(0));
  return {
    kind: 'boxOffice',
    payThere: cash,
    venues: r.rows.map((v) => ({ name: v.name, address: v.address })),
    until: new Date(until).toISOString(),
    timeZone: first?.timezone ?? 'Europe/Moscow',
  };
}

function handOverOf(q: Queryable, order: TicketOrder): Promise<HandOver> | HandOver {
  if (AT_BOX_OFFICE.has(order.deliveryMethod)) {
    return boxOfficeHandOver(q, order.id, order.deliveryMethod === 'booking_cash');
  }
  if (order.deliveryMethod === 'courier') {
    return { kind: 'courier', address: order.courier?.address ?? '', metroName: order.courier?.metroName || null };
  }
  return { kind: 'eticket' };
}

/**
 * The order-complete page's data. null when the order does not exist or the token is not the
 * order's (the page answers 404 either way, so an order id cannot be probed).
 */
export async function getOrderCompletion(
  deps: { db: Queryable },
  orderId: number,
  token: string,
): Promise<OrderCompletion | null> {
  const order = await loadOrder(deps.db, orderId);
  if (!order || !tokenMatches(order, token)) return null;
  const tickets = await loadOrderTickets(deps.db, orderId);
  const payment = await deps.db.query<{ status: string; decline_reason: string | null }>(
    `SELECT status, decline_reason FROM payments WHERE order_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [orderId],
  );
  const last = payment.rows[0];
  const partner = await deps.db.query<{ name: string; cashback_percent: number }>(
    `SELECT p.name, o.cashback_percent FROM orders o JOIN partners p ON p.id = o.partner_id
      WHERE o.id = $1 AND o.cashback_percent > 0`,
    [orderId],
  );
  const cashback = partner.rows[0];
  const eticket = isETicketOrder(order);
  return {
    order: {
      id: order.id,
      number: order.number,
      status: order.status,
      total: order.total,
      email: order.email,
      firstName: order.firstName,
      surname: order.surname,
      patronymic: order.patronymic,
      paidAt: order.paidAt?.toISOString() ?? null,
    },
    tickets: tickets.map((t) => ({
      code: t.code,
      kind: t.kind,
      showName: t.showName,
      performanceDate: t.performanceDate.toISOString(),
      buildingName: t.buildingName,
      hallName: t.hallName,
      sectionName: t.sectionName,
      row: t.row,
      place: t.place,
      price: t.price,
      gifts: t.gifts,
      pdfUrl: eticket ? ticketPdfPath(t.code, order.accessToken) : null,
    })),
    allTicketsPdfUrl: eticket && tickets.length > 0 ? orderTicketsPdfPath(order.id, order.accessToken) : null,
    lastPayment: last ? { status: last.status, declineReason: last.decline_reason } : null,
    cashbackPartner: cashback ? { name: cashback.name, percent: cashback.cashback_percent } : null,
    // A cash booking is paid at the box office, never through the bank.
    payAgainUrl:
      order.status === 'new' && order.deliveryMethod !== 'booking_cash'
        ? orderBankPagePath(order.id, order.accessToken)
        : null,
    handOver: await handOverOf(deps.db, order),
  };
}

export type TicketPdfResult = { ok: true; pdf: Buffer; filename: string } | { ok: false; status: 404; message: string };

/**
 * The one answer for every PDF that cannot be had: no such ticket or order, a returned ticket, no
 * issued tickets, a missing or wrong token, a printed ticket (a box-office pickup, a courier's:
 * the paper ticket is the ticket, no PDF copy of it exists). Telling 'exists, wrong token' apart (it was a 403)
 * let anyone enumerate which order numbers and ticket codes exist.
 */
export const PDF_NOT_FOUND = {
  ok: false,
  status: 404,
  message: 'Билет не найден. Откройте ссылку из письма с билетами.',
} as const;

type PdfDeps = {
  db: Queryable;
  clock: Clock;
  config: Pick<ServerConfig, 'supportPhone' | 'supportEmail'>;
};

/** What a PDF prints of the order and the service: only that goes into the stored PDF's fingerprint. */
function printed(deps: PdfDeps, order: TicketOrder) {
  return {
    order: { number: order.number, surname: order.surname, firstName: order.firstName, patronymic: order.patronymic },
    support: { phone: deps.config.supportPhone, email: deps.config.supportEmail },
  };
}

/** One ticket's PDF, for the holder of the order's token. A returned ticket is not served. */
export async function ticketPdf(deps: PdfDeps, code: string, token: string | undefined): Promise<TicketPdfResult> {
  const found = await loadTicketByCode(deps.db, code);
  if (found?.ticket.status !== 'issued') return PDF_NOT_FOUND;
  const order = await loadOrder(deps.db, found.orderId);
  if (!order || !tokenMatches(order, token) || !isETicketOrder(order)) return PDF_NOT_FOUND;
  const pdf = await storedTicketsPdf(deps.db, {
    orderId: order.id,
    scope: found.ticket.code,
    input: { ...printed(deps, order), tickets: [found.ticket] },
    now: deps.clock.now(),
  });
  return { ok: true, pdf, filename: `bilet-${found.ticket.code}.pdf` };
}

/** All issued tickets of an order in one PDF. */
export async function orderTicketsPdf(
  deps: PdfDeps,
  orderId: number,
  token: string | undefined,
): Promise<TicketPdfResult> {
  const order = await loadOrder(deps.db, orderId);
  if (!order || !tokenMatches(order, token) || !isETicketOrder(order)) return PDF_NOT_FOUND;
  const tickets = await loadOrderTickets(deps.db, orderId);
  if (tickets.length === 0) return PDF_NOT_FOUND;
  const pdf = await storedTicketsPdf(deps.db, {
    orderId: order.id,
    scope: 'order',
    input: { ...printed(deps, order), tickets },
    now: deps.clock.now(),
  });
  return { ok: true, pdf, filename: `bilety-zakaz-${order.number}.pdf` };
}
