import type { ReturnUrls } from './provider.js';

/** The order-complete page of the site (decision 0001); the token lets a guest see the order. */
export function orderCompletePath(orderId: number, accessToken: string): string {
  return `/order/complete/?orderId=${orderId}&token=${encodeURIComponent(accessToken)}`;
}

/** The basket page telling the buyer the payment failed; the order stays 'new' to pay again. */
export function paymentFailedPath(orderId: number): string {
  return `/shopcart/?payment=failed&orderId=${orderId}`;
}

export function ticketPdfPath(code: string, accessToken: string): string {
  return `/order/ticket/${encodeURIComponent(code)}.pdf?token=${encodeURIComponent(accessToken)}`;
}

export function orderTicketsPdfPath(orderId: number, accessToken: string): string {
  return `/order/tickets/${orderId}.pdf?token=${encodeURIComponent(accessToken)}`;
}

export function absoluteUrl(publicUrl: string, path: string): string {
  return new URL(path, publicUrl).toString();
}

/** Where a bank sends the buyer back after paying the order. */
export function returnUrlsFor(publicUrl: string, order: { id: number; accessToken: string }): ReturnUrls {
  return {
    successUrl: absoluteUrl(publicUrl, orderCompletePath(order.id, order.accessToken)),
    failUrl: absoluteUrl(publicUrl, paymentFailedPath(order.id)),
  };
}
