import type { Queryable } from '../../db/index.js';
import { loadAvailability, type PerformanceAvailability } from '../catalogue/availability.js';
import type { PageDataCache } from '../catalogue/page-cache.js';

/** The free places and 'от' price of performances, by id (catalogue/availability.ts). */
export type AvailabilityOf = (performanceIds: readonly number[]) => Promise<Map<number, PerformanceAvailability>>;

/** The numbers read afresh, in one statement. */
export const freshAvailability =
  (db: Queryable): AvailabilityOf =>
  (ids) =>
    loadAvailability(db, ids);

/**
 * The numbers of each performance kept in `cache` under its own id, tagged with it: the change
 * feed drops them when they change, as it drops the answers that show them, so kept numbers are
 * never staler than a kept answer. A new text whose shows were shown before then asks the
 * database only for its matches. The performances not kept are read in one statement.
 */
export function keptAvailability(db: Queryable, cache: PageDataCache): AvailabilityOf {
  return async (ids) => {
    const readOne = batched((missing) => loadAvailability(db, missing));
    const keptOne = (id: number) =>
      cache.get(
        `availability|${id}`,
        () => readOne(id),
        () => [id],
      );
    const unique = [...new Set(ids)];
    const numbers = await Promise.all(unique.map(keptOne));
    return new Map(unique.flatMap((id, i) => (numbers[i] ? [[id, numbers[i]] as const] : [])));
  };
}

/**
 * One read for the ids asked within the same turn of the event loop (before the microtasks
 * run); an id asked later starts the next read.
 */
function batched<V>(read: (ids: number[]) => Promise<Map<number, V>>): (id: number) => Promise<V | null> {
  let waiting: { ids: number[]; result: Promise<Map<number, V>> } | null = null;
  return (id) => {
    if (!waiting) {
      const batch = { ids: [] as number[], result: Promise.resolve(new Map<number, V>()) };
      batch.result = Promise.resolve().then(() => {
        waiting = null;
        return read(batch.ids);
      });
      waiting = batch;
    }
    waiting.ids.push(id);
    return waiting.result.then((all) => all.get(id) ?? null);
  };
}
