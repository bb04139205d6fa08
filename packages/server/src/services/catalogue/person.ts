import type { Clock } from '../../clock.js';
import type { Database, Queryable } from '../../db/index.js';
import type { PerformanceCard } from './cards.js';
import { cachedCatalogueOf } from './page-cache.js';
import { previewImageOf, upcomingShowCards } from './person-cards.js';

/** A person's own page: /person/{slug}/ (site-browsing-account.md 2.5 'person page'). */
export const personPath = (slug: string) => `/person/${encodeURIComponent(slug)}/`;

export interface PersonPage {
  person: {
    id: number;
    slug: string;
    name: string;
    /** A short biography; '' when the catalogue has none. */
    bio: string;
    /** The person's photo (an address); null: the page shows the initials. */
    image: string | null;
    /** What they do in their shows ahead ('Режиссёр', 'Гамлет'), each once, most frequent first. */
    roles: string[];
    url: string;
  };
  /** Their shows ahead as poster cards, one per show, nearest first. */
  cards: PerformanceCard[];
  /** The page's link-preview picture (the nearest show's, decision 0048); null: nothing ahead. */
  previewImage: string | null;
}

/**
 * The person page (site-browsing-account.md 2.5 names it among the banner page types; search
 * results 2.6 and the show page's cast slider 2.9 link to it): the person, their biography and
 * their upcoming shows as poster cards. Null for an unknown slug (the page answers 404). A person
 * with nothing ahead still has a page: the biography stays, the list says so.
 */
export async function getPersonPage(db: Queryable, slug: string, now: Date): Promise<PersonPage | null> {
  const { rows } = await db.query<{ id: number; slug: string; name: string; bio: string; image: string | null }>(
    'SELECT id, slug, name, bio, image FROM persons WHERE slug = $1',
    [slug],
  );
  const p = rows[0];
  if (!p) return null;
  const casts = await db.query<{ show_id: number; role: string }>(
    'SELECT show_id, role FROM show_persons WHERE person_id = $1 ORDER BY sort, show_id',
    [p.id],
  );
  const cards = await upcomingShowCards(
    db,
    casts.rows.map((c) => c.show_id),
    now,
  );
  const ahead = new Set(cards.map((c) => c.showId));
  const previewImage = await previewImageOf(db, cards);
  return {
    person: {
      id: p.id,
      slug: p.slug,
      name: p.name,
      bio: p.bio,
      image: p.image,
      roles: rolesOf(casts.rows.filter((c) => ahead.has(c.show_id)).map((c) => c.role)),
      url: personPath(p.slug),
    },
    cards,
    previewImage,
  };
}

function rolesOf(roles: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const role of roles) if (role.trim()) counts.set(role, (counts.get(role) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([role]) => role);
}

/** The person page through the process's catalogue cache (decision 0016), dropped when one of its cards changes. */
export function cachedPersonPage(deps: { db: Database; clock: Clock }, slug: string): Promise<PersonPage | null> {
  return cachedCatalogueOf(deps).cache.get(
    `person:${slug}`,
    () => getPersonPage(deps.db, slug, deps.clock.now()),
    (page) => page.cards.map((c) => c.performanceId),
  );
}
