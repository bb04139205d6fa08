/**
 * Interface words of the seat map that the spec does not give ("not shown": chosen here, see
 * the seat-map notes in the report). Spec texts come from the contract through store/spec.ts.
 */
export const T = {
  loading: 'Загружаем схему зала…',
  planLabel: 'Схема зала. Выбрать места с клавиатуры или программой чтения экрана можно списком: кнопка «Списком».',
  zoomIn: 'Увеличить',
  zoomOut: 'Уменьшить',
  zoomGroup: 'Масштаб схемы',
  listToggle: 'Списком',
  listTitle: 'Свободные места списком',
  legendLabel: 'Цены',
  legendAll: 'Все цены',
  close: 'Закрыть',
  row: 'Ряд',
  place: 'место',
  inBasketCount: (n: number) => `В корзине: ${n}`,
  ticketCount: 'Количество билетов',
  fewer: 'Меньше билетов',
  more: 'Больше билетов',
  total: 'Итого',
  entranceTicket: 'входной билет',
  freeLeft: (tickets: string) => `осталось ${tickets}`,
  seatPhoto: 'Вид с места',
  hideSeatPhoto: 'Скрыть фото',
  noPlaces: 'Свободных мест нет',
  places: (n: number) => `мест: ${n}`,
};
