/**
 * Seats sold only together (spec 4.1): a group (group-id > 0) and an exclusive (star) pair are
 * selected and deselected together. The server expands a set whichever seat of it is sent and
 * holds it all or nothing; the widget names the set it knows so the call is the spec's one:
 *
 * - a group: /hallPlace/selectGroup/ and /hallPlace/deselectGroup/ with every member [{cypher, tax}];
 * - an exclusive pair: the same two calls in their exclusive form, the counterpart marked
 *   {exclisivePlace: true, baseObjId}. One all-or-nothing call holds both seats, so the widget does
 *   not add /hallPlace/selectExclusive/ after it: a second call would be a second hold attempt
 *   on a seat the first one already holds;
 * - a set the map does not describe (a pair when the map has no pairs): a plain select. The
 *   answer's ticketHashList names every place of the basket, so the places it holds that were not
 *   the buyer's before the call are the set; the widget remembers it, and a deselect's answer
 *   again says which places left the basket with the one sent.
 */
import type { GroupPlace } from '../api/hall.js';
import type { HallContext } from './hall-context.js';
import type { MapPlace } from './hall-store.js';
import { hallPicks } from './picks.js';

export interface PlaceSet {
  kind: 'single' | 'group' | 'pair' | 'held';
  /** Place ids, the chosen place first. */
  ids: number[];
}

/** The set `p` is sold in, as far as the map (or an earlier answer) tells. */
export function placeSet(ctx: Pick<HallContext, 'data' | 'state'>, p: MapPlace): PlaceSet {
  const { data } = ctx;
  const first = (ids: Iterable<number>) => [p.id, ...[...ids].filter((id) => id !== p.id)];
  if (p.group > 0) {
    const members = data.groups.get(p.group);
    if (members && members.length > 1) return { kind: 'group', ids: first(members) };
  }
  const partner = data.pairs?.get(p.id);
  if (partner !== undefined && partner !== p.id) return { kind: 'pair', ids: [p.id, partner] };
  const held = hallPicks(ctx.state).sets[p.id];
  if (held && held.length > 1) return { kind: 'held', ids: first(held) };
  return { kind: 'single', ids: [p.id] };
}

/** The places of a set as the group calls send them; `taxOf` gives each member's tariff. */
export function groupPlaces(
  ctx: Pick<HallContext, 'data' | 'performanceId'>,
  set: PlaceSet,
  taxOf: (p: MapPlace) => number | undefined,
): GroupPlace[] {
  const out: GroupPlace[] = [];
  set.ids.forEach((id, i) => {
    const p = ctx.data.places.get(id);
    if (!p) return;
    const tax = taxOf(p);
    const place: GroupPlace = tax === undefined ? { cypher: p.cypher } : { cypher: p.cypher, tax };
    out.push(set.kind === 'pair' && i > 0 ? { ...place, exclisivePlace: true, baseObjId: ctx.performanceId } : place);
  });
  return out;
}

/** Remembers that `ids` are held together (two or more), so that they leave the basket together. */
export function rememberSet(ctx: Pick<HallContext, 'state'>, ids: readonly number[]): void {
  const { sets } = hallPicks(ctx.state);
  if (ids.length < 2) return;
  for (const id of ids) sets[id] = [...ids];
}

export function forgetSet(ctx: Pick<HallContext, 'state'>, ids: readonly number[]): void {
  const { sets } = hallPicks(ctx.state);
  for (const id of ids) delete sets[id];
}
