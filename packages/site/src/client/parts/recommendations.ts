/**
 * The recommendations page in the browser (site-browsing-account.md 2.11, 4 Recommendations, 9):
 * - empty: ask GET /recommendations/CheckShows/ every 3 s until the count is above 0, then load
 *   the shows and the genres and reveal the list;
 * - 'Показать ещё' asks for the next page (the first is page 2) and an empty answer hides it;
 * - a genre button starts that genre again at page 1.
 */
import { RECOMMENDATIONS_FIRST_MORE_PAGE, RECOMMENDATIONS_POLL_MS } from '@partera/contract';
import { posterFallbacks } from '../lib/enhance.js';
import { sitePath } from '../lib/site-path.js';

async function text(url: string): Promise<string> {
  const r = await fetch(sitePath(url), { credentials: 'same-origin' });
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  return r.text();
}

export function startRecommendations(doc: Document = document): void {
  const root = doc.querySelector<HTMLElement>('[data-recommendations]');
  const list = root?.querySelector<HTMLElement>('[data-recommendation-list]');
  const genres = root?.querySelector<HTMLElement>('[data-recommendation-genres]');
  const more = root?.querySelector<HTMLButtonElement>('[data-recommendation-more]');
  const empty = root?.querySelector<HTMLElement>('.recommendations__empty');
  if (!root || !list || !genres || !more || !empty) return;
  const win = doc.defaultView ?? window;
  let genreId = '';
  let next = RECOMMENDATIONS_FIRST_MORE_PAGE;

  const showsUrl = (page: number) =>
    `/recommendations/loadShows/?page=${page}${genreId ? `&genreId=${encodeURIComponent(genreId)}` : ''}`;

  /** Page 1 of the current genre, replacing the list. */
  async function firstPage(): Promise<void> {
    root?.setAttribute('aria-busy', 'true');
    const html = await text(showsUrl(1));
    list!.innerHTML = html;
    posterFallbacks(doc);
    next = RECOMMENDATIONS_FIRST_MORE_PAGE;
    more!.hidden = html.trim() === '';
    root?.removeAttribute('aria-busy');
  }

  more.addEventListener('click', async () => {
    more.disabled = true;
    try {
      const html = await text(showsUrl(next));
      if (html.trim() === '') more.hidden = true;
      else {
        list.insertAdjacentHTML('beforeend', html);
        posterFallbacks(doc);
        next += 1;
      }
    } finally {
      more.disabled = false;
    }
  });

  genres.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-genre-id]');
    if (!button) return;
    genreId = button.dataset.genreId ?? '';
    for (const b of genres.querySelectorAll('[data-genre-id]')) b.setAttribute('aria-pressed', String(b === button));
    void firstPage();
  });

  if (root.dataset.count !== '0') return;
  // The empty state: poll until there is something to recommend.
  const poll = async () => {
    const count = await text('/recommendations/CheckShows/')
      .then((t) => (JSON.parse(t) as { count: number }).count)
      .catch(() => 0);
    if (count <= 0) {
      win.setTimeout(poll, RECOMMENDATIONS_POLL_MS);
      return;
    }
    genres.innerHTML = await text('/recommendations/loadGenres/');
    await firstPage();
    empty.hidden = true;
    genres.hidden = false;
    list.hidden = false;
  };
  win.setTimeout(poll, RECOMMENDATIONS_POLL_MS);
}
