/**
 * Order-complete page: the table-booking link asks the server for a token by order id and opens
 * the partner restaurant's page in a new tab with it (spec 4.12); while the bank is still
 * confirming the payment the page re-reads itself.
 */
import { bartelloAuth } from '@partera/contract';
import { enhancePage } from './lib/enhance.js';
import { metaContent } from './lib/forms.js';

/** How often a 'being processed' page looks again. */
const PROCESSING_RELOAD_MS = 4000;
const TOKEN_FAILED = 'Не удалось открыть бронирование столика, попробуйте позже.';

/** A failure the server explained: its message is shown as is. */
class ServerMessage extends Error {}

enhancePage();

const state = document.querySelector<HTMLElement>('[data-order-state]')?.dataset.orderState;
if (state === 'processing') setTimeout(() => window.location.reload(), PROCESSING_RELOAD_MS);

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
      const res = await fetch(url, { credentials: 'include', headers: { accept: 'application/json' } });
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
