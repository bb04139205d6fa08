/** @jsxRuntime automatic */
import type { ListWidgetData } from './AfishaPage.js';

/**
 * A list widget's items (spec 2.12): the server's first items, and what client/lists.ts needs to
 * fetch the next ones ('more' asks `url` with `query`, `limit` items at a time).
 */
export function ListItems({
  kind,
  url,
  query,
  items,
}: {
  kind: 'shows' | 'venues';
  url: string;
  query: URLSearchParams;
  items: ListWidgetData;
}) {
  return (
    <ul
      className={`list-grid list-grid--${kind}`}
      data-list-items=""
      data-list-url={url}
      data-list-limit={items.limit}
      data-list-query={query.toString()}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own items, every value escaped (lists-html.ts)
      dangerouslySetInnerHTML={{ __html: items.html }}
    />
  );
}
