/** @jsxRuntime automatic */
import type { BoxOfficePoint } from '@partera/contract';
import type { SiteChrome } from '../chrome.js';
import { Layout } from '../Layout.js';
import { KassaFilters } from './KassaFilters.js';
import { KassaList } from './KassaList.js';

export interface Named {
  id: number;
  name: string;
}

export interface KassaPageData {
  chrome: SiteChrome;
  /** The city's points that pass the filters, as GET /kassa/points/ answers them. */
  points: BoxOfficePoint[];
  /** The city's metro stations and divisions that have points (the filters' choices). */
  metros: Named[];
  divisions: Named[];
  selected: { idm: number | null; idd: number | null; online: boolean };
  /** The tile source (MAP_TILES_URL), or null: placemarks on a plain background. */
  tiles: { url: string; attribution: string; subdomains: string } | null;
}

/**
 * Box offices (spec 2.10): the map of the points above their list, the metro (?idm=) and
 * division (?idd=) filters and the 'online only' toggle. Without scripts the form is sent as it
 * is and the list shows what the map would; with them (client/kassa.ts) each change rewrites the
 * address and redraws the map and the list from GET /kassa/points/.
 */
export function KassaPage({ data }: { data: KassaPageData }) {
  const { tiles } = data;
  return (
    <Layout chrome={data.chrome}>
      <div className="container kassa-page" data-kassa-page="" data-city={data.chrome.city.subdomain}>
        <h1 className="kassa-page__title">Кассы</h1>
        <p className="kassa-page__lead">
          Адреса касс, где можно купить билеты: {data.chrome.city.name}. Онлайн-касса продаёт билеты на все события
          сайта.
        </p>
        <KassaFilters data={data} />
        <section
          className="site-map kassa-page__map"
          data-map=""
          data-tiles-url={tiles?.url}
          data-tiles-attribution={tiles?.attribution}
          data-tiles-subdomains={tiles?.subdomains}
          aria-label="Карта касс"
          hidden
        />
        <KassaList points={data.points} />
      </div>
    </Layout>
  );
}
