/** @jsxRuntime automatic */
import type { AfishaPageData } from './AfishaPage.js';
import { ListItems } from './ListItems.js';
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
      <ListItems
        kind="venues"
        url="/placetype/jsGetBuildings/"
        query={new URLSearchParams({ inRow: String(LANDING_IN_ROW), city: data.chrome.city.subdomain })}
        items={venues}
      />
      <MoreLink hidden={venues.count < venues.shown} href={`/afisha/?venues=${venues.shown + venues.limit}`} />
    </section>
  );
}
