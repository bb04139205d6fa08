/**
 * Device wallets (hall-basket-checkout.md 3.17, 4.10, 7.6, 8.5, 9), framework-free: which wallet
 * the device offers, the browser wallet through the Payment Request API (or the Android app's
 * bridge), the phone-maker wallet with its merchant validation, and what each answer means.
 * WalletButtons.tsx is the thin view over it; the checkout mounts that (decision 0036).
 */
import {
  ANDROID_WALLET_BRIDGE,
  APPLE_PAY,
  GOOGLE_PAY,
  messages,
  type WalletConfig,
  walletTokenError,
} from '@partera/contract';
import type { Http } from '../api/http.js';
import type { Navigation } from '../ui/navigation.js';
import { siteUrl } from '../ui/navigation.js';
import {
  applePayMerchantSession,
  type GooglePayAnswer,
  type OrderRef,
  proceedApplePay,
  proceedGooglePay,
} from './wallet-api.js';

export type WalletName = 'google_pay' | 'apple_pay';

/** How each wallet service is named in the messages of 8.5. */
export const WALLET_TITLES: Record<WalletName, string> = { google_pay: 'Google Pay', apple_pay: 'Apple Pay' };

export type { WalletConfig };

/** The Android app's bridge: the page posts JSON events, the app answers with window messages. */
export interface AndroidBridge {
  postMessage(message: string): void;
}

/** The phone-maker wallet's session, as much of it as is used (the browser's ApplePaySession). */
export interface ApplePaySessionLike {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: unknown } }) => void) | null;
  oncancel: (() => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(session: unknown): void;
  completePayment(status: number): void;
}
export interface ApplePaySessionClass {
  new (version: number, request: unknown): ApplePaySessionLike;
  canMakePayments(): boolean;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
}

/** What the device offers: the browser's objects in production, fakes in tests. */
export interface WalletDevice {
  PaymentRequest?: typeof PaymentRequest | undefined;
  ApplePaySession?: ApplePaySessionClass | undefined;
  /** The Android app's bridge, once the app has injected it. */
  androidBridge(): AndroidBridge | undefined;
  /** Where the Android app's replies arrive (window 'message' events). */
  messages: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  wait(ms: number): Promise<void>;
}

export type Availability = 'checking' | 'available' | 'unavailable';

/** The 3-D Secure step of the browser wallet (4.10): a hidden form posted into the payment frame. */
export interface AcsStep {
  action: string;
  fields: { MD: string; PaReq: string; TermUrl: string };
}

export interface WalletState {
  google: Availability;
  apple: Availability;
  busy: boolean;
  /** The message of 8.5 to show, or null. */
  message: string | null;
  acs: AcsStep | null;
}

/** The order being paid: the order page's own, or the one the checkout creates on the click (type 2). */
export type OrderSource = () => Promise<OrderRef | null>;

export interface WalletController {
  readonly state: WalletState;
  /** Asks the device which wallets it offers (and waits for the Android bridge). */
  check(): Promise<void>;
  /** The not-supported text of 8.5 for this wallet and configuration type. */
  unsupportedText(wallet: WalletName): string;
  /** Pays with the wallet; `order` is asked only once the buyer has approved in the wallet. */
  pay(wallet: WalletName, order: OrderSource): Promise<void>;
  subscribe(listener: () => void): () => void;
}

/** The Payment Request method of the browser wallet. */
export const GOOGLE_PAY_METHOD = 'https://google.com/pay';
const APPLE_PAY_VERSION = 3;

/** The browser wallet's payment data request (Google Pay API v2), with the constants of 9. */
export function googlePayData(config: WalletConfig) {
  return {
    environment: config.environment,
    apiVersion: 2,
    apiVersionMinor: 0,
    merchantInfo: { merchantId: config.merchantId, merchantName: config.merchantName },
    allowedPaymentMethods: [
      {
        type: 'CARD',
        parameters: {
          allowedAuthMethods: [...GOOGLE_PAY.allowedAuthMethods],
          allowedCardNetworks: [...GOOGLE_PAY.allowedCardNetworks],
        },
        tokenizationSpecification: {
          type: 'PAYMENT_GATEWAY',
          parameters: { gateway: config.gateway, gatewayMerchantId: config.gatewayMerchantId },
        },
      },
    ],
    transactionInfo: {
      totalPriceStatus: GOOGLE_PAY.totalPriceStatus,
      totalPrice: config.orderTotal.toFixed(2),
      currencyCode: GOOGLE_PAY.currencyCode,
    },
  };
}

