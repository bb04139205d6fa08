/** Checkout, order and payment entities (hall-basket-checkout.md 3.11–3.17). */
import { z } from 'zod';

/**
 * 3.11 Payment methods (pm), gift_card included for full gift-card payment; beyond the spec 'sbp',
 * the fast-payment system paid by QR code in the bank's app.
 */
export const PAYMENT_METHODS = [
  'card',
  'cash',
  'bonus',
  'apple_pay',
  'google_pay',
  'mts_cashback',
  'pushkin_card',
  'gift_card',
  'sbp',
] as const;
export const paymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethod>;

/** 3.11 Delivery methods (dm); 'delivery' is the id that shows the address form. */
export const DELIVERY_METHODS = ['eticket', 'self', 'courier', 'delivery', 'booking_cash', 'booking_card'] as const;
export const deliveryMethod = z.enum(DELIVERY_METHODS);
export type DeliveryMethod = z.infer<typeof deliveryMethod>;

/** 3.11 Payment or programme identifiers seen in the original; meaning beyond the names not shown. */
export const PROGRAMME_IDS = ['pushkin_card', 'mts_cashback', 'pushkinskaya_karta', 'bankovskaya_karta'] as const;

/** 3.11 Cashback action: accumulate or spend. */
export const CASHBACK_ACTIONS = ['nakopit_keshbek', 'spisat_keshbek'] as const;
export const cashbackAction = z.enum(CASHBACK_ACTIONS);
export type CashbackAction = z.infer<typeof cashbackAction>;

/** 3.11 Order draft. */
export const orderDraft = z.object({
  dm: deliveryMethod.nullable(),
  pm: paymentMethod.nullable(),
  /** Payment card type; also read as a promo / gift code name. */
  pc: z.string().nullable(),
  lastPm: paymentMethod.nullable(),
});
export type OrderDraft = z.infer<typeof orderDraft>;

/** 3.11 Order (both spellings of the id). */
export const order = z.object({
  orderId: z.number().int().optional(),
  order_id: z.number().int().optional(),
  orderTotal: z.number(),
  pm: paymentMethod,
  dm: deliveryMethod,
  pc: z.string().nullable().optional(),
  sess_order_id: z.string().optional(),
  url: z.string().optional(),
});
export type Order = z.infer<typeof order>;

/** 3.12 Courier delivery, as entered. */
export const courierDelivery = z.object({
  /** Surname. */
  name: z.string(),
  firstname: z.string(),
  patronymic: z.string(),
  /** Metro station id. */
  metro: z.number().int(),
  phone: z.string(),
  address: z.string(),
});
export type CourierDelivery = z.infer<typeof courierDelivery>;

/** 3.13 Anonymous (guest) order as the form holds it. */
export const anonymousOrder = z.object({
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  pc: z.string().nullable(),
  payment: paymentMethod,
  token: z.string().optional(),
  patronymic: z.string().optional(),
  phone: z.string().optional(),
  pushkinCardInfo: z.record(z.string(), z.unknown()).optional(),
  extra: z.object({ fingerprint: z.string().optional() }).optional(),
  cashback: cashbackAction.optional(),
});
export type AnonymousOrder = z.infer<typeof anonymousOrder>;

/** Answer of the order-creating calls (3.11, 7.5): error 0 ok, -1 network, else a code of 8.3. */
export const orderAnswer = z.object({
  error: z.number().int(),
  message: z.string().optional(),
  code: z.number().int().optional(),
  url: z.string().optional(),
});
export type OrderAnswer = z.infer<typeof orderAnswer>;

/** The failure of order calls: error is the code (1 when none), message shown to the buyer. */
export const orderFailure = (message: string, code?: number): OrderAnswer => ({
  error: code ?? 1,
  message,
  ...(code !== undefined ? { code } : {}),
});

