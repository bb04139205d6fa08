/**
 * The 'Возврат билетов' tab (site-browsing-account.md 2.15 replace-and-reschedule, 4
 * Replace/refund, 8 Refund). 'Вернуть' asks the server what the return gives back at this moment
 * (GET /refund/quote/) and opens the confirm popup with that amount ('Вернуть 1 билет? Вам вернётся
 * 2 500 ₽'); on 'Вернуть' the return is posted (POST /refund/replaces/): on success the ticket's
 * card becomes a success block; on failure the list reloads from the server and the error shows
 * (the server's errors, else 'Не удалось вернуть билеты. Попробуйте позже.'). 'Условия возврат
 * билетов' opens the conditions popup. The fragment is replaced on reload, so every button is
 * handled by one listener on the panel.
 */
import { formatKopecks, messages, ticketWord } from '@partera/contract';
import { postForm, whileBusy } from '../forms.js';
import { sitePath } from '../site-path.js';
import { type CabinetPanel, loadFragment } from './panel.js';

const FRAGMENT = '/private/replaces/';
const LOAD_FAILED = 'Не удалось загрузить билеты для возврата. Попробуйте позже.';

interface Answer {
  ok: boolean;
  errors?: string[];
}
interface Quote extends Answer {
  count?: number;
  amount?: number;
}

const errorsOf = (a: Answer | null): string =>
  a?.errors && a.errors.length > 0 ? a.errors.join(' ') : messages.refundFailed;

function dialogOf(panel: HTMLElement, attribute: string): HTMLDialogElement | null {
  const d = panel.querySelector(`[${attribute}]`);
  return d instanceof HTMLDialogElement ? d : null;
}

/** The list as the server has it now, with a message over it. */
async function reload(panel: HTMLElement, error: string): Promise<void> {
  if (!(await loadFragment(panel, FRAGMENT, LOAD_FAILED))) return;
  const box = panel.querySelector<HTMLElement>('[data-refunds-error]');
  if (box) {
    box.textContent = error;
    box.hidden = false;
  }
}

async function quote(ticketId: string): Promise<Quote | null> {
  try {
    const res = await fetch(sitePath(`/refund/quote/?ticketIds[]=${encodeURIComponent(ticketId)}`), {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    return (await res.json()) as Quote;
  } catch {
    return null;
  }
}

/** The card of a returned ticket: a success block in its place. */
function markReturned(panel: HTMLElement, ticketId: string, amount: number): void {
  const card = panel.querySelector<HTMLElement>(`[data-refund-ticket="${ticketId}"]`);
  if (!card) return;
  const done = document.createElement('li');
  done.className = 'refund-card refund-card--done';
  done.setAttribute('role', 'status');
  done.dataset.refundDone = ticketId;
  const title = document.createElement('p');
  title.className = 'refund-card__done-title';
  title.textContent = 'Билет возвращён';
  const text = document.createElement('p');
  text.textContent = `${card.querySelector('.refund-card__show')?.textContent ?? ''}: вам вернётся ${formatKopecks(amount)} на карту, с которой вы платили. Письмо с подробностями отправлено на вашу почту.`;
  done.append(title, text);
  card.replaceWith(done);
}

export const panel: CabinetPanel = {
  mount(panel) {
    let pending: { ticketId: string; amount: number } | null = null;

    const ask = async (button: HTMLButtonElement) => {
      const ticketId = button.dataset.refundReturn ?? '';
      const q = await quote(ticketId);
      if (!q?.ok || q.amount === undefined) return reload(panel, errorsOf(q));
      const dialog = dialogOf(panel, 'data-refund-confirm');
      const text = panel.querySelector<HTMLElement>('[data-refund-confirm-text]');
      if (!dialog || !text) return;
      const n = q.count ?? 1;
      text.textContent = `Вернуть ${n} ${ticketWord(n)}? Вам вернётся ${formatKopecks(q.amount)}`;
      pending = { ticketId, amount: q.amount };
      dialog.showModal();
    };

    const confirm = async () => {
      const chosen = pending;
      const dialog = dialogOf(panel, 'data-refund-confirm');
      if (!chosen || !dialog) return;
      const answer = await postForm<Answer>(
        '/refund/replaces/',
        new URLSearchParams({ 'ticketIds[]': chosen.ticketId }),
      ).catch(() => null);
      pending = null;
      dialog.close();
      if (answer?.ok) markReturned(panel, chosen.ticketId, chosen.amount);
      else await reload(panel, errorsOf(answer));
    };

    panel.addEventListener('click', (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const returnButton = target?.closest<HTMLButtonElement>('[data-refund-return]');
      if (returnButton) void whileBusy(returnButton, () => ask(returnButton));
      if (target?.closest('[data-refund-conditions-open]')) dialogOf(panel, 'data-refund-conditions')?.showModal();
      const yes = target?.closest<HTMLButtonElement>('[data-refund-yes]');
      if (yes) void whileBusy(yes, confirm);
      if (target?.closest('[data-refund-no]')) {
        pending = null;
        dialogOf(panel, 'data-refund-confirm')?.close();
      }
    });
  },
};
