/**
 * A buyer's own compact hall map (decision 0025): their held places laid over the shared map's
 * parts, whether those parts were built before they took the places (the places still for sale
 * there) or after (the places missing there), without changing the shared parts.
 */
import { CATEGORY_ALPHABET, type CompactHallState, deltaDecode, NOT_FOR_SALE } from '@partera/contract';
import { expect, it } from 'vitest';
import { compactJson, compactParts, type HallMapSource } from '../src/services/hall/map.js';

const category = (tariff: number, price: number) =>
  ({
    compact: { color: '#123456', price, countTax: 1, tariff, taxes: {}, privileged: 'default' },
  }) as unknown as HallMapSource['categories'] extends Map<number, infer C> ? C : never;

/** A performance of two price categories (7 and 8) in a hall of five places, 10 to 50. */
function sourceOf(places: Array<[ppId: number, placeId: number, categoryId: number, gifts: number]>): HallMapSource {
  return {
    hallId: 1,
    places: places.map(([ppId, placeId, categoryId, gifts]) => [
      ppId,
      placeId,
      categoryId,
      0,
      '',
      '',
      '',
      0,
      '',
      0,
      null,
      gifts,
    ]),
    categories: new Map([
      [7, category(70, 1000)],
      [8, category(80, 2000)],
    ]),
    sections: new Map(),
    rest: { legend: [], anyPremiumTicketFound: { premium: 'false' }, cannotCreateOrder: false, sections: [] },
  };
}
const layout = { hallId: 1, placeIds: Int32Array.from([10, 20, 30, 40, 50]) };

/** What the compact state says of each layout place: its letter, seat code, tariff if theirs, gifts. */
function read(json: string): Array<{ letter: string; cypher?: number; mine?: number; gifts?: number }> {
  const state = (JSON.parse(json) as { compact: CompactHallState }).compact;
  const cyphers = new Array<number>(state.cypher.length);
  deltaDecode(state.cypher, cyphers);
  const mine = new Map(state.mine);
  const gifts = new Map(state.gifts);
  let k = 0;
  return [...state.avail].map((letter, i) => ({
    letter,
    ...(letter === NOT_FOR_SALE ? {} : { cypher: cyphers[k++] }),
    ...(mine.has(i) ? { mine: mine.get(i) } : {}),
    ...(gifts.has(i) ? { gifts: gifts.get(i) } : {}),
  }));
}

const [A, B] = [CATEGORY_ALPHABET[0]!, CATEGORY_ALPHABET[1]!];

it('lays the buyer’s places over a shared map built before or after they took them, and leaves it as it was', () => {
  // Built for nobody: place 20 was still free (the buyer took it since), place 40 was already held.
  const parts = compactParts(
    sourceOf([
      [101, 10, 7, 0],
      [102, 20, 7, 2],
      [105, 50, 8, 0],
    ]),
    layout,
  );
  const shared = compactJson(parts);
  expect(read(shared)).toEqual([
    { letter: A, cypher: 101 },
    { letter: A, cypher: 102, gifts: 2 },
    { letter: NOT_FOR_SALE },
    { letter: NOT_FOR_SALE },
    { letter: B, cypher: 105 },
  ]);

  const own = compactJson(parts, [
    { performancePlaceId: 104, placeId: 40, priceCategoryId: 8, tariffId: 81, availableGifts: 1 },
    { performancePlaceId: 102, placeId: 20, priceCategoryId: 7, tariffId: null, availableGifts: 2 },
    // A place the layout does not have is left out, as the shared map leaves it out.
    { performancePlaceId: 199, placeId: 99, priceCategoryId: 7, tariffId: null, availableGifts: 0 },
  ]);
  expect(read(own)).toEqual([
    { letter: A, cypher: 101 },
    // Held at no particular tariff: the category's default.
    { letter: A, cypher: 102, mine: 70, gifts: 2 },
    { letter: NOT_FOR_SALE },
    { letter: B, cypher: 104, mine: 81, gifts: 1 },
    { letter: B, cypher: 105 },
  ]);
  expect(compactJson(parts)).toBe(shared);
});

it('writes the same compact map from the parts as from the source with the buyer’s places in it', () => {
  const source = sourceOf([
    [101, 10, 7, 0],
    [103, 30, 8, 3],
  ]);
  // The buyer holds place 30: a map built for them marks it theirs at tariff 80.
  source.places[1]![9] = 1;
  source.places[1]![10] = 80;
  const built = compactJson(compactParts(source, layout));
  const laid = compactJson(compactParts(sourceOf([[101, 10, 7, 0]]), layout), [
    { performancePlaceId: 103, placeId: 30, priceCategoryId: 8, tariffId: 80, availableGifts: 3 },
  ]);
  expect(laid).toBe(built);
});
