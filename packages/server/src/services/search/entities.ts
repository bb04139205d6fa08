import type { Queryable } from '../../db/index.js';
import { showPath } from '../catalogue/fragments.js';
import { organizerPath } from '../catalogue/organizer.js';
import { personPath } from '../catalogue/person.js';
import type { AheadEntry } from './ahead.js';
import { pageOf, type SearchSource } from './shows.js';

export interface FoundVenue {
  id: number;
  name: string;
  address: string;
  metroName: string;
  /** 'venue' or 'organizer' (labelled 'Организатор'). */
  type: string;
  image: string;
  widescreenImage: string;
  /** Its shows ahead that pass the filters. */
  showCount: number;
}

export interface FoundShowLink {
  name: string;
  url: string;
}

/** A person or an organizer with their shows ahead. */
export interface FoundPeople {
  id: number;
  name: string;
  /** Their own page: /person/{slug}/ or /organizer/{slug}/ (decision 0048). */
  url: string;
  image: string;
  shows: FoundShowLink[];
}

/** Shows a person's or an organizer's entry lists. */
export const SHOWS_PER_ENTRY = 3;

/**
 * The entries that match the text (all without one), ranked by relevance, then by name: with a
 * text the best match first, without one in the order of names.
 */
function ranked<E extends { id: number; nameRank: number }>(
  entries: readonly E[],
  matches: Map<number, number> | null,
): E[] {
  const found = matches ? entries.filter((e) => matches.has(e.id)) : [...entries];
  const relevance = (e: E) => matches?.get(e.id) ?? 0;
  return found.sort((a, b) => relevance(b) - relevance(a) || a.nameRank - b.nameRank);
}

/** Venues with shows ahead that pass the filters, matching the text; by relevance, then name. */
export function searchVenues(src: SearchSource, limit: number, offset: number): { total: number; items: FoundVenue[] } {
  const page = pageOf(ranked(src.ahead.venues, src.matches?.building ?? null), limit, offset);
  return {
    total: page.total,
    items: page.items.map((v) => ({
      id: v.id,
      name: v.name,
      address: v.address,
      metroName: v.metroName,
      type: v.type,
      image: v.image,
      widescreenImage: v.widescreenImage,
      showCount: v.showIds.length,
    })),
  };
}

/**
 * Persons or organizers matching the text with shows ahead that pass the filters (a person
 * through the casts, an organizer through the shows it organises); each with its first shows
 * by date. Without a text: those with shows ahead, by name.
 */
export function searchPeople(
  src: SearchSource,
  kind: 'person' | 'organizer',
  limit: number,
  offset: number,
): { total: number; items: FoundPeople[] } {
  const entries = kind === 'person' ? src.ahead.persons : src.ahead.organizers;
  const page = pageOf(
    ranked<AheadEntry & { slug: string; image?: string }>(entries, src.matches?.[kind] ?? null),
    limit,
    offset,
  );
  return {
    total: page.total,
    items: page.items.map((p) => ({
      id: p.id,
      name: p.name,
      url: kind === 'person' ? personPath(p.slug) : organizerPath(p.slug),
      image: p.image ?? '',
      shows: p.showIds.slice(0, SHOWS_PER_ENTRY).map((id) => {
        const show = src.ahead.titles.get(id)!;
        return { name: show.name, url: showPath(show.slug) };
      }),
    })),
  };
}

export interface FoundGenre {
  id: number;
  name: string;
  /** A root genre (g=) rather than a sub-genre (sg=). */
  isParent: boolean;
}

/** Genres whose name matches the text, best first. */
export function searchGenres(src: SearchSource, limit: number): FoundGenre[] {
  if (!src.matches) return [];
  return ranked(src.ahead.genres, src.matches.genre)
    .slice(0, limit)
    .map((g) => ({ id: g.id, name: g.name, isParent: g.parentId === null }));
}

export interface GenreBranch {
  id: number;
  name: string;
  children: Array<{ id: number; name: string }>;
}

/** The genre tree of the filters (g: a root genre, sg: a sub-genre), roots and children by id. */
export async function listGenreTree(db: Queryable): Promise<GenreBranch[]> {
  const { rows } = await db.query<{ id: number; name: string; parent_id: number | null }>(
    'SELECT id, name, parent_id FROM genres ORDER BY id',
  );
  const roots = rows.filter((r) => r.parent_id === null);
  return roots.map((r) => ({
    id: r.id,
    name: r.name,
    children: rows.filter((c) => c.parent_id === r.id).map((c) => ({ id: c.id, name: c.name })),
  }));
}