/** Answer of the anonymous order: follow url when isFullGiftCardPayment, else start the payment session with params. */
export const anonymousOrderAnswer = orderAnswer.extend({
  isFullGiftCardPayment: z.boolean().optional(),
  /** Posted to url (the payment session). */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  /**
   * Extension: placing the order gave the session a new id (whoever knew the old one must not
   * follow the order). The page carries on with this session and CSRF token; a cookie session
   * also got the new cookie.
   */
  session: z.object({ name: z.string(), id: z.string(), csrfToken: z.string() }).optional(),
});
export type AnonymousOrderAnswer = z.infer<typeof anonymousOrderAnswer>;

/**
 * Extension (decision 0045): an acquirer's own checkout widget, rendered on the shop's payment
 * page from its script (YooKassa's embedded confirmation: confirmation_token).
 */
export const acquirerCheckoutWidget = z.object({
  provider: z.literal('yookassa'),
  /** The widget's script address (the deployment's YOOKASSA_WIDGET_URL). */
  script: z.string(),
  confirmationToken: z.string(),
  /** Where the widget's success leads: the order's page. */
  successUrl: z.string(),
  /** Where its failure leads: the basket's payment-failed page. */
  failUrl: z.string(),
});
export type AcquirerCheckoutWidget = z.infer<typeof acquirerCheckoutWidget>;

/** 3.15 Payment session answer: the map get or post is submitted as hidden fields into the bank frame. */
export const paymentSessionAnswer = z.object({
  error: z.number().int(),
  message: z.string().optional(),
  redirectUrl: z.string().optional(),
  url: z.string().optional(),
  /** May include mdOrder and provider. */
  get: z.record(z.string(), z.string()).optional(),
  post: z.record(z.string(), z.string()).optional(),
  /** 'mts_pay' selects the partner's pay widget (4.8). */
  provider: z.string().optional(),
  /** Extension (decision 0036): 'top' when the acquirer's page refuses to be framed: open url with its map in the top window. */
  target: z.enum(['frame', 'top']).optional(),
  /** Extension (decision 0045): an acquirer's checkout widget, rendered on the payment page. */
  widget: acquirerCheckoutWidget.optional(),
});
export type PaymentSessionAnswer = z.infer<typeof paymentSessionAnswer>;

/** 3.17 The browser (and Android) wallet's configuration, money in roubles (decision 0036). */
export interface WalletConfig {
  gateway: string;
  gatewayMerchantId: string;
  merchantId: string;
  merchantName: string;
  environment: 'TEST' | 'PRODUCTION';
  /** 0: a payment-method option; 1: the order page's button; 2: the session or guest order's button. */
  type: 0 | 1 | 2;
  /** The page runs inside the Android app, whose bridge takes the browser wallet's part. */
  isAndroidApp: boolean;
  /** Roubles. */
  orderTotal: number;
  orderId?: string;
}

/** 3.16 Card payment widget configuration. tokenId is sent only when non-empty. */
export const paymentWidgetConfig = z.object({
  scenarioType: z.literal('pay'),
  colorMode: z.literal('light'),
  environment: z.enum(['TEST', 'PROD']),
  sessionId: z.string().min(1),
  failReturnUrl: z.string(),
  successReturnUrl: z.string(),
  tokenId: z.string().min(1).optional(),
});
export type PaymentWidgetConfig = z.infer<typeof paymentWidgetConfig>;

/** 3.16 Result fields of the card widget. */
export const paymentWidgetResult = z.object({
  isSuccess: z.boolean().optional(),
  errorCode: z.union([z.string(), z.number()]).optional(),
  message: z.string().optional(),
  eventName: z.string().optional(),
});

/** 3.17 Browser/Android wallet configuration; type 0 option, 1 order page button, 2 session / guest button. */
export const browserWalletConfig = z.object({
  gateway: z.string(),
  gatewayMerchantId: z.string(),
  merchantId: z.string(),
  merchantName: z.string(),
  environment: z.enum(['TEST', 'PRODUCTION']),
  type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  isAndroidApp: z.boolean(),
  orderTotal: z.number().optional(),
  orderId: z.number().int().optional(),
});
export type BrowserWalletConfig = z.infer<typeof browserWalletConfig>;

/** 3.17 Pay controller pay types. */
export const PAY_TYPES = ['redirect', 'gift-card-full', 'google-pay'] as const;
export const payType = z.enum(PAY_TYPES);
