/**
 * 'Показать ещё' on the main page (site-browsing-account.md 2.4, 7 Browsing): the next 24 popular
 * shows from GET /show/jsGetPopular/?offset=n, appended to the grid; an empty answer means there
 * are no more and the button goes. Loaded on the first click; the link to ?page=N+1 is what
 * works without scripts, and what is followed when the call fails.
 */
import { POPULAR_PAGE_SIZE } from '@partera/contract';
import { metaContent } from '../lib/forms.js';
import { sitePath } from '../lib/site-path.js';
import { promosForLoad } from './promos.js';

/** The popular call's address, with the session where the page has it in its own address. */
function popularUrl(doc: Document, grid: HTMLElement, offset: number): string {
  const query = new URLSearchParams({ offset: String(offset), city: grid.dataset.city ?? '' });
  const name = metaContent(doc, 'session-name');
  const win = doc.defaultView ?? window;
  if (name && new URLSearchParams(win.location.search).has(name)) query.set(name, metaContent(doc, 'session-id'));
  return `/show/jsGetPopular/?${query}`;
}

export async function loadMore(button: HTMLAnchorElement, grid: HTMLElement): Promise<void> {
  if (button.getAttribute('aria-busy') === 'true') return;
  const doc = grid.ownerDocument;
  const label = button.textContent;
  button.setAttribute('aria-busy', 'true');
  button.textContent = 'Загружаем…';
  try {
    const offset = Number(grid.dataset.popularNext ?? '0');
    const res = await fetch(sitePath(popularUrl(doc, grid, offset)), {
      credentials: 'same-origin',
      headers: { accept: 'text/html' },
    });
    if (!res.ok) throw new Error(String(res.status));
    // The server's own fragment (services/catalogue/popular-html.ts), escaped there.
    const template = doc.createElement('template');
    template.innerHTML = await res.text();
    const cards = [...template.content.children].filter((n): n is HTMLElement => n instanceof HTMLElement);
    grid.append(...cards);
    grid.dataset.popularNext = String(offset + cards.length);
    promosForLoad(cards);
    if (cards.length < POPULAR_PAGE_SIZE) {
      button.closest('.more')?.remove();
    } else {
      button.href = sitePath(`/?page=${Math.floor((offset + cards.length) / POPULAR_PAGE_SIZE) + 1}`);
      button.textContent = label;
      button.removeAttribute('aria-busy');
    }
    // Keyboard users continue from the first new card.
    cards[0]?.querySelector<HTMLAnchorElement>('.poster-card__link')?.focus();
  } catch {
    // The link itself still works: follow it.
    (doc.defaultView ?? window).location.assign(sitePath(button.href));
  }
}