/** The Android bridge's payload (7.6): price, gateway, merchant, environment, currency, networks and methods. */
export function androidPayload(config: WalletConfig) {
  return {
    price: config.orderTotal.toFixed(2),
    gateway: config.gateway,
    gatewayMerchantId: config.gatewayMerchantId,
    merchantId: config.merchantId,
    merchantName: config.merchantName,
    environment: config.environment,
    currencyCode: GOOGLE_PAY.currencyCode,
    supportedNetworks: [...GOOGLE_PAY.allowedCardNetworks],
    supportedMethods: [...GOOGLE_PAY.allowedAuthMethods],
  };
}

const total = (config: WalletConfig) => ({
  label: config.merchantName,
  amount: { currency: GOOGLE_PAY.currencyCode, value: config.orderTotal.toFixed(2) },
});

function browserPaymentRequest(device: WalletDevice, config: WalletConfig): PaymentRequest | null {
  if (!device.PaymentRequest) return null;
  try {
    return new device.PaymentRequest([{ supportedMethods: GOOGLE_PAY_METHOD, data: googlePayData(config) }], {
      total: total(config),
    });
  } catch {
    return null;
  }
}

/** The token of a Payment Request response (Google Pay's paymentMethodData.tokenizationData.token). */
function tokenOf(details: unknown): string {
  const token = (details as { paymentMethodData?: { tokenizationData?: { token?: unknown } } } | null)
    ?.paymentMethodData?.tokenizationData?.token;
  return typeof token === 'string' ? token : '';
}

/** A reply of the Android app: `{event, …}` as JSON text or an object. */
function androidReply(data: unknown, event: string): Record<string, unknown> | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  return record.event === event ? record : null;
}

