/**
 * The name of a place's set as SQL, in a module that imports nothing (like gift-rule.ts): the
 * basket's contents read it, and the basket's routines import the contents.
 */

/**
 * The key naming a place's set among the basket's lines (spec 2.3: deleting one ticket of a set
 * highlights the whole set), from the same columns as basket_place_set: the places of one group
 * (group id > 0, hall-wide) share 'g{hall}.{group}', an exclusive pair 'p{lower place id}'; a
 * place sold alone has none (NULL). A place that had both a group and a pair would be named by
 * its group (the seeded halls have none such). `pl` is the alias of places.
 */
export function placeSetKeySql(pl: string): string {
  return `CASE WHEN ${pl}.group_id > 0 THEN 'g' || ${pl}.hall_id || '.' || ${pl}.group_id
              WHEN ${pl}.exclusive_pair_place_id IS NOT NULL
              THEN 'p' || least(${pl}.id, ${pl}.exclusive_pair_place_id) END`;
}
