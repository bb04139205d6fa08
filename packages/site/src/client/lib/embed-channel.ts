/**
 * The typed message API to the partner page (packages/loader protocol.ts), opened once the
 * handshake has confirmed the parent (embedding.ts). Loaded lazily: pages outside a partner's
 * frame never download penpal.
 *
 * What the site tells the parent: its content height (auto-height), the show page's showId
 * (site-browsing-account.md 2.9), and, through core's EmbedHost, the orderToken of the partner's
 * own pay flow, the payment page's init message, payment success and failure and the culture
 * card terms (hall-basket-checkout.md 4.8–4.11).
 */
import { type EmbedHost, setEmbedHost } from '@partera/core';
import { type ParentMethods, PROTOCOL_CHANNEL } from '@partera/loader';
import { connect, WindowMessenger } from 'penpal';
import type { ConfirmedParent } from './embedding.js';

/** The parent's connection attempt is given this long; a loader of another major version never answers. */
const CONNECT_TIMEOUT_MS = 10_000;

export async function connectParent({ parent, origin, config }: ConfirmedParent, doc: Document = document) {
  const messenger = new WindowMessenger({ remoteWindow: parent, allowedOrigins: [origin] });
  const connection = connect<ParentMethods>({ messenger, channel: PROTOCOL_CHANNEL, timeout: CONNECT_TIMEOUT_MS });
  let remote: Awaited<typeof connection.promise>;
  try {
    remote = await connection.promise;
  } catch {
    // An older partner page without the message API: the legacy handshake alone still works.
    return;
  }
  const call = (send: () => Promise<unknown>) => {
    send().catch(() => {});
  };
  const partner = config.partner;
  if (partner) {
    const host: EmbedHost = {
      partner,
      orderToken: (token) => call(() => remote.orderToken(token)),
      paymentInit: (id) => call(() => remote.paymentInit(id)),
      paymentSucceeded: (info) => call(() => remote.paymentSucceeded(info)),
      paymentFailed: (info) => call(() => remote.paymentFailed(info)),
      pushkinCardTermsOfUse: () => remote.pushkinCardTermsOfUse().catch(() => false),
    };
    setEmbedHost(host);
  }

  // Auto-height: the body's height whenever it changes (the light layout has no viewport units).
  let last = -1;
  const report = () => {
    const height = Math.ceil(doc.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    call(() => remote.resize(height));
  };
  new ResizeObserver(report).observe(doc.body);
  report();

  const show = doc.querySelector<HTMLElement>('[data-show-id]')?.dataset.showId;
  if (show) call(() => remote.openShowPage(Number(show)));
}
