import { familyOf, GENRES, ORGANIZERS } from '../catalogue/genres.js';
import type { HallKey } from '../catalogue/geography.js';
import {
  actorBio,
  artistBio,
  designerBio,
  directorBio,
  PersonBook,
  type PersonSpec,
  type Troupe,
} from '../catalogue/people.js';
import type { ShowSpec } from '../catalogue/shows.js';
import { describeShow, reviewsFor } from '../catalogue/texts.js';
import { allocateIds, insertRows } from '../insert.js';
import type { Random } from '../random.js';
import { SlugRegistry } from '../slug.js';
import { atMoscow } from '../time.js';
import type { SeedContext } from './context.js';
import type { SeededHall } from './places.js';

export interface GenreRefs {
  genreId: Map<string, number>;
  organizerId: Map<string, number>;
}

/** The genre tree and the organizers. */
export async function writeGenresAndOrganizers({ tx }: SeedContext): Promise<GenreRefs> {
  const rootIds = await allocateIds(tx, 'genres', GENRES.length);
  const children = GENRES.flatMap((g, i) => g.children.map((c) => ({ ...c, parent: rootIds[i]! })));
  const childIds = await allocateIds(tx, 'genres', children.length);
  const genreId = new Map<string, number>();
  for (const [i, g] of GENRES.entries()) genreId.set(g.slug, rootIds[i]!);
  for (const [i, c] of children.entries()) genreId.set(c.slug, childIds[i]!);
  await insertRows(tx, 'genres', { id: 'int', parent_id: 'int', name: 'text', slug: 'text' }, [
    ...GENRES.map((g, i) => ({ id: rootIds[i], parent_id: null, name: g.name, slug: g.slug })),
    ...children.map((c, i) => ({ id: childIds[i], parent_id: c.parent, name: c.name, slug: c.slug })),
  ]);
  const organizerSlugs = new SlugRegistry();
  const organizerIds = await allocateIds(tx, 'organizers', ORGANIZERS.length);
  const organizerId = new Map(ORGANIZERS.map((o, i) => [o.key, organizerIds[i]!]));
  await insertRows(
    tx,
    'organizers',
    { id: 'int', name: 'text', slug: 'text', description: 'text' },
    ORGANIZERS.map((o, i) => ({
      id: organizerIds[i],
      name: o.name,
      slug: organizerSlugs.take(o.name),
      description: o.description,
    })),
  );

  return { genreId, organizerId };
}

/**
 * People (each theatre's own company, the artists of every other show), the shows with their
 * generated descriptions, who does what in them, the audience's ratings and some reviews.
 * Returns the show ids, in the order of `shows`.
 */
