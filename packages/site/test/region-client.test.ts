// @vitest-environment happy-dom
/**
 * The browser side of the recommendations page and of the generic popup (site-browsing-account.md
 * 2.1, 2.11, 4 Recommendations, 9): the empty page polls the count every 3 s and then reveals the
 * list; 'Показать ещё' asks for page 2, then 3, and an empty answer hides it; a genre starts
 * again at page 1; the popup's options and its close callback. The server's answers are stood in
 * for at the network boundary (fetch); the server side is test/region.test.ts's and the server's.
 */
import { RECOMMENDATIONS_POLL_MS } from '@partera/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closePopup, createPopup, openPopup } from '../src/client/parts/popup.js';
import { startRecommendations } from '../src/client/parts/recommendations.js';

const card = (id: number) => `<li class="poster-card" data-show-id="${id}"></li>`;

function page(count: number, cards: string, hasMore: boolean) {
  document.body.innerHTML = `<div data-recommendations="" data-count="${count}">
    <p class="empty-note recommendations__empty" ${count === 0 ? '' : 'hidden'}>Подбираем</p>
    <div data-recommendation-genres="" ${count === 0 ? 'hidden' : ''}>
      <button data-genre-id="" aria-pressed="true">Все</button><button data-genre-id="7" aria-pressed="false">Театр</button>
    </div>
    <ul data-recommendation-list="" ${count === 0 ? 'hidden' : ''}>${cards}</ul>
    <button data-recommendation-more="" ${hasMore ? '' : 'hidden'}>Показать ещё</button>
  </div>`;
}

const shown = () => [...document.querySelectorAll('[data-show-id]')].map((e) => Number(e.getAttribute('data-show-id')));
const more = () => document.querySelector<HTMLButtonElement>('[data-recommendation-more]')!;

describe('the recommendations page script', () => {
  let asked: string[];
  let answer: (url: string) => string;
  beforeEach(() => {
    asked = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        return new Response(answer(url), { status: 200 });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('loads page 2, then 3, and hides the button at an empty answer; a genre starts at page 1', async () => {
    page(30, card(1), true);
    answer = (url) => {
      const p = Number(new URL(url, 'http://x').searchParams.get('page'));
      return p <= 3 ? card(p * 10) : '';
    };
    startRecommendations(document);
    for (const expected of [
      [1, 20],
      [1, 20, 30],
    ]) {
      more().click();
      await vi.waitFor(() => expect(shown()).toEqual(expected));
    }
    more().click();
    await vi.waitFor(() => expect(more().hidden).toBe(true));
    expect(asked).toEqual([
      '/recommendations/loadShows/?page=2',
      '/recommendations/loadShows/?page=3',
      '/recommendations/loadShows/?page=4',
    ]);

    document.querySelector<HTMLButtonElement>('[data-genre-id="7"]')!.click();
    await vi.waitFor(() => expect(shown()).toEqual([10]));
    expect(asked.at(-1)).toBe('/recommendations/loadShows/?page=1&genreId=7');
    expect(more().hidden).toBe(false);
    expect(document.querySelector('[data-genre-id="7"]')!.getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelector('[data-genre-id=""]')!.getAttribute('aria-pressed')).toBe('false');
    more().click();
    await vi.waitFor(() => expect(asked.at(-1)).toBe('/recommendations/loadShows/?page=2&genreId=7'));
  });

  it('the empty page asks for the count every 3 s until it is above 0, then shows the list', async () => {
    vi.useFakeTimers();
    page(0, '', false);
    let count = 0;
    answer = (url) => {
      if (url.startsWith('/recommendations/CheckShows/')) return JSON.stringify({ count });
      if (url.startsWith('/recommendations/loadGenres/')) return '<button data-genre-id="">Все</button>';
      return card(5);
    };
    startRecommendations(document);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(RECOMMENDATIONS_POLL_MS);
    await vi.advanceTimersByTimeAsync(RECOMMENDATIONS_POLL_MS);
    expect(asked).toEqual(['/recommendations/CheckShows/', '/recommendations/CheckShows/']);
    expect(document.querySelector<HTMLElement>('[data-recommendation-list]')!.hidden).toBe(true);
    count = 3;
    await vi.advanceTimersByTimeAsync(RECOMMENDATIONS_POLL_MS);
    await vi.waitFor(() => expect(shown()).toEqual([5]));
    expect(document.querySelector<HTMLElement>('[data-recommendation-list]')!.hidden).toBe(false);
    expect(document.querySelector<HTMLElement>('.recommendations__empty')!.hidden).toBe(true);
    expect(asked.slice(2)).toEqual([
      '/recommendations/CheckShows/',
      '/recommendations/loadGenres/',
      '/recommendations/loadShows/?page=1',
    ]);
    await vi.advanceTimersByTimeAsync(RECOMMENDATIONS_POLL_MS * 3);
    expect(asked).toHaveLength(5);
  });
});

describe('the generic popup', () => {
  it('builds every option of the list and calls the close callback once per opening', () => {
    document.body.innerHTML = '';
    const onClose = vi.fn();
    const dialog = createPopup({
      title: 'Заголовок',
      body: 'Текст',
      footerContent: 'Подвал',
      closeIcon: true,
      size: 'large',
      theme: 'accent',
      padding: 'none',
      ignoreOverlayClick: true,
      className: 'my-popup',
      onClose,
    });
    expect(dialog.className).toBe('popup popup--large popup--accent popup--flush my-popup');
    expect(dialog.hasAttribute('data-ignore-overlay')).toBe(true);
    expect(dialog.querySelector('.popup__title')!.textContent).toBe('Заголовок');
    expect(dialog.querySelector('.popup__close')).not.toBeNull();
    expect(dialog.querySelector('.popup__footer')!.textContent).toBe('Подвал');
    openPopup(dialog);
    expect(dialog.open).toBe(true);
    dialog.querySelector<HTMLButtonElement>('.popup__close')!.click();
    expect(dialog.open).toBe(false);
    expect(onClose).toHaveBeenCalledTimes(1);
    openPopup(dialog);
    closePopup(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);

    const plain = createPopup({ title: 'Без шапки', body: 'x', header: false, footer: false, footerContent: 'y' });
    expect(plain.querySelector('.popup__header')).toBeNull();
    expect(plain.querySelector('.visually-hidden')!.textContent).toBe('Без шапки');
    expect(plain.querySelector('.popup__footer')).toBeNull();
    expect(plain.querySelector('.popup__close')).toBeNull();
    expect(plain.className).toBe('popup popup--medium popup--light');
  });
});
