import { plural } from '@partera/contract';

const POINT_FORMS = ['касса', 'кассы', 'касс'] as const;

/** The count line above the list of box offices ('Найдено: 21 касса'), on the server and the client. */
export function kassaCountText(n: number): string {
  return n === 0 ? 'Касс с такими условиями нет' : `Найдено: ${n} ${plural(n, POINT_FORMS)}`;
}
