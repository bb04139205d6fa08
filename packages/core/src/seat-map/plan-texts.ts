/**
 * The seat map's own words that its first mount shows (texts.ts has them all): the plan, the
 * zoom, the legend and the tools' buttons.
 */
export const PLAN_T = {
  loading: 'Загружаем схему зала…',
  planLabel: 'Схема зала. Выбрать места с клавиатуры или программой чтения экрана можно списком: кнопка «Списком».',
  zoomIn: 'Увеличить',
  zoomOut: 'Уменьшить',
  zoomGroup: 'Масштаб схемы',
  listToggle: 'Списком',
  legendLabel: 'Цены',
  sectionsTitle: 'Секторы',
  bestAvailable: 'Лучшие места',
};
