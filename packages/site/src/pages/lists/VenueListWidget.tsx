/** @jsxRuntime automatic */
import type { AfishaPageData } from './AfishaPage.js';
import { MoreLink } from './MoreLink.js';
import { LANDING_IN_ROW } from './shows-when.js';

/** The venue list widget (spec 2.12): the city's venues with 'load more' (GET /placetype/jsGetBuildings/). */
export function VenueListWidget({ data }: { data: AfishaPageData }) {
  const { venues } = data;
  return (
    <section className="list-widget" aria-labelledby="venue-list-title" data-list-widget="venues">
      <h2 id="venue-list-title" className="list-widget__title">
        Площадки
      </h2>
      <ul
        className="list-grid list-grid--venues"
        data-list-items=""
        data-list-url="/placetype/jsGetBuildings/"
        data-list-limit={venues.limit}
        data-list-query={new URLSearchParams({
          inRow: String(LANDING_IN_ROW),
          city: data.chrome.city.subdomain,
        }).toString()}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own items, every value escaped (lists-html.ts)
        dangerouslySetInnerHTML={{ __html: venues.html }}
      />
      <MoreLink hidden={venues.count < venues.shown} href={`/afisha/?venues=${venues.shown + venues.limit}`} />
    </section>
  );
}
