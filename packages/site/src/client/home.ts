/**
 * Main page (site-browsing-account.md 2.4, 2.5; decision 0038). The page is plain HTML; this adds,
 * each part loaded when it is needed:
 * - the promo banners, and on mobile two of them among the cards per load (home/promos.ts);
 * - 'Показать ещё' appending the next 24 popular shows (home/more.ts); without scripts it stays a
 *   link to ?page=N+1;
 * - each card's preview on hover: the reviews carousel and the share counters (home/preview.ts),
 *   loaded on the first hover or focus in the grid, never on a touch screen.
 */
import { enhancePage } from './lib/enhance.js';

enhancePage();

// After the cabinet deleted the account (/?account=deleted): a short notice, once.
if (new URLSearchParams(window.location.search).get('account') === 'deleted') {
  void import('./home/account-deleted.js').then((m) => m.showAccountDeleted(document));
}

const grid = document.querySelector<HTMLElement>('[data-poster-grid]');
const button = document.querySelector<HTMLAnchorElement>('[data-more]');

void import('./home/promos.js').then((m) => m.startPromos(document, grid));

if (grid && window.matchMedia('(hover: hover)').matches) {
  // The first pointer or focus in the grid loads the previews; the event that did is replayed.
  const start = (event: Event) => {
    grid.removeEventListener('mouseover', start);
    grid.removeEventListener('focusin', start);
    void import('./home/preview.js').then((m) => {
      m.attachPreviews(grid);
      event.target?.dispatchEvent(new (event.constructor as typeof Event)(event.type, event));
    });
  };
  grid.addEventListener('mouseover', start);
  grid.addEventListener('focusin', start);
}

if (button && grid) {
  button.addEventListener('click', (event) => {
    event.preventDefault();
    import('./home/more.js').then((m) => m.loadMore(button, grid)).catch(() => window.location.assign(button.href));
  });
}
