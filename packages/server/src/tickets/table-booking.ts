import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Queryable } from '../db/index.js';
import { findBuyerOrder } from '../payments/buyer-order.js';
import { formatOrderNumber } from './format.js';

/** How long the partner restaurant's link works after the buyer clicked it. */
export const TABLE_BOOKING_TOKEN_TTL_MS = 30 * 60_000;

export const TABLE_BOOKING_MESSAGES = {
  notFound: 'Заказ не найден',
  notPaid: 'Столик можно забронировать после оплаты заказа.',
} as const;

/** The key of these tokens, derived from the server secret for this one purpose. */
export function tableBookingKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('partera/table-booking/v1').digest();
}

interface Claims {
  /** The order number the restaurant sees. */
  order: string;
  /** Unix seconds after which the token is refused. */
  exp: number;
}

function sign(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(body).digest('base64url');
}

/** `{claims as base64url JSON}.{HMAC-SHA256}`: tells the restaurant the order and nothing about the buyer. */
export function tableBookingToken(key: Buffer, claims: Claims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${sign(key, body)}`;
}

/** The order number a token names, if it is this server's and not expired. */
export function verifyTableBookingToken(key: Buffer, token: string, now: Date): string | null {
  const [body, sent, extra] = token.split('.');
  if (!body || !sent || extra !== undefined) return null;
  const want = Buffer.from(sign(key, body));
  const got = Buffer.from(sent);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Partial<Claims>;
    if (typeof claims.order !== 'string' || typeof claims.exp !== 'number') return null;
    return claims.exp * 1000 > now.getTime() ? claims.order : null;
  } catch {
    return null;
  }
}

/**
 * GET /bartello/auth/?orderId (spec 4.12, 7.8): a short-lived signed token for the table-booking
 * link, only for the owner of the order (the session it was placed in, or its token) and only
 * once it is paid. Anyone else is told the order was not found.
 */
export async function tableBookingAuth(
  deps: { db: Queryable; clock: Clock; key: Buffer },
  input: { orderId: number; sessionId: string; token?: string | undefined },
): Promise<{ token: string } | { error: 1; message: string }> {
  const order = await findBuyerOrder(deps.db, input);
  if (!order) return { error: 1, message: TABLE_BOOKING_MESSAGES.notFound };
  if (order.status !== 'paid') return { error: 1, message: TABLE_BOOKING_MESSAGES.notPaid };
  const exp = Math.floor((deps.clock.now().getTime() + TABLE_BOOKING_TOKEN_TTL_MS) / 1000);
  return { token: tableBookingToken(deps.key, { order: formatOrderNumber(order.id), exp }) };
}
