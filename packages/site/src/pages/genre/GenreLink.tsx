/** @jsxRuntime automatic */
import { type UrlSession, withSession } from '../chrome.js';

/** The genre page's address (decision 0040): /genre/{genre}/, or /genre/{genre}/{subgenre}/. */
export const genrePath = (slug: string, parentSlug?: string | null) =>
  parentSlug
    ? `/genre/${encodeURIComponent(parentSlug)}/${encodeURIComponent(slug)}/`
    : `/genre/${encodeURIComponent(slug)}/`;

/**
 * A link to a genre's page (spec 2.7), for the show page's genre and the site's navigation.
 * A sub-genre's page needs its parent's URL name too.
 */
export function GenreLink({
  genre,
  session = null,
  className,
}: {
  genre: { name: string; slug: string; parentSlug?: string | null };
  session?: UrlSession | null;
  className?: string;
}) {
  return (
    <a className={className ?? 'genre-link'} href={withSession(genrePath(genre.slug, genre.parentSlug), session)}>
      {genre.name}
    </a>
  );
}
