/**
 * The search pages' filter keys (site-browsing-account.md 2.6, 7 Search): text, g (genres), sg
 * (sub-genres), mnd and mxd (the date range, dd.mm.yyyy on /search/performance/) and page. A key
 * with several values joins them with ':'. Values that are not what the key takes are ignored,
 * never an error: the address is the buyer's to edit.
 */

/** Results per page of a search results page. */
export const SEARCH_PAGE_SIZE = 20;
/** Deeper pages are not read: nobody pages that far, and the offset would grow unbounded. */
export const SEARCH_MAX_PAGE = 50;
/** A key takes at most this many values (a tree of a few dozen genres). */
const MAX_VALUES = 50;

export interface SearchFilters {
  text: string;
  /** Parent genres: a show of any of their sub-genres matches too. */
  genres: number[];
  subgenres: number[];
  /** Dates as yyyy-mm-dd, in the city's time zone; from and till inclusive. */
  from: string | null;
  till: string | null;
  /** A venue's shows only (bid, the suggestions' venue links). */
  venueId: number | null;
  page: number;
}

/** The wire's filter keys, as the contract parses them (strings). */
export interface WireFilters {
  text?: string;
  g?: string;
  sg?: string;
  mnd?: string;
  mxd?: string;
  bid?: string;
  page?: number;
}

/** '3:5:x:5' → [3, 5]: positive ids, each once. */
export function idList(value: string | undefined): number[] {
  if (!value) return [];
  const ids = value
    .split(':')
    .filter((v) => /^\d{1,9}$/.test(v))
    .map(Number)
    .filter((n) => n > 0);
  return [...new Set(ids)].slice(0, MAX_VALUES);
}

/** 'dd.mm.yyyy' (or the filter pickers' 'dd.mm.yy', spec 5) → 'yyyy-mm-dd'; null unless a real date. */
export function parseFilterDate(value: string | undefined): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{2}|\d{4})$/.exec(value?.trim() ?? '');
  if (!m) return null;
  const [, dd, mm, yy] = m as unknown as [string, string, string, string];
  const year = yy.length === 2 ? 2000 + Number(yy) : Number(yy);
  const date = new Date(Date.UTC(year, Number(mm) - 1, Number(dd)));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== Number(mm) - 1 || date.getUTCDate() !== Number(dd)) {
    return null;
  }
  return date.toISOString().slice(0, 10);
}

/** 'yyyy-mm-dd' → 'dd.mm.yyyy' (how /search/performance/ writes mnd and mxd). */
export function formatFilterDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

export function parseFilters(wire: WireFilters): SearchFilters {
  let from = parseFilterDate(wire.mnd);
  let till = parseFilterDate(wire.mxd);
  if (from && till && from > till) [from, till] = [till, from];
  const page = Math.trunc(Number(wire.page ?? 1));
  return {
    text: (wire.text ?? '').trim(),
    genres: idList(wire.g),
    subgenres: idList(wire.sg),
    from,
    till,
    venueId: idList(wire.bid)[0] ?? null,
    page: Number.isFinite(page) ? Math.min(Math.max(page, 1), SEARCH_MAX_PAGE) : 1,
  };
}

/** The filters as a cache key (the same search, however its address was written). */
export function filtersKey(f: SearchFilters): string {
  return [
    f.text.toLowerCase(),
    f.genres.join(':'),
    f.subgenres.join(':'),
    f.from ?? '',
    f.till ?? '',
    f.venueId ?? '',
    f.page,
  ].join('|');
}
