import type { Queryable } from '../db/index.js';
import { venueJoins } from '../db/venue-sql.js';
import { orderBankPagePath, orderTicketsPdfPath, ticketPdfPath } from '../payments/urls.js';
import { iso, performancePath, showPath } from '../services/catalogue/fragments.js';
import { isETicketOrder } from '../tickets/completion.js';
import { formatOrderNumber } from '../tickets/format.js';
import type { TicketOrder } from '../tickets/query.js';

/**
 * The cabinet's orders tab (/private/orders): the signed-in buyer's orders, newest first, a page
 * at a time. The caller passes the account of the session (accountOfSession), never anything the
 * request names: only rows of `orders` with that user_id are read. Two statements whatever the
 * page holds: the page of orders with the account's count, then every item of those orders with
 * its performance, place and tickets.
 */

export type AccountOrderStatus = TicketOrder['status'];

/** How the cabinet words an order's status. The one place this wording lives. */
export const ORDER_STATUS_TEXT: Readonly<Record<AccountOrderStatus, string>> = {
  new: 'Ожидает оплаты',
  paid: 'Оплачен',
  cancelled: 'Отменён',
  refunded: 'Возвращён',
};

/**
 * A ticket issued for an item; its PDF only for an e-ticket order, while it is paid and the ticket
 * not returned (a box-office pickup or a courier hands printed tickets over: they have no PDF).
 */
export interface AccountOrderTicket {
  code: string;
  status: 'issued' | 'returned';
  pdfUrl: string | null;
}

/** One line of the order: a place, or a number of entrance tickets of a section. */
export interface AccountOrderItem {
  id: number;
  kind: 'place' | 'entrance';
  sectionName: string;
  /** Null for an entrance item. */
  row: string | null;
  /** Null for an entrance item. */
  place: string | null;
  /** 1 for a place, the number of entrance tickets otherwise. */
  ticketCount: number;
  /** Kopecks, per ticket. */
  price: number;
  tariffName: string | null;
  giftsCount: number;
  /** Kopecks, per gift. */
  giftPrice: number;
  /** Empty until the order is paid. */
  tickets: AccountOrderTicket[];
}

/** A performance the order covers, with the order's items of it. */
export interface AccountOrderPerformance {
  performanceId: number;
  performanceUrl: string;
  showName: string;
  showSlug: string;
  showUrl: string;
  /** ISO 8601. */
  startsAt: string;
  /** IANA zone of the venue's city: show startsAt in it. */
  timeZone: string;
  buildingName: string;
  buildingAddress: string;
  hallName: string;
  items: AccountOrderItem[];
}

export interface AccountOrder {
  id: number;
  /** As the buyer, the bank and support see it (formatOrderNumber). */
  number: string;
  status: AccountOrderStatus;
  /** ORDER_STATUS_TEXT of the status: 'Оплачен'. */
  statusText: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601, null until paid. */
  paidAt: string | null;
  /** Kopecks. */
  total: number;
  /** PaymentMethod of the contract: 'card'. */
  paymentMethod: string;
  /** DeliveryMethod of the contract: 'eticket'. */
  deliveryMethod: string;
  /** By the performance's start. */
  performances: AccountOrderPerformance[];
  /** All issued tickets in one PDF, for a paid e-ticket order that has any; with the order's token. */
  pdfUrl: string | null;
  /** The site's bank page, for an order awaiting payment ('new'); with the order's token. */
  payUrl: string | null;
}

export interface AccountOrdersPage {
  orders: AccountOrder[];
  /** All orders of the account, whatever the page. */
  totalCount: number;
  /** The `before` of the next page; null when this page is the last. */
  nextBefore: number | null;
}

export interface AccountOrdersOptions {
  /** Orders per page: 20 unless told, at most ACCOUNT_ORDERS_MAX_LIMIT. */
  limit?: number;
  /** Only orders older than this order id (the previous page's nextBefore). */
  before?: number | null;
}

