import { type PluralForms, plural } from '@partera/contract';
import type { ResultsKind } from './service.js';

/** What each results page counts. */
const FORMS: Record<ResultsKind, PluralForms> = {
  performance: ['событие', 'события', 'событий'],
  place: ['площадка', 'площадки', 'площадок'],
  person: ['персона', 'персоны', 'персон'],
  organizer: ['организатор', 'организатора', 'организаторов'],
};

/**
 * The filter tooltip's text (spec 2.6: every filter change shows the number of matches):
 * 'Найдено: 21 событие', 'Ничего не найдено' for none.
 */
export function countText(kind: ResultsKind, n: number): string {
  if (n === 0) return 'Ничего не найдено';
  return `Найдено: ${new Intl.NumberFormat('ru-RU').format(n)} ${plural(n, FORMS[kind])}`;
}
