/** @jsxRuntime automatic */

export interface SearchMapProps {
  city: string;
  /** The tile source (MAP_TILES_URL), or null: placemarks on a plain background. */
  tiles: { url: string; attribution: string; subdomains: string } | null;
}

/**
 * The venue map of the performance search (spec 2.6): a button that opens the map of the venues
 * of the results, and its panel. Hidden without scripts (it needs them); the map's code loads only
 * when it is opened (client/map/search-map.ts), and it opens by itself with #map_open=1.
 */
export function SearchMap({ city, tiles }: SearchMapProps) {
  return (
    <section className="search-map" data-search-map="" data-city={city} aria-label="Карта площадок" hidden>
      <button
        type="button"
        className="button button--outline search-map__toggle"
        data-map-toggle=""
        aria-expanded="false"
        aria-controls="search-map-panel"
      >
        Показать на карте
      </button>
      <div id="search-map-panel" className="search-map__panel" hidden>
        <p className="search-map__status" data-map-status="" aria-live="polite" />
        <div
          className="site-map search-map__canvas"
          data-map=""
          data-tiles-url={tiles?.url}
          data-tiles-attribution={tiles?.attribution}
          data-tiles-subdomains={tiles?.subdomains}
        />
      </div>
    </section>
  );
}
