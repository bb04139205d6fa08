/**
 * Order-complete page: the table-booking link asks the server for a token by order id and opens
 * the partner restaurant's page in a new tab with it (spec 4.12); while the bank is still
 * confirming the payment the page polls the payment's state, backing off, and shows the settled
 * order once the state moves on.
 */
import { bartelloAuth, paymentState } from '@partera/contract';
import { enhancePage } from './lib/enhance.js';
import { metaContent } from './lib/forms.js';
import { sitePath } from './lib/site-path.js';

/** The first look comes this soon, each next one 1.5 times later, never more than the last. */
const POLL_MS = { first: 1500, max: 15_000 };
const TOKEN_FAILED = 'Не удалось открыть бронирование столика, попробуйте позже.';

/** A failure the server explained: its message is shown as is. */
class ServerMessage extends Error {}

enhancePage();

const page = document.querySelector<HTMLElement>('[data-order-state]');

/** Asks where the payment stands (the server also asks the acquirer: a lost notification is found). */
async function settled(orderId: string, token: string | undefined): Promise<boolean> {
  const url = new URL(paymentState.path.replace(':orderId', encodeURIComponent(orderId)), window.location.origin);
  if (token) url.searchParams.set('token', token);
  const sid = metaContent(document, 'session-id');
  if (sid) url.searchParams.set('sid', sid);
  const res = await fetch(sitePath(`${url.pathname}${url.search}`), {
    credentials: 'include',
    headers: { accept: 'application/json' },
  });
  const answer = paymentState.response.parse(await res.json());
  return answer.error !== 0 || (answer.status !== undefined && answer.status !== 'pending');
}

function poll(orderId: string, token: string | undefined, delay: number): void {
  setTimeout(async () => {
    const next = Math.min(POLL_MS.max, Math.round(delay * 1.5));
    try {
      if (await settled(orderId, token)) window.location.reload();
      else poll(orderId, token, next);
    } catch {
      // The network dropped for a moment: ask again later.
      poll(orderId, token, next);
    }
  }, delay);
}

if (page?.dataset.orderState === 'processing' && page.dataset.orderId) {
  poll(page.dataset.orderId, page.dataset.token, POLL_MS.first);
}

const link = document.querySelector<HTMLAnchorElement>('[data-table-booking]');
const error = document.querySelector<HTMLElement>('[data-table-booking-error]');
if (link) {
  link.addEventListener('click', async (event) => {
    event.preventDefault();
    if (error) error.hidden = true;
    // Opened now, inside the click, so that popup blockers let it through; filled once the token is here.
    const tab = window.open('about:blank', '_blank');
    try {
      const sid = metaContent(document, 'session-id');
      const url = new URL(bartelloAuth.path, window.location.origin);
      url.searchParams.set('orderId', link.dataset.orderId ?? '');
      if (sid) url.searchParams.set('sid', sid);
      const res = await fetch(sitePath(`${url.pathname}${url.search}`), {
        credentials: 'include',
        headers: { accept: 'application/json' },
      });
      const answer = bartelloAuth.response.parse(await res.json());
      if (!answer.token) throw new ServerMessage(answer.message || TOKEN_FAILED);
      const target = new URL(link.href);
      target.searchParams.set('token', answer.token);
      if (tab) {
        tab.opener = null;
        tab.location.href = target.toString();
      } else window.open(target.toString(), '_blank', 'noopener');
    } catch (err) {
      tab?.close();
      if (error) {
        error.textContent = err instanceof ServerMessage ? err.message : TOKEN_FAILED;
        error.hidden = false;
      }
    }
  });
}
