/**
 * The courier delivery form of the checkout (hall-basket-checkout.md 3.12, 5.4, 7.4, 7.5):
 * surname, first name, patronymic, the metro station from the city's list
 * (GET /shopcart/loadMetroList/), the phone typed into the Russian mask, and the address. The
 * checks are one of the contract's two 5.4 variants, as the server checks them (decision 0055):
 * variant A for a guest (surname, first name, patronymic, metro, address, phone non-empty),
 * variant B for a signed-in buyer (first name, surname, patronymic, a phone of 7 digits or more,
 * a metro id of 1 or more, address). The first failure wins, its message is shown and its field
 * marked red. The fields go to the add-delivery order as
 * delivery[...]. Framework-free: the courier component reads `state`.
 */
import {
  applyPhoneMask,
  type DeliveryError,
  type DeliveryField,
  type DeliveryVariant,
  deliveryFieldsFromForm,
  loadMetroList,
  type MetroStation,
  RU_PHONE_MASK,
  validateDelivery,
} from '@partera/contract';
import { proxy, ref } from 'valtio/vanilla';
import type { Http } from '../api/http.js';

/** GET /shopcart/loadMetroList/ → [{id, name}]: the stations of the basket's city (7.4, 3.12). */
export async function fetchMetroStations(http: Http): Promise<MetroStation[]> {
  return loadMetroList.response.parse(await http.get(loadMetroList.path));
}

export type CourierField = DeliveryField;
export type CourierFields = Record<CourierField, string>;

export const COURIER_FIELDS: readonly CourierField[] = [
  'surname',
  'firstname',
  'patronymic',
  'metro',
  'phone',
  'address',
];

export interface CourierState {
  fields: CourierFields;
  /** The city's stations: null until loaded; 'failed' when the list could not be read. */
  stations: MetroStation[] | null | 'failed';
  /** The first failing field of the last check (5.4), shown until the buyer mends it. */
  error: DeliveryError | null;
}

export interface CourierForm {
  state: CourierState;
  /** Loads the metro stations once (again after a failure). */
  loadStations(): Promise<void>;
  change(field: CourierField, value: string): void;
  /** Checks the form (5.4, the variant of the moment); null when it passes, else the first failure, which is shown. */
  validate(): DeliveryError | null;
  /** The delivery[...] fields of the add-delivery call. */
  wireFields(): Record<string, string>;
}

/** `variant`: the 5.4 variant that checks the form when the buyer presses pay (A when not given). */
export function createCourierForm(http: Http, variant: () => DeliveryVariant = () => 'A'): CourierForm {
  const state = proxy<CourierState>({
    fields: { surname: '', firstname: '', patronymic: '', metro: '', phone: '', address: '' },
    stations: null,
    error: null,
  });
  let loading: Promise<void> | null = null;

  /** A phone that stops before the mask is full reads as missing (5.5: ending with '_'). */
  const phoneOf = (masked: string) => (masked.replace(/\D/g, '').length === 11 ? masked : '');

  return {
    state,
    loadStations() {
      if (Array.isArray(state.stations)) return Promise.resolve();
      loading ??= fetchMetroStations(http).then(
        (list) => {
          state.stations = ref(list);
        },
        () => {
          state.stations = 'failed';
          loading = null;
        },
      );
      return loading;
    },
    change(field, value) {
      state.fields[field] = field === 'phone' ? applyPhoneMask(RU_PHONE_MASK, value) : value;
      if (state.error?.field === field) state.error = null;
    },
    validate() {
      const { fields } = state;
      state.error = validateDelivery(variant(), { ...fields, phone: phoneOf(fields.phone) });
      return state.error;
    },
    wireFields() {
      return deliveryFieldsFromForm(state.fields);
    },
  };
}
