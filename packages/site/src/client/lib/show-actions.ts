/**
 * The show page's visitor actions (pages/show/ShowActions.tsx): the star widget, the wishlist
 * button and the 'Скоро в продаже' popup, whose code loads at its first opening.
 */
import { enhanceBookmark } from './bookmark.js';
import { enhanceRating } from './rating.js';

export function enhanceShowActions(doc: Document = document): void {
  for (const widget of doc.querySelectorAll<HTMLElement>('[data-rating]')) enhanceRating(widget);
  enhanceBookmark(doc);
  const open = doc.querySelector<HTMLButtonElement>('[data-on-sale-open]');
  const dialog = doc.getElementById('on-sale-dialog');
  if (!open || !(dialog instanceof HTMLDialogElement) || typeof dialog.showModal !== 'function') return;
  let loaded: Promise<typeof import('./on-sale-request.js')> | null = null;
  open.hidden = false;
  open.addEventListener('click', () => {
    if (!loaded) {
      loaded = import('./on-sale-request.js').then((m) => {
        m.enhanceOnSaleRequest(doc, dialog);
        return m;
      });
    }
    void loaded.then((m) => m.openOnSaleRequest(doc, dialog));
  });
}
