/** The calls of the device wallets and SBP (hall-basket-checkout.md 7.6; decision 0036), parsed with the contract. */
import { applePayProceed, applePaySession, googlePayProceed, paymentSbp } from '@partera/contract';
import type { Http } from '../api/http.js';

export type GooglePayAnswer = ReturnType<(typeof googlePayProceed)['response']['parse']>;
export type ApplePayAnswer = ReturnType<(typeof applePayProceed)['response']['parse']>;
export type SbpAnswer = ReturnType<(typeof paymentSbp)['response']['parse']>;

/** The buyer's order: its id, and its token when the page was opened with it (a guest's link). */
export interface OrderRef {
  orderId: string;
  orderToken?: string | undefined;
}

/** POST /pay/googlepayproceed/ {orderId, token}: error, message, url, data.data.{acsUrl, orderId, paReq, termUrl}. */
export async function proceedGooglePay(http: Http, order: OrderRef, token: string): Promise<GooglePayAnswer> {
  return googlePayProceed.response.parse(
    await http.postForm(googlePayProceed.path, { orderId: order.orderId, token, orderToken: order.orderToken }),
  );
}

/** POST /pay/applepayproceed/ {orderId, token (JSON)}: error, message, url. */
export async function proceedApplePay(http: Http, order: OrderRef, token: unknown): Promise<ApplePayAnswer> {
  return applePayProceed.response.parse(
    await http.postForm(applePayProceed.path, {
      orderId: order.orderId,
      token: JSON.stringify(token),
      orderToken: order.orderToken,
    }),
  );
}

/** GET /pay/applepaysession/?url={validationURL}: the merchant session, or {error, message}. */
export async function applePayMerchantSession(http: Http, validationUrl: string): Promise<Record<string, unknown>> {
  return applePaySession.response.parse(await http.get(applePaySession.path, { url: validationUrl }));
}

/** POST /payment/sbp/{orderId}/: the QR code of the order's SBP payment. */
export async function startSbp(http: Http, order: OrderRef): Promise<SbpAnswer> {
  const path = paymentSbp.path.replace(':orderId', encodeURIComponent(order.orderId));
  return paymentSbp.response.parse(await http.postForm(path, { token: order.orderToken }));
}
