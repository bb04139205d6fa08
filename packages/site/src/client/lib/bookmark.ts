/**
 * The show page's wishlist button (site-browsing-account.md 2.9, 4 Bookmark, 7 Browsing):
 * not bookmarked ↔ bookmarked. Adding opens the popup offering notify or don't notify
 * (JsUpdateBookmark), then a confirmation shows for 3 s; removing says so for 3 s. A session that
 * is no longer signed in (401) opens the login popup.
 */
import { messages, SHOW_PAGE } from '@partera/contract';
import { postForm, whileBusy } from './forms.js';
import { sitePath } from './site-path.js';
import { flash } from './toast.js';

type Answer = { is_added?: boolean; is_removed?: boolean; message?: string };

const TEXT = {
  added: 'Шоу добавлено в избранное',
  addedNotify: 'Шоу добавлено в избранное. Мы сообщим о начале продаж.',
  removed: 'Шоу удалено из избранного',
  failed: 'Не удалось изменить избранное. Попробуйте ещё раз.',
} as const;

/** JsUpdateBookmark: a GET that changes state, so the CSRF token goes along as a header. */
export async function setNotify(showId: number, toNotify: boolean): Promise<boolean> {
  const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
  try {
    const res = await fetch(sitePath(`/show/JsUpdateBookmark/?objId=${showId}&toNotify=${toNotify ? 1 : 0}`), {
      credentials: 'same-origin',
      headers: { 'x-csrf-token': token },
    });
    return res.ok && ((await res.json()) as { is_updated?: boolean }).is_updated === true;
  } catch {
    return false;
  }
}

export function enhanceBookmark(doc: Document = document): void {
  const button = doc.querySelector<HTMLButtonElement>('button[data-bookmark]');
  if (!button) return;
  const showId = Number(button.dataset.bookmark);
  const label = button.querySelector<HTMLElement>('[data-bookmark-label]');
  const toast = doc.querySelector<HTMLElement>('[data-wishlist-toast]');
  const dialog = doc.getElementById('wishlist-dialog') as HTMLDialogElement | null;

  const render = (bookmarked: boolean) => {
    button.setAttribute('aria-pressed', String(bookmarked));
    if (label) label.textContent = bookmarked ? 'В избранном' : 'В избранное';
  };

  button.addEventListener('click', () =>
    whileBusy(button, async () => {
      const adding = button.getAttribute('aria-pressed') !== 'true';
      const body = new URLSearchParams({ objId: String(showId) });
      const answer = await postForm<Answer>(adding ? '/show/JsAddBookmark/' : '/show/JsRemoveBookmark/', body).catch(
        () => null,
      );
      if (answer?.message === messages.loginRequired) {
        doc.dispatchEvent(new CustomEvent('login-required'));
        return;
      }
      const done = adding ? answer?.is_added === true : answer?.is_removed === true;
      if (!done) {
        flash(toast, answer?.message ?? TEXT.failed, SHOW_PAGE.wishlistConfirmationMs);
        return;
      }
      render(adding);
      if (!adding) flash(toast, TEXT.removed, SHOW_PAGE.removalAlertMs);
      else if (dialog && typeof dialog.showModal === 'function') dialog.showModal();
      else flash(toast, TEXT.added, SHOW_PAGE.wishlistConfirmationMs);
    }),
  );

  for (const choice of dialog?.querySelectorAll<HTMLButtonElement>('[data-wishlist-notify]') ?? []) {
    choice.addEventListener('click', () =>
      whileBusy(choice, async () => {
        const notify = choice.dataset.wishlistNotify === '1';
        const saved = await setNotify(showId, notify);
        dialog?.close();
        const text = saved ? (notify ? TEXT.addedNotify : TEXT.added) : TEXT.failed;
        flash(toast, text, SHOW_PAGE.wishlistConfirmationMs);
        button.focus();
      }),
    );
  }
  // Closing the popup without a choice (Esc) keeps the bookmark without notifications.
  dialog?.addEventListener('cancel', () => flash(toast, TEXT.added, SHOW_PAGE.wishlistConfirmationMs));
}