export function createWalletController(opts: {
  http: Http;
  navigation: Navigation;
  config: WalletConfig;
  device: WalletDevice;
}): WalletController {
  const { http, navigation, config, device } = opts;
  const listeners = new Set<() => void>();
  let state: WalletState = { google: 'checking', apple: 'checking', busy: false, message: null, acs: null };
  const set = (next: Partial<WalletState>) => {
    state = { ...state, ...next };
    for (const l of listeners) l();
  };

  /** 4.10: the native bridge may come a moment after the page: asked 30 times, 100 ms apart. */
  const waitForBridge = async (): Promise<AndroidBridge | undefined> => {
    for (let i = 0; i < GOOGLE_PAY.bridgeRetries; i++) {
      const bridge = device.androidBridge();
      if (bridge) return bridge;
      await device.wait(GOOGLE_PAY.bridgeRetryMs);
    }
    return undefined;
  };

  /** Posts an event to the bridge and waits for its reply (the buyer may take their time in the wallet). */
  const askBridge = (bridge: AndroidBridge, event: string, reply: string) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const onMessage = (e: Event) => {
        const answer = androidReply((e as MessageEvent).data, reply);
        if (!answer) return;
        device.messages.removeEventListener('message', onMessage);
        resolve(answer);
      };
      device.messages.addEventListener('message', onMessage);
      bridge.postMessage(JSON.stringify({ event, payload: androidPayload(config) }));
    });

  const googleAvailable = async (): Promise<boolean> => {
    if (config.isAndroidApp) {
      const bridge = await waitForBridge();
      if (!bridge) return false;
      const answer = await askBridge(
        bridge,
        ANDROID_WALLET_BRIDGE.isReadyToGPay,
        ANDROID_WALLET_BRIDGE.isReadyToGPayReply,
      );
      return answer.isReadyToPay === true || answer.isReadyToPay === 'true';
    }
    const request = browserPaymentRequest(device, config);
    if (!request) return false;
    try {
      return await request.canMakePayment();
    } catch {
      return false;
    }
  };

  const appleAvailable = (): boolean => {
    try {
      return Boolean(device.ApplePaySession?.canMakePayments());
    } catch {
      return false;
    }
  };

  /** 4.10: error=1 shows the message; acsUrl → the 3-D Secure form; otherwise the url. */
  const followGoogle = (answer: GooglePayAnswer) => {
    if (answer.error !== 0) {
      set({ busy: false, message: messages.walletPaymentError(answer.message ?? '') });
      return;
    }
    const acs = answer.data?.data;
    if (acs?.acsUrl) {
      set({
        busy: false,
        acs: {
          action: acs.acsUrl,
          fields: { MD: acs.orderId ?? '', PaReq: acs.paReq ?? '', TermUrl: acs.termUrl ?? '' },
        },
      });
      return;
    }
    if (answer.url) navigation.go(siteUrl(http, answer.url));
    else set({ busy: false, message: messages.walletNetworkError });
  };

  /** The browser wallet's token: from the Android app's bridge, or the Payment Request sheet. */
  const googleToken = async (): Promise<{ token: string; complete?: (ok: boolean) => Promise<void> } | null> => {
    if (config.isAndroidApp) {
      const bridge = await waitForBridge();
      if (!bridge) return null;
      const answer = await askBridge(bridge, ANDROID_WALLET_BRIDGE.processGPay, ANDROID_WALLET_BRIDGE.processGPayReply);
      return { token: typeof answer.token === 'string' ? answer.token : '' };
    }
    const request = browserPaymentRequest(device, config);
    if (!request) return null;
    const response = await request.show();
    return {
      token: tokenOf(response.details),
      complete: (ok) => response.complete(ok ? 'success' : 'fail'),
    };
  };

  const payGoogle = async (order: OrderSource) => {
    let got: Awaited<ReturnType<typeof googleToken>>;
    try {
      got = await googleToken();
    } catch (err) {
      // The buyer closed the sheet: nothing to say.
      set({
        busy: false,
        message: (err as { name?: string })?.name === 'AbortError' ? null : messages.walletNetworkError,
      });
      return;
    }
    if (!got) {
      set({ busy: false, message: messages.walletUnsupported(WALLET_TITLES.google_pay) });
      return;
    }
    const empty = walletTokenError(got.token);
    if (empty) {
      await got.complete?.(false);
      set({ busy: false, message: empty });
      return;
    }
    try {
      const ref = await order();
      if (!ref) {
        await got.complete?.(false);
        set({ busy: false });
        return;
      }
      const answer = await proceedGooglePay(http, ref, got.token);
      await got.complete?.(answer.error === 0);
      followGoogle(answer);
    } catch {
      await got.complete?.(false).catch(() => {});
      set({ busy: false, message: messages.walletNetworkError });
    }
  };

  const payApple = (order: OrderSource) =>
    new Promise<void>((resolve) => {
      const Session = device.ApplePaySession;
      if (!Session) {
        set({ busy: false, message: messages.walletUnsupported(WALLET_TITLES.apple_pay) });
        resolve();
        return;
      }
      const fail = (session: ApplePaySessionLike | null) => {
        session?.completePayment(Session.STATUS_FAILURE);
        set({ busy: false, message: messages.applePayError });
        resolve();
      };
      const session = new Session(APPLE_PAY_VERSION, { ...APPLE_PAY, total: total(config) });
      session.onvalidatemerchant = async ({ validationURL }) => {
        try {
          const merchant = await applePayMerchantSession(http, validationURL);
          if ('error' in merchant && merchant.error) {
            session.abort();
            fail(null);
            return;
          }
          session.completeMerchantValidation(merchant);
        } catch {
          session.abort();
          fail(null);
        }
      };
      session.onpaymentauthorized = async ({ payment }) => {
        try {
          const ref = await order();
          if (!ref) return fail(session);
          const answer = await proceedApplePay(http, ref, payment.token);
          if (answer.error !== 0 || !answer.url) return fail(session);
          session.completePayment(Session.STATUS_SUCCESS);
          navigation.go(siteUrl(http, answer.url));
          resolve();
        } catch {
          fail(session);
        }
      };
      session.oncancel = () => {
        set({ busy: false });
        resolve();
      };
      session.begin();
    });

  return {
    get state() {
      return state;
    },
    async check() {
      const apple = appleAvailable();
      const google = await googleAvailable();
      set({ google: google ? 'available' : 'unavailable', apple: apple ? 'available' : 'unavailable' });
    },
    unsupportedText(wallet) {
      const title = WALLET_TITLES[wallet];
      return config.type === 0 ? messages.walletUnsupported(title) : messages.walletUnsupportedButton(title);
    },
    async pay(wallet, order) {
      if (state.busy) return;
      set({ busy: true, message: null, acs: null });
      if (wallet === 'google_pay') await payGoogle(order);
      else await payApple(order);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The device as the browser shows it. */
export function browserWalletDevice(win: Window & typeof globalThis = window): WalletDevice {
  const w = win as unknown as {
    PaymentRequest?: typeof PaymentRequest;
    ApplePaySession?: ApplePaySessionClass;
    Android?: AndroidBridge;
  };
  return {
    PaymentRequest: w.PaymentRequest,
    ApplePaySession: w.ApplePaySession,
    androidBridge: () => (typeof w.Android?.postMessage === 'function' ? w.Android : undefined),
    messages: win,
    wait: (ms) => new Promise((resolve) => win.setTimeout(resolve, ms)),
  };
}
