/** Search rules (site 5 Search autocomplete, 2.2, 2.6). */
import {
  AUTOCOMPLETE_MIN_LENGTH,
  AUTOCOMPLETE_MIN_NUMERIC_LENGTH,
  FILTER_VALUE_SEPARATOR,
  SEARCH_RESULT_ROUTES,
} from '../constants.js';
import type { AutocompleteSource } from '../entities/browsing.js';

/** Autocomplete fires only when the text is longer than 2 characters, or is numeric with exactly 2. */
export function shouldAutocomplete(text: string): boolean {
  const t = text.trim();
  if (t.length >= AUTOCOMPLETE_MIN_LENGTH) return true;
  return t.length === AUTOCOMPLETE_MIN_NUMERIC_LENGTH && /^\d+$/.test(t);
}

/** Results route of an older autocomplete item's source. */
export function searchRouteForSource(source: AutocompleteSource): string {
  return SEARCH_RESULT_ROUTES[source];
}

/** Several values of one filter key are joined with ':'. */
export function joinFilterValues(values: ReadonlyArray<string | number>): string {
  return values.map(String).join(FILTER_VALUE_SEPARATOR);
}

export function splitFilterValues(value: string | null | undefined): string[] {
  return value ? value.split(FILTER_VALUE_SEPARATOR).filter((v) => v !== '') : [];
}

/** Up/down arrows move the selection and wrap around; -1 is nothing selected. */
export function moveSelection(current: number, delta: 1 | -1, count: number): number {
  if (count <= 0) return -1;
  if (current < 0) return delta > 0 ? 0 : count - 1;
  return (current + delta + count) % count;
}