export const ACCOUNT_ORDERS_DEFAULT_LIMIT = 20;
export const ACCOUNT_ORDERS_MAX_LIMIT = 100;
const MAX_ID = 2_147_483_647;

interface OrderRow {
  total_count: number;
  id: number | null;
  status: AccountOrderStatus;
  access_token: string;
  total: number;
  payment_method: string;
  delivery_method: string;
  created_at: Date | string;
  paid_at: Date | string | null;
}

interface ItemRow {
  order_id: number;
  item_id: number;
  performance_id: number;
  performance_place_id: number | null;
  ticket_count: number;
  price: number;
  gifts_count: number;
  gift_price: number;
  tariff_name: string | null;
  show_name: string;
  show_slug: string;
  starts_at: Date | string;
  timezone: string;
  building_name: string;
  building_address: string;
  hall_name: string;
  section_name: string;
  row_label: string | null;
  place_number: string | null;
  code: string | null;
  ticket_status: 'issued' | 'returned' | null;
}

/**
 * The count of the account's orders and one page of them, in one statement: the count's row is
 * there even when the page is empty. Newest first by id (ids grow with time; created_at may tie).
 */
const PAGE_SQL = `
SELECT c.total_count, o.id, o.status, o.access_token, o.total, o.payment_method, o.delivery_method,
       o.created_at, o.paid_at
  FROM (SELECT count(*)::int AS total_count FROM orders WHERE user_id = $1) c
  LEFT JOIN LATERAL (
    SELECT id, status, access_token, total, payment_method, delivery_method, created_at, paid_at
      FROM orders
     WHERE user_id = $1 AND ($2::int IS NULL OR id < $2::int)
     ORDER BY id DESC
     LIMIT $3
  ) o ON true
 ORDER BY o.id DESC`;

/** Every item of the page's orders with what the cabinet shows of it; one row per ticket (or item without). */
const ITEMS_SQL = `
SELECT oi.order_id, oi.id AS item_id, oi.performance_id, oi.performance_place_id, oi.ticket_count, oi.price,
       oi.gifts_count, oi.gift_price, tr.name AS tariff_name,
       s.name AS show_name, s.slug AS show_slug, pf.starts_at, c.timezone,
       b.name AS building_name, b.address AS building_address, h.name AS hall_name,
       coalesce(ps_sec.name, pl_sec.name) AS section_name, pl.row_label, pl.number AS place_number,
       t.code, t.status AS ticket_status
  FROM order_items oi
  JOIN performances pf ON pf.id = oi.performance_id
  JOIN shows s ON s.id = pf.show_id
  ${venueJoins('pf')}
  LEFT JOIN tariffs tr ON tr.id = oi.tariff_id
  LEFT JOIN performance_places pp ON pp.id = oi.performance_place_id
  LEFT JOIN places pl ON pl.id = pp.place_id
  LEFT JOIN sections pl_sec ON pl_sec.id = pl.section_id
  LEFT JOIN performance_sections psn ON psn.id = oi.performance_section_id
  LEFT JOIN sections ps_sec ON ps_sec.id = psn.section_id
  LEFT JOIN tickets t ON t.order_id = oi.order_id AND t.order_item_id = oi.id
 WHERE oi.order_id = ANY($1::int[])
 ORDER BY oi.order_id, pf.starts_at, oi.performance_id, oi.id, t.id`;

function pageLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return ACCOUNT_ORDERS_DEFAULT_LIMIT;
  return Math.min(ACCOUNT_ORDERS_MAX_LIMIT, Math.max(1, Math.floor(limit)));
}

/** A cursor that is no order id (garbage from a query string) reads as the first page. */
function pageCursor(before: number | null | undefined): number | null {
  return typeof before === 'number' && Number.isSafeInteger(before) && before > 0 && before <= MAX_ID ? before : null;
}

