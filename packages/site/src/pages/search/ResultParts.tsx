/** @jsxRuntime automatic */
import type { ReactNode } from 'react';
import type { SearchPageData } from './SearchPage.js';
import { SearchResultList } from './SearchResultList.js';

/** The most page numbers the pager lists (the search's results and a genre page's). */
const MOST_PAGES = 50;

/**
 * The pages of a result list (spec 2.6, 2.7): a number a page, up to 50, the current one not a
 * link; nothing when everything fits on one page. `href` makes a page's address: the search's
 * keys with page=N, or a genre page's 'page-N/'.
 */
export function ResultPager({ page, pages, href }: { page: number; pages: number; href: (n: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav className="search-pager" aria-label="Страницы">
      {Array.from({ length: Math.min(pages, MOST_PAGES) }, (_, i) => i + 1).map((n) =>
        n === page ? (
          <span key={n} className="search-pager__page is-current" aria-current="page">
            {n}
          </span>
        ) : (
          <a key={n} className="search-pager__page" href={href(n)}>
            {n}
          </a>
        ),
      )}
    </nav>
  );
}

/**
 * The results column of the search (spec 2.6) and of a genre page (2.7): how many were found, what
 * the page puts above the list (the search's venue map), the list and its pages.
 */
export function ResultsColumn({
  id,
  data,
  pageHref,
  children,
}: {
  /** The id of the count line, which names the column. */
  id: string;
  data: SearchPageData;
  pageHref: (n: number) => string;
  children?: ReactNode;
}) {
  const { result } = data;
  return (
    <section className="search-page__results" aria-labelledby={id}>
      <p id={id} className="search-page__found">
        {result.total === 0 ? 'Ничего не найдено' : `Найдено: ${result.total}`}
      </p>
      {children}
      <SearchResultList data={data} />
      <ResultPager page={result.page} pages={result.pages} href={pageHref} />
    </section>
  );
}
