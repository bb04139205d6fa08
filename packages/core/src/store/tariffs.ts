/**
 * Tariffs of a place (spec 2.1, 3.3, 4.1): a place with more than one tariff (countTax > 1) shows
 * its price 'от' the lowest, opens the choice 'Выберите тариф:' first, and the chosen tariff id
 * is sent as `tax` and stays with the held seat.
 */
import type { MapPlace } from './hall-store.js';
import type { HallPicks } from './picks.js';
import { MSG, toKopecks } from './spec.js';

export interface TariffOption {
  id: number;
  name: string;
  /** Kopecks. */
  price: number;
}

type TariffPlace = Pick<MapPlace, 'countTax' | 'taxes' | 'tariff' | 'price'>;

/** The place's tariffs from its `taxes` map, cheapest first. */
export function tariffOptions(p: Pick<MapPlace, 'taxes'>): TariffOption[] {
  return Object.entries(p.taxes)
    .map(([id, t]) => ({ id: Number(id), name: t.name, price: toKopecks(t.price) }))
    .filter((t) => Number.isInteger(t.id))
    .sort((a, b) => a.price - b.price || a.id - b.id);
}

export function hasTariffChoice(p: Pick<MapPlace, 'countTax'>): boolean {
  return p.countTax > 1;
}

/** The tariff sent with a select: the chosen one, else the default one of a place that has several. */
export function tariffToSend(p: TariffPlace, tax?: number): number | undefined {
  return tax ?? (hasTariffChoice(p) ? p.tariff : undefined);
}

/**
 * Why the place cannot be selected at `tax`, or null (8.2): a place with several tariffs and no
 * list of them, or a tariff that is not one of the place's.
 */
export function tariffProblem(p: TariffPlace, tax?: number): string | null {
  if (!hasTariffChoice(p) && tax === undefined) return null;
  const options = tariffOptions(p);
  if (options.length === 0) return MSG.tariffListNotFound;
  const wanted = tariffToSend(p, tax);
  return options.some((t) => t.id === wanted) ? null : MSG.tariffNotFound;
}

/** The tariff a held seat is held at: the one chosen here, else the map's (the server's) own. */
export function heldTariff(picks: Pick<HallPicks, 'tariffs'>, p: MapPlace): TariffOption | null {
  const id = picks.tariffs[p.id] ?? p.tariff;
  return tariffOptions(p).find((t) => t.id === id) ?? null;
}
