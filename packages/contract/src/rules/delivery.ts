/**
 * Courier delivery form checks (hall 5.4; site 5 per-order delivery). Two variants; checks
 * run in order and the first failure wins. Fields use neutral names: `surname` is what the
 * wire calls delivery[name], `firstname` is delivery[firstname].
 */
import { deliveryMessagesA, deliveryMessagesB } from '../errors.js';

export interface DeliveryForm {
  surname?: string | null;
  firstname?: string | null;
  patronymic?: string | null;
  /** Metro station id (a select: '' or 0 when none). */
  metro?: string | number | null;
  address?: string | null;
  phone?: string | null;
}

export type DeliveryField = keyof DeliveryForm;
export interface DeliveryError {
  field: DeliveryField;
  message: string;
}

const blank = (v: string | number | null | undefined) => v === null || v === undefined || String(v).trim() === '';

/**
 * Variant A: surname, first name, patronymic, metro, address, phone must be non-empty, in
 * that order ('Укажите Фамилию' … 'Укажите телефон'). null when the form passes.
 */
export function validateDeliveryA(form: DeliveryForm): DeliveryError | null {
  const order: DeliveryField[] = ['surname', 'firstname', 'patronymic', 'metro', 'address', 'phone'];
  for (const field of order) if (blank(form[field])) return { field, message: deliveryMessagesA[field] };
  return null;
}

/**
 * Variant B: first name, surname, patronymic non-empty; phone of at least 7 digits; metro
 * id ≥ 1; address non-empty, in that order. null when the form passes.
 */
export function validateDeliveryB(form: DeliveryForm): DeliveryError | null {
  const fail = (field: keyof typeof deliveryMessagesB): DeliveryError => ({ field, message: deliveryMessagesB[field] });
  if (blank(form.firstname)) return fail('firstname');
  if (blank(form.surname)) return fail('surname');
  if (blank(form.patronymic)) return fail('patronymic');
  if ((form.phone ?? '').replace(/\D/g, '').length < 7) return fail('phone');
  const metro = Number(form.metro ?? 0);
  if (!Number.isFinite(metro) || metro < 1) return fail('metro');
  if (blank(form.address)) return fail('address');
  return null;
}

/**
 * Which 5.4 variant checks a courier form at checkout (decision 0055). Both variants guard
 * the same fields in a different order with different words; the product splits them by buyer:
 * - 'A' (surname, first name, patronymic, metro, address, phone; each non-empty) for a guest's
 *   courier order, and for the cabinet's per-order delivery form (site 5 'first variant');
 * - 'B' (first name, surname, patronymic; phone of at least 7 digits; metro id ≥ 1; address)
 *   for a signed-in buyer's courier order, the session order's add-delivery call (hall 7.5).
 */
export type DeliveryVariant = 'A' | 'B';

/** The variant of the checkout's courier form: B for a signed-in buyer, A for a guest. */
export function checkoutDeliveryVariant(signedIn: boolean): DeliveryVariant {
  return signedIn ? 'B' : 'A';
}

/** The form checked by the given variant; the first failure, or null when it passes. */
export function validateDelivery(variant: DeliveryVariant, form: DeliveryForm): DeliveryError | null {
  return variant === 'B' ? validateDeliveryB(form) : validateDeliveryA(form);
}

/** Reads the wire's delivery[...] fields (delivery[name] is the surname). */
export function deliveryFormFromFields(fields: Record<string, unknown>): DeliveryForm {
  const text = (k: string) => (fields[k] === undefined || fields[k] === null ? '' : String(fields[k]));
  return {
    surname: text('delivery[name]'),
    firstname: text('delivery[firstname]'),
    patronymic: text('delivery[patronymic]'),
    metro: text('delivery[metro]'),
    address: text('delivery[address]'),
    phone: text('delivery[phone]'),
  };
}

/** The wire's delivery[...] fields of a delivery form. */
export function deliveryFieldsFromForm(form: DeliveryForm): Record<string, string> {
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v).trim());
  return {
    'delivery[name]': text(form.surname),
    'delivery[firstname]': text(form.firstname),
    'delivery[patronymic]': text(form.patronymic),
    'delivery[metro]': text(form.metro),
    'delivery[phone]': text(form.phone),
    'delivery[address]': text(form.address),
  };
}
