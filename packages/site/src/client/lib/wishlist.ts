/**
 * The cabinet's wishlist section (pages/account/private/WishlistSection.tsx; site-browsing-account.md
 * 2.15, 4 Bookmark): 'Сообщить о начале продаж' switches JsUpdateBookmark (turned back when the
 * call fails), 'Удалить' calls JsRemoveBookmark, collapses the show's block and shows the 'removed'
 * alert for 3 s. The header's 'Избранное' link (#wishlist) scrolls here, also when the cabinet
 * was on another tab.
 */
import { SHOW_PAGE } from '@partera/contract';
import { setNotify } from './bookmark.js';
import { postForm, whileBusy } from './forms.js';
import { flash } from './toast.js';

const TEXT = {
  removed: (name: string) => `«${name}» удалено из избранного`,
  removeFailed: 'Не удалось удалить шоу из избранного. Попробуйте ещё раз.',
  notifyFailed: 'Не удалось сохранить настройку. Попробуйте ещё раз.',
} as const;

export function enhanceWishlist(section: HTMLElement): void {
  const alertBox = section.querySelector<HTMLElement>('[data-wishlist-removed]');
  const empty = section.querySelector<HTMLElement>('[data-wishlist-empty]');

  for (const item of section.querySelectorAll<HTMLElement>('[data-wishlist-item]')) {
    const showId = Number(item.dataset.wishlistItem);
    const name = item.dataset.showName ?? '';
    const toggle = item.querySelector<HTMLInputElement>('[data-wishlist-notify]');
    toggle?.addEventListener('change', async () => {
      toggle.disabled = true;
      const wanted = toggle.checked;
      const saved = await setNotify(showId, wanted);
      toggle.disabled = false;
      if (!saved) {
        toggle.checked = !wanted;
        flash(alertBox, TEXT.notifyFailed, SHOW_PAGE.removalAlertMs);
      }
    });
    const remove = item.querySelector<HTMLButtonElement>('[data-wishlist-remove]');
    remove?.addEventListener('click', () =>
      whileBusy(remove, async () => {
        const answer = await postForm<{ is_removed?: boolean; message?: string }>(
          '/show/JsRemoveBookmark/',
          new URLSearchParams({ objId: String(showId) }),
        ).catch(() => null);
        if (answer?.is_removed !== true) {
          flash(alertBox, answer?.message ?? TEXT.removeFailed, SHOW_PAGE.removalAlertMs);
          return;
        }
        collapse(item, () => {
          item.remove();
          if (empty) empty.hidden = section.querySelector('[data-wishlist-item]') !== null;
        });
        flash(alertBox, TEXT.removed(name), SHOW_PAGE.removalAlertMs);
      }),
    );
  }

  const toSection = () => {
    if (window.location.hash !== '#wishlist') return;
    // The cabinet shows the requisites' panel for a hash that names no tab; then scroll.
    requestAnimationFrame(() => {
      section.scrollIntoView({ block: 'start' });
      section.querySelector<HTMLElement>('#wishlist-title')?.focus({ preventScroll: true });
    });
  };
  window.addEventListener('hashchange', toSection);
  toSection();
}

/** Folds the block to nothing (at once when the visitor prefers less motion), then `then`. */
function collapse(item: HTMLElement, then: () => void): void {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    then();
    return;
  }
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    then();
  };
  item.style.height = `${item.offsetHeight}px`;
  item.classList.add('wishlist-item--removing');
  requestAnimationFrame(() => {
    item.style.height = '0px';
  });
  item.addEventListener('transitionend', finish, { once: true });
  // Should no transition run (the styles not loaded), the block still goes.
  setTimeout(finish, 600);
}
