/**
 * Catalogue reads for the public pages: cities, upcoming performances, show pages and the hall
 * page configuration. Plain queries over a Queryable, no HTTP; money in kopecks, times as ISO.
 */

export { loadAvailability, type PerformanceAvailability } from './availability.js';
export { type CatalogueChange, type ChangeFeed, changeFeedOf } from './changes.js';
export { CAPITAL_SUBDOMAIN, type City, findCity, listCities } from './cities.js';
export {
  hallSvgUrl,
  performancePath,
  posterUrl,
  type SaleState,
  showPath,
} from './fragments.js';
export { getHallPage, type HallPage, type HallPageViewer } from './hall-page.js';
export { type CachedCatalogue, cachedCatalogueOf, PageDataCache } from './page-cache.js';
export {
  getShowPage,
  SHOW_PAGE_PERFORMANCE_LIMIT,
  type ShowPage,
  type ShowPerformance,
  type ShowPerson,
  type ShowVenue,
} from './show.js';
export { listUpcomingPerformances, type PerformanceCard, type UpcomingPage, type UpcomingQuery } from './upcoming.js';
