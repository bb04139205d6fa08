/** @jsxRuntime automatic */
import { withSession } from '../chrome.js';
import { Layout } from '../Layout.js';
import { ResultsColumn } from '../search/ResultParts.js';
import type { SearchPageData } from '../search/SearchPage.js';
import { GenreFilterForm } from './GenreFilterForm.js';

/** A genre page is a performance search narrowed to a genre: the search's data, and the genre's own. */
export interface GenrePageData extends SearchPageData {
  genre: { name: string; slug: string; parent: { name: string; slug: string } | null };
  /** The page's address without 'page-N/' (where the filter form goes, spec 2.7). */
  basePath: string;
  /** The chosen dates as dd.mm or dd.mm - dd.mm (spec 2.7); empty without dates. */
  range: string;
  /** The filter keys the page links keep. */
  pageQuery: string;
}

/** The genre page (spec 2.7): the genre's shows ahead, the search's filters, pages as 'page-N/'. */
export function GenrePage({ data }: { data: GenrePageData }) {
  const { genre } = data;
  const session = data.chrome.urlSession;
  return (
    <Layout chrome={data.chrome}>
      <div className="container search-page genre-page" data-genre-page={genre.slug}>
        {genre.parent ? (
          <nav className="genre-page__crumbs" aria-label="Жанр">
            <a href={withSession(`/genre/${genre.parent.slug}/`, session)}>{genre.parent.name}</a>
          </nav>
        ) : null}
        <h1 className="search-page__title genre-page__title">
          {genre.name}
          <span className="genre-page__range" data-genre-range="" hidden={!data.range}>
            {data.range}
          </span>
        </h1>
        <div className="search-page__grid">
          <GenreFilterForm data={data} />
          <ResultsColumn
            id="genre-found"
            data={data}
            pageHref={(n) => withSession(`${data.basePath}${n > 1 ? `page-${n}/` : ''}?${data.pageQuery}`, session)}
          />
        </div>
      </div>
    </Layout>
  );
}
