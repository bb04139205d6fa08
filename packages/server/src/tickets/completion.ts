import type { Clock } from '../clock.js';
import type { ServerConfig } from '../config.js';
import type { Queryable } from '../db/index.js';
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
  pdfUrl: string;
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
      pdfUrl: ticketPdfPath(t.code, order.accessToken),
    })),
    allTicketsPdfUrl: tickets.length > 0 ? orderTicketsPdfPath(order.id, order.accessToken) : null,
    lastPayment: last ? { status: last.status, declineReason: last.decline_reason } : null,
    cashbackPartner: cashback ? { name: cashback.name, percent: cashback.cashback_percent } : null,
    payAgainUrl: order.status === 'new' ? orderBankPagePath(order.id, order.accessToken) : null,
  };
}

export type TicketPdfResult = { ok: true; pdf: Buffer; filename: string } | { ok: false; status: 404; message: string };

/**
 * The one answer for every PDF that cannot be had: no such ticket or order, a returned ticket, no
 * issued tickets, a missing or wrong token. Telling 'exists, wrong token' apart (it was a 403)
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
  if (!order || !tokenMatches(order, token)) return PDF_NOT_FOUND;
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
  if (!order || !tokenMatches(order, token)) return PDF_NOT_FOUND;
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
