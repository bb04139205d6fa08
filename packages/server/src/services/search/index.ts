/**
 * Search (site-browsing-account.md 2.2, 2.6, 5, 7 Search; decision 0037): the header's
 * suggestions, the results pages and their filter counts, over the database's full-text and
 * trigram search. text.ts owns the rules of a query's text, match.ts how a row matches.
 */
export { dayAndTime, SUGGESTED } from './autocomplete.js';
export { countText } from './count-text.js';
export type { FoundPeople, FoundShowLink, FoundVenue, GenreBranch } from './entities.js';
export {
  formatFilterDate,
  parseFilterDate,
  parseFilters,
  SEARCH_MAX_PAGE,
  SEARCH_PAGE_SIZE,
  type SearchFilters,
  type WireFilters,
} from './filters.js';
export {
  type ResultItems,
  type ResultsKind,
  type ResultsPage,
  type Search,
  type SearchDeps,
  searchOf,
} from './service.js';
export type { FoundShow } from './shows.js';
export { readingsOf, searchKey, switchLayout, transliterate } from './text.js';
