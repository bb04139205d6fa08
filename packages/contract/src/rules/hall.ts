/** Hall data validation (hall 5.3, 3.4, 3.6). */
import type { z } from 'zod';
import { basketModel } from '../entities/basket.js';
import { entranceSection, hallPageConfig } from '../entities/hall.js';

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: string[] };

function check<S extends z.ZodType>(schema: S, input: unknown): Checked<z.output<S>> {
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, value: r.data };
  return { ok: false, problems: r.error.issues.map((i) => i.path.join('.') || i.message) };
}

/** The hall map requires hallBasisId, svgUrl, performanceId and maxTicketCount. */
export function validateHallPageConfig(input: unknown) {
  return check(hallPageConfig, input);
}

/** placeId, giftsCount, sectionId and ticketsCount must be integers. */
export function validateBasketModel(input: unknown) {
  return check(basketModel, input);
}

/** An entrance section needs a name and integer freeTickets and price. */
export function validateEntranceSection(input: unknown) {
  return check(entranceSection, input);
}

/** Clicks and basket handlers work only if the hall allows reservation or payment. */
export function hallIsClickable(flags: { allowReserve?: boolean; allowPay?: boolean }): boolean {
  return Boolean(flags.allowReserve || flags.allowPay);
}
