import type { Queryable } from '../../db/index.js';
import type { CitySpec, HallKey } from '../catalogue/geography.js';
import type { ShowSpec } from '../catalogue/shows.js';
import { PLACEMENT_ELSEWHERE, PLACEMENT_MAIN } from '../extras.js';
import { insertRows } from '../insert.js';

/**
 * The demo promo banners (site-browsing-account.md 2.5, 7 Promo banners; decision 0038): in
 * each city, both placements (6813 the main page, 9815 elsewhere) fill every slot the pages
 * show: 1 and 2 the top side banners, 3 and 4 the footer promo block (and the mobile list),
 * 5 the footer's wide banner (not in the mobile list). The city's most popular shows, the main
 * page's from the top of the list and the other pages' further down, so they differ; a city
 * with few shows repeats them.
 */
export const DEMO_BANNER_SLOTS: readonly { slot: number; items: number }[] = [
  { slot: 1, items: 1 },
  { slot: 2, items: 1 },
  { slot: 3, items: 4 },
  { slot: 4, items: 4 },
  { slot: 5, items: 1 },
];

/** Where the other pages' banners start in a city's popular list. */
const ELSEWHERE_OFFSET = 5;

export async function writeBanners(
  tx: Queryable,
  refs: {
    cities: CitySpec[];
    cityId: Map<string, number>;
    shows: ShowSpec[];
    showIds: number[];
    cityOfHall: (hall: HallKey) => string;
  },
): Promise<void> {
  const rows = refs.cities.flatMap((city) => {
    const here = refs.shows
      .map((s, i) => ({ s, id: refs.showIds[i] as number }))
      .filter(({ s }) => refs.cityOfHall(s.hall) === city.subdomain)
      .sort((a, b) => b.s.popularity - a.s.popularity || a.id - b.id);
    if (here.length === 0) return [];
    const placement = (placementId: number, start: number) => {
      let next = start;
      return DEMO_BANNER_SLOTS.flatMap(({ slot, items }) =>
        Array.from({ length: items }, (_, sort) => {
          const show = here[next++ % here.length] as { id: number };
          return {
            city_id: refs.cityId.get(city.subdomain),
            placement_id: placementId,
            slot,
            show_id: show.id,
            image: `/media/poster/${show.id}.svg`,
            active: true,
            sort: sort + 1,
          };
        }),
      );
    };
    return [...placement(PLACEMENT_MAIN, 0), ...placement(PLACEMENT_ELSEWHERE, ELSEWHERE_OFFSET)];
  });
  await insertRows(
    tx,
    'promo_banners',
    {
      city_id: 'int',
      placement_id: 'int',
      slot: 'int',
      show_id: 'int',
      image: 'text',
      active: 'boolean',
      sort: 'int',
    },
    rows,
  );
}