export async function writeShows(
  { tx, now, random, progress }: SeedContext,
  shows: ShowSpec[],
  hallByKey: Map<HallKey, SeededHall>,
  { genreId, organizerId }: GenreRefs,
): Promise<number[]> {
  progress('shows');
  const halls = [...hallByKey.values()];
  const people = new PersonBook(random.fork('people'));
  const troupes = new Map<HallKey, Troupe>();
  for (const h of halls) {
    if (h.plan.kind !== 'theatre') continue;
    const r = random.fork(`troupe/${h.venue.key}`);
    const of = `театра «${h.venue.name.replace(/^.*«(.*)»$/, '$1')}»`;
    troupes.set(h.venue.key, {
      directors: [false, true, false].map((f) => people.generate(f, (n) => directorBio(r, n, f))),
      designers: [true, false].map((f) => people.generate(f, (n) => designerBio(r, n, f))),
      actors: Array.from({ length: 16 }, (_, i) => i % 2 === 1).map((f) =>
        people.generate(f, (n) => actorBio(r, n, f, of)),
      ),
    });
  }
  const castOf: Array<Array<{ person: PersonSpec; role: string }>> = shows.map((show) => {
    const r = random.fork(`cast/${show.name}`);
    if (show.cast === 'troupe') {
      const troupe = troupes.get(show.hall);
      if (!troupe) throw new Error(`${show.name}: no troupe at ${show.hall}`);
      return [
        { person: r.pick(troupe.directors), role: 'Режиссёр-постановщик' },
        { person: r.pick(troupe.designers), role: 'Художник-постановщик' },
        ...r
          .sample(troupe.actors, r.int(4, 6))
          .map((person) => ({ person, role: person.female ? 'Актриса' : 'Актёр' })),
      ];
    }
    return show.cast.map((m) => {
      const female = m.female ?? false;
      const person = m.name
        ? people.named(m.name, female, () => artistBio(r, m.name!, female, m.role))
        : people.generate(female, (n) => artistBio(r, n, female, m.role));
      return { person, role: m.role };
    });
  });
  const personIds = await allocateIds(tx, 'persons', people.people.length);
  const personId = new Map(people.people.map((p, i) => [p, personIds[i]!]));
  const personSlugs = new SlugRegistry();
  await insertRows(
    tx,
    'persons',
    { id: 'int', name: 'text', slug: 'text', bio: 'text' },
    people.people.map((p, i) => ({ id: personIds[i], name: p.name, slug: personSlugs.take(p.name), bio: p.bio })),
  );

  const showIds = await allocateIds(tx, 'shows', shows.length);
  const showSlugs = new SlugRegistry();
  const ratings = shows.map((show) => audienceScores(random.fork(`ratings/${show.name}`), show));
  await insertRows(
    tx,
    'shows',
    {
      id: 'int',
      slug: 'text',
      name: 'text',
      genre_id: 'int',
      organizer_id: 'int',
      building_id: 'int',
      age_mark: 'int',
      description: 'text',
      image: 'text',
      duration_minutes: 'int',
      tags: 'text[]',
      rating: 'real',
      votes: 'int',
      created_at: 'timestamptz',
    },
    shows.map((show, i) => {
      const r = random.fork(`show/${show.name}`);
      const cast = castOf[i]!;
      const hall = hallByKey.get(show.hall)!;
      const scores = ratings[i]!;
      const average = scores.reduce((a, b) => a + b, 0) / scores.length;
      return {
        id: showIds[i],
        slug: showSlugs.take(show.name),
        name: show.name,
        genre_id: genreId.get(show.genre),
        organizer_id: show.organizer ? organizerId.get(show.organizer) : null,
        building_id: hall.buildingId,
        age_mark: show.age,
        description: describeShow(r, show, familyOf(show.genre), {
          venue: hall.venue.name,
          director: cast.find((c) => c.role === 'Режиссёр-постановщик')?.person.name ?? null,
          actors: cast.filter((c) => c.role === 'Актёр' || c.role === 'Актриса').map((c) => c.person.name),
          people: cast.map((c) => ({ name: c.person.name, role: c.role })),
        }),
        image: `/media/poster/${showIds[i]}.svg`,
        duration_minutes: show.minutes,
        tags: show.tags ?? [],
        rating: Math.round(average * 10) / 10,
        votes: scores.length,
        created_at: atMoscow(now, -r.int(20, 400), 12).toISOString(),
      };
    }),
  );
  await insertRows(
    tx,
    'show_persons',
    { show_id: 'int', person_id: 'int', role: 'text', sort: 'int' },
    castOf.flatMap((cast, i) =>
      cast.map((c, sort) => ({ show_id: showIds[i], person_id: personId.get(c.person), role: c.role, sort })),
    ),
  );
  await insertRows(
    tx,
    'ratings',
    { show_id: 'int', voter_key: 'text', score: 'int', created_at: 'timestamptz' },
    ratings.flatMap((scores, i) =>
      scores.map((score, n) => ({
        show_id: showIds[i],
        voter_key: `demo-voter-${n + 1}`,
        score,
        created_at: atMoscow(now, -1 - (n % 90), 12).toISOString(),
      })),
    ),
  );
  await insertRows(
    tx,
    'reviews',
    {
      show_id: 'int',
      author_name: 'text',
      text: 'text',
      rating: 'int',
      answer_text: 'text',
      answer_viewed: 'boolean',
      created_at: 'timestamptz',
    },
    shows.flatMap((show, i) => {
      const r = random.fork(`reviews/${show.name}`);
      if (!r.chance(0.7)) return [];
      return reviewsFor(r, familyOf(show.genre), show.quality, r.int(1, 4)).map((review) => ({
        show_id: showIds[i],
        author_name: review.author,
        text: review.text,
        rating: review.rating,
        answer_text: review.answer,
        answer_viewed: review.answer !== null,
        created_at: atMoscow(now, -review.daysAgo, 12).toISOString(),
      }));
    }),
  );

  return showIds;
}

/** Votes of the audience: popular shows get more, scores scatter around the show's quality. */
function audienceScores(random: Random, show: ShowSpec): number[] {
  const votes = Math.round(8 + show.popularity * random.int(40, 160));
  return Array.from({ length: votes }, () => {
    const noise = (random.next() + random.next() + random.next() - 1.5) * 1.4;
    return Math.min(5, Math.max(1, Math.round(show.quality + noise)));
  });
}