/**
 * The signed-in buyer's orders, newest first: `userId` is the account of the caller's session.
 * Two statements whatever the number of orders.
 */
export async function listAccountOrders(
  db: Queryable,
  userId: number,
  opts: AccountOrdersOptions = {},
): Promise<AccountOrdersPage> {
  const limit = pageLimit(opts.limit);
  // One more than the page: whether there is a next page, without counting what is before the cursor.
  const page = await db.query<OrderRow>(PAGE_SQL, [userId, pageCursor(opts.before), limit + 1]);
  const totalCount = page.rows[0]?.total_count ?? 0;
  const rows = page.rows.filter((r): r is OrderRow & { id: number } => r.id !== null);
  const shown = rows.slice(0, limit);
  const nextBefore = rows.length > limit ? (shown[shown.length - 1]?.id ?? null) : null;
  if (shown.length === 0) return { orders: [], totalCount, nextBefore: null };

  const items = await db.query<ItemRow>(ITEMS_SQL, [shown.map((o) => o.id)]);
  const byOrder = new Map<number, ItemRow[]>();
  for (const r of items.rows) {
    const list = byOrder.get(r.order_id);
    if (list) list.push(r);
    else byOrder.set(r.order_id, [r]);
  }
  return {
    orders: shown.map((o) => toAccountOrder(o, byOrder.get(o.id) ?? [])),
    totalCount,
    nextBefore,
  };
}

function toAccountOrder(o: OrderRow & { id: number }, rows: ItemRow[]): AccountOrder {
  // Only an e-ticket order's tickets are PDFs (tickets/completion.ts); the others' links would 404.
  const pdfs = o.status === 'paid' && isETicketOrder({ deliveryMethod: o.delivery_method });
  const performances = new Map<number, AccountOrderPerformance>();
  const items = new Map<number, AccountOrderItem>();
  let issued = 0;
  for (const r of rows) {
    let performance = performances.get(r.performance_id);
    if (!performance) {
      performance = {
        performanceId: r.performance_id,
        performanceUrl: performancePath(r.performance_id),
        showName: r.show_name,
        showSlug: r.show_slug,
        showUrl: showPath(r.show_slug),
        startsAt: iso(r.starts_at),
        timeZone: r.timezone,
        buildingName: r.building_name,
        buildingAddress: r.building_address,
        hallName: r.hall_name,
        items: [],
      };
      performances.set(r.performance_id, performance);
    }
    let item = items.get(r.item_id);
    if (!item) {
      const kind = r.performance_place_id !== null ? 'place' : 'entrance';
      item = {
        id: r.item_id,
        kind,
        sectionName: r.section_name,
        row: kind === 'place' ? r.row_label : null,
        place: kind === 'place' ? r.place_number : null,
        ticketCount: r.ticket_count,
        price: r.price,
        tariffName: r.tariff_name,
        giftsCount: r.gifts_count,
        giftPrice: r.gift_price,
        tickets: [],
      };
      items.set(r.item_id, item);
      performance.items.push(item);
    }
    if (r.code !== null && r.ticket_status !== null) {
      const printable = pdfs && r.ticket_status === 'issued';
      if (printable) issued++;
      item.tickets.push({
        code: r.code,
        status: r.ticket_status,
        pdfUrl: printable ? ticketPdfPath(r.code, o.access_token) : null,
      });
    }
  }
  return {
    id: o.id,
    number: formatOrderNumber(o.id),
    status: o.status,
    statusText: ORDER_STATUS_TEXT[o.status],
    createdAt: iso(o.created_at),
    paidAt: o.paid_at === null ? null : iso(o.paid_at),
    total: o.total,
    paymentMethod: o.payment_method,
    deliveryMethod: o.delivery_method,
    performances: [...performances.values()],
    pdfUrl: issued > 0 ? orderTicketsPdfPath(o.id, o.access_token) : null,
    payUrl: o.status === 'new' ? orderBankPagePath(o.id, o.access_token) : null,
  };
}
