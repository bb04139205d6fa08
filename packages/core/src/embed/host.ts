/**
 * The partner page around a framed site, as the widgets see it (hall-basket-checkout.md 4.8–4.13).
 * The site connects to the partner page (the loader's message API) and registers the connection
 * here; widgets call it when the spec says the parent is told something. Outside a partner frame
 * there is no host and the widgets behave as on the site itself.
 */

/** What the site tells the partner page about a payment's outcome. */
export interface EmbedPaymentInfo {
  orderId?: number | string;
  paymentSessionId?: string;
  message?: string;
}

/** The partner as its registration describes it (GET /spa-api/app/iframe-config/). */
export interface EmbedPartner {
  name: string;
  origins: string[];
  cashbackPercent: number;
  /** The partner takes the payment in its own pay flow (the telecom partner, spec 4.8). */
  ownPayFlow: boolean;
}

export interface EmbedHost {
  partner: EmbedPartner;
  /** Spec 4.8: the order token for the partner's own pay flow. */
  orderToken(token: string): void;
  /** Spec 4.9: the payment page's init message with the payment session id. */
  paymentInit(paymentSessionId: string): void;
  paymentSucceeded(info?: EmbedPaymentInfo): void;
  paymentFailed(info?: EmbedPaymentInfo): void;
  /** Spec 4.11: resolves true once the partner page agrees to the culture card terms. */
  pushkinCardTermsOfUse(): Promise<boolean>;
}

let current: EmbedHost | null = null;
const waiting = new Set<(host: EmbedHost | null) => void>();

/** Registers (or, with null, forgets) the partner page of this document. */
export function setEmbedHost(host: EmbedHost | null): void {
  current = host;
  for (const notify of waiting) notify(host);
}

/** The partner page this document is framed by, once connected; null otherwise. */
export function embedHost(): EmbedHost | null {
  return current;
}

/** Calls `listener` whenever the host changes; returns the function that stops listening. */
export function onEmbedHostChange(listener: (host: EmbedHost | null) => void): () => void {
  waiting.add(listener);
  return () => waiting.delete(listener);
}
