import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ResultPager } from '../src/pages/search/ResultParts.js';

/** The pager shared by the search's results (spec 2.6) and the genre page (2.7). */
describe('the result pager', () => {
  const pager = (page: number, pages: number) =>
    renderToStaticMarkup(<ResultPager page={page} pages={pages} href={(n) => `/genre/teatr/page-${n}/`} />);

  it('is left out when everything fits on one page', () => {
    expect(pager(1, 1)).toBe('');
    expect(pager(1, 0)).toBe('');
  });

  it('links every other page by its address and marks the current one', () => {
    const html = pager(2, 3);
    expect(html).toContain('<nav class="search-pager" aria-label="Страницы">');
    expect([...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/genre/teatr/page-1/',
      '/genre/teatr/page-3/',
    ]);
    expect(html).toContain('<span class="search-pager__page is-current" aria-current="page">2</span>');
  });

  it('lists 50 pages at the most', () => {
    expect(pager(1, 80).match(/search-pager__page/g)).toHaveLength(50);
  });
});
